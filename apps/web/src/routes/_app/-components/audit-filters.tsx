import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FilterField } from "@/components/ui/filter-bar";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { trpc } from "@/lib/trpc";
import { AUDIT_USERS_INPUT } from "./audit-queries";

/** The filters the audit trail's two tabs share: who, and a date range (South African days). */

export function ExportCsvLink({ href }: { href: string }) {
  return (
    <Button variant="outline" asChild>
      <a href={href} download>
        <Download aria-hidden />
        Export CSV
      </a>
    </Button>
  );
}

/** Filter values as a query string for an export link (empty ones left out). */
export const exportQuery = (filters: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1]))).toString();

export function UserFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | undefined;
  onChange: (userId: string | undefined) => void;
}) {
  const users = trpc.users.list.useQuery(AUDIT_USERS_INPUT);
  return (
    <FilterField label="User" htmlFor={id} className="col-span-2 lg:col-span-1">
      <NativeSelect id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">Everyone</option>
        {(users.data?.items ?? []).map((u) => (
          <option key={u.id} value={u.id}>
            {u.firstName} {u.lastName} ({u.username})
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

export function DateRangeFilters({
  idPrefix,
  from,
  to,
  onChange,
}: {
  idPrefix: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (changes: { from?: string | undefined; to?: string | undefined }) => void;
}) {
  return (
    <>
      <FilterField label="From" htmlFor={`${idPrefix}-from`}>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          value={from ?? ""}
          max={to}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </FilterField>
      <FilterField label="To" htmlFor={`${idPrefix}-to`}>
        <Input
          id={`${idPrefix}-to`}
          type="date"
          value={to ?? ""}
          min={from}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </FilterField>
    </>
  );
}
