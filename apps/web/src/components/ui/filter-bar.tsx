import { FilterX } from "lucide-react";
import * as React from "react";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { Button } from "./button";
import { Label } from "./label";
import { NativeSelect } from "./native-select";
import { SearchInput } from "./search-input";

/** The card of filters above a list; its grid is the caller's (`className`). */
export function FilterBar({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <section aria-label="Filters" className={cn("mb-4 grid gap-3 rounded-lg border bg-card p-3", className)}>
      {children}
    </section>
  );
}

/** One labelled control of a filter bar. */
export function FilterField({
  label,
  htmlFor,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** The "Search" box of a filter bar. */
export function SearchField({
  id,
  value,
  onChange,
  placeholder,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  return (
    <FilterField label="Search" htmlFor={id} className={className}>
      <SearchInput id={id} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </FilterField>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A select of options headed by "all" (the empty value); `labels` names plain string options. */
export function OptionSelect<T extends string>({
  id,
  value,
  onChange,
  allLabel,
  options,
  labels,
  disabled,
}: {
  id: string;
  value: T | "";
  onChange: (value: T | "") => void;
  allLabel: string;
  options: readonly (T | Option)[];
  labels?: Record<T, string>;
  disabled?: boolean;
}) {
  return (
    <NativeSelect id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T | "")}>
      <option value="">{allLabel}</option>
      {options.map((o) => {
        const option = typeof o === "string" ? { value: o, label: labels?.[o] ?? o } : o;
        return (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        );
      })}
    </NativeSelect>
  );
}

/** A labelled OptionSelect in a filter bar. */
export function SelectFilter<T extends string>({
  label,
  className,
  ...select
}: React.ComponentProps<typeof OptionSelect<T>> & { label: string; className?: string }) {
  return (
    <FilterField label={label} htmlFor={select.id} className={className}>
      <OptionSelect {...select} />
    </FilterField>
  );
}

/**
 * "Sort by": a list's orders, the first its default. The default reads as no sort (`undefined`), so
 * it stays out of the URL and a plain URL stays plain.
 */
export function SortFilter<S extends string>({
  id,
  sorts,
  labels,
  value,
  onChange,
}: {
  id: string;
  sorts: readonly [S, ...S[]];
  labels: Record<S, string>;
  value: S | undefined;
  onChange: (sort: S | undefined) => void;
}) {
  const fallback = sorts[0];
  return (
    <FilterField label="Sort by" htmlFor={id}>
      <NativeSelect
        id={id}
        value={value ?? fallback}
        onChange={(e) => {
          const sort = e.target.value as S;
          onChange(sort === fallback ? undefined : sort);
        }}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {labels[sort]}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

/** "Clear filters", ghost-styled, for the end of a filter bar. */
export function ClearFiltersButton({
  onClick,
  disabled,
  className,
  icon: Icon = FilterX,
  size,
}: {
  onClick: () => void;
  disabled?: boolean;
  className?: string;
  icon?: typeof FilterX;
  size?: "sm";
}) {
  return (
    <Button variant="ghost" size={size} className={className} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden />
      Clear filters
    </Button>
  );
}

/** The active specializations as filter options. */
export function useSpecializationOptions(enabled = true): Option[] {
  const specializations = trpc.specializations.listActive.useQuery(undefined, { enabled });
  return React.useMemo(() => (specializations.data ?? []).map((s) => ({ value: s.id, label: s.name })), [specializations.data]);
}

/**
 * A specialization and an expert of it, as two filters: choosing a specialization narrows the
 * experts and clears the chosen one. With `inUrl`, the two live in the caller's URL instead of here.
 */
export function useSpecializationExpertFilter(
  enabled = true,
  inUrl?: { specializationId: string; consultantId: string; onChange: (next: { specializationId: string; consultantId: string }) => void },
) {
  const [ownSpecialization, setOwnSpecialization] = React.useState("");
  const [ownConsultant, setOwnConsultant] = React.useState("");
  const specializationId = inUrl ? inUrl.specializationId : ownSpecialization;
  const consultantId = inUrl ? inUrl.consultantId : ownConsultant;
  const specializations = useSpecializationOptions(enabled);
  const consultants = trpc.consultants.list.useQuery(specializationId ? { specializationId } : {}, { enabled });
  const experts = React.useMemo(() => (consultants.data ?? []).map((c) => ({ value: c.id, label: c.name })), [consultants.data]);
  const setSpecializationId = (id: string) => {
    if (inUrl) return inUrl.onChange({ specializationId: id, consultantId: "" });
    setOwnSpecialization(id);
    setOwnConsultant("");
  };
  const setConsultantId = (id: string) => (inUrl ? inUrl.onChange({ specializationId, consultantId: id }) : setOwnConsultant(id));
  const clear = () => setSpecializationId("");
  return { specializationId, setSpecializationId, consultantId, setConsultantId, specializations, experts, clear };
}

/** The two filters of `useSpecializationExpertFilter`, ids `${idPrefix}-specialization` and `${idPrefix}-consultant`. */
export function SpecializationExpertFilters({
  idPrefix,
  filter,
}: {
  idPrefix: string;
  filter: ReturnType<typeof useSpecializationExpertFilter>;
}) {
  return (
    <>
      <SelectFilter
        label="Specialization"
        id={`${idPrefix}-specialization`}
        value={filter.specializationId}
        onChange={filter.setSpecializationId}
        allLabel="All specializations"
        options={filter.specializations}
      />
      <SelectFilter
        label="Expert"
        id={`${idPrefix}-consultant`}
        value={filter.consultantId}
        onChange={filter.setConsultantId}
        allLabel="All experts"
        options={filter.experts}
      />
    </>
  );
}
