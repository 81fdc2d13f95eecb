import type { ClaimantMessageChannel } from "@medlegal/domain";
import { CLAIMANT_MESSAGE_CHANNEL_LABEL, CLAIMANT_MESSAGE_CHANNELS } from "@medlegal/domain";
import { formatDateOfMoment } from "@/lib/format";
import { Field } from "../ui/field";
import { NativeSelect } from "../ui/native-select";

/**
 * The claimant's consent to booking reminders by text and its channel (docs/decisions.md "Messages
 * to claimants"); "" is none. After the claimant's STOP it says so, and a channel counts only with
 * the tick that the claimant asked again (docs/product-rules.md "Texts to claimants").
 */
export function MessageChannelField({
  value,
  stoppedAt,
  renewed,
  pending,
  error,
  onChange,
  onRenewedChange,
}: {
  value: ClaimantMessageChannel | "";
  stoppedAt: string | null;
  renewed: boolean;
  pending: boolean;
  error?: string;
  onChange: (channel: ClaimantMessageChannel | "") => void;
  onRenewedChange: (renewed: boolean) => void;
}) {
  return (
    <>
      <Field label="Booking reminders by text" htmlFor="patient-messageChannel" error={error}>
        <NativeSelect
          id="patient-messageChannel"
          value={value}
          disabled={pending}
          aria-describedby="patient-messageChannel-hint"
          onChange={(e) => onChange(e.target.value as ClaimantMessageChannel | "")}
        >
          <option value="">{stoppedAt ? "No messages (the claimant replied STOP)" : "No messages (no consent)"}</option>
          {CLAIMANT_MESSAGE_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CLAIMANT_MESSAGE_CHANNEL_LABEL[channel]} to the phone above
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid content-end gap-2 self-end pb-1 sm:pb-2.5">
        {stoppedAt && (
          <p className="text-xs font-medium text-destructive" data-testid="texts-stopped">
            Texts stopped on {formatDateOfMoment(stoppedAt)}: the claimant replied STOP.
          </p>
        )}
        {stoppedAt && value !== "" && (
          <div className="flex items-start gap-2">
            <input
              id="patient-messageConsentRenewed"
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
              checked={renewed}
              disabled={pending}
              onChange={(e) => onRenewedChange(e.target.checked)}
            />
            <label htmlFor="patient-messageConsentRenewed" className="text-sm font-medium">
              The claimant asked for texts again
            </label>
          </div>
        )}
        <p id="patient-messageChannel-hint" className="text-xs text-muted-foreground">
          Only with the claimant's consent. Reminders name the booking, time and venue, never the injury or the expert's field.
        </p>
      </div>
    </>
  );
}
