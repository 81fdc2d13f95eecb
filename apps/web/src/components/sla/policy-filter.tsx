import type { SlaPolicy } from "@medlegal/domain";
import { SLA_POLICIES, SLA_POLICY_LABELS } from "@medlegal/domain";
import { FilterField } from "@/components/ui/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";

/** The "Policy" filter of the SLA screens: every policy, or one. */
export function PolicyFilter({ id, value, onChange }: { id: string; value: SlaPolicy | ""; onChange: (policy: SlaPolicy | "") => void }) {
  return (
    <FilterField label="Policy" htmlFor={id}>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as SlaPolicy | "")}>
        <option value="">All policies</option>
        {SLA_POLICIES.map((p) => (
          <option key={p} value={p}>
            {SLA_POLICY_LABELS[p]}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}
