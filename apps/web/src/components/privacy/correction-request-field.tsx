import { OPEN_SUBJECT_REQUEST_STATUSES } from "@medlegal/domain";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";

/**
 * Above the claimant's edit form, for those who handle privacy requests: the open correction
 * request (POPIA section 24) this edit carries out, whose reference then goes into the audit row.
 * Shows nothing when the claimant has no open correction request.
 */
export function CorrectionRequestField({
  patientId,
  value,
  onChange,
}: {
  patientId: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const requests = trpc.privacy.requests.useQuery({ patientId });
  const open = (requests.data ?? []).filter((r) => r.kind === "correction" && OPEN_SUBJECT_REQUEST_STATUSES.includes(r.status));
  if (open.length === 0) return null;
  return (
    <Field label="Carries out a correction request (optional)" htmlFor="patient-correction-request" className="mb-4">
      <NativeSelect
        id="patient-correction-request"
        aria-describedby="patient-correction-request-hint"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">No request: an ordinary edit</option>
        {open.map((r) => (
          <option key={r.id} value={r.id}>
            {r.reference}, received {formatDay(r.receivedOn)}
          </option>
        ))}
      </NativeSelect>
      <p id="patient-correction-request-hint" className="text-xs text-muted-foreground">
        The request's reference is written into the audit trail with the changed fields.
      </p>
    </Field>
  );
}
