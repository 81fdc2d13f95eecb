import type { ClaimantMessageChannel } from "@medlegal/domain";
import { CLAIMANT_MESSAGE_CHANNEL_LABEL, CLAIMANT_MESSAGE_CHANNELS } from "@medlegal/domain";
import { Field } from "../ui/field";
import { NativeSelect } from "../ui/native-select";

/** The claimant's consent to booking reminders by text and its channel (docs/decisions.md "Messages to claimants"); "" is none. */
export function MessageChannelField({
  value,
  pending,
  error,
  onChange,
}: {
  value: ClaimantMessageChannel | "";
  pending: boolean;
  error?: string;
  onChange: (channel: ClaimantMessageChannel | "") => void;
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
          <option value="">No messages (no consent)</option>
          {CLAIMANT_MESSAGE_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CLAIMANT_MESSAGE_CHANNEL_LABEL[channel]} to the phone above
            </option>
          ))}
        </NativeSelect>
      </Field>
      <p id="patient-messageChannel-hint" className="self-end pb-1 text-xs text-muted-foreground sm:pb-2.5">
        Only with the claimant's consent. Reminders name the booking, time and venue, never the injury or the expert's field.
      </p>
    </>
  );
}
