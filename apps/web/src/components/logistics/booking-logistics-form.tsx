import type { BookingLogistics, InterpreterOption, TransportKind } from "@medlegal/domain";
import {
  formatRand,
  interpreterLanguageWarning,
  interpreterSpeaks,
  parseRandToCents,
  setBookingLogisticsSchema,
  TRANSPORT_KINDS,
  TRANSPORT_LABELS,
} from "@medlegal/domain";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useZodForm } from "@/hooks/use-zod-form";

/** What the form holds: everything as typed (amounts in rand, nights as text), named as the server's fields. */
interface LogisticsForm {
  transport: TransportKind;
  pickupPoint: string;
  pickupTime: string;
  transportCents: string;
  accommodationName: string;
  accommodationNights: string;
  accommodationCents: string;
  interpreterLanguage: string;
  interpreterName: string;
  interpreterContact: string;
  interpreterCents: string;
  /** An interpreter's account ("" for an external interpreter, whose name and contact are typed). */
  interpreterUserId: string;
  guardianName: string;
  guardianRelationship: string;
  guardianPhone: string;
  meals: string;
  mealsCents: string;
}
const AMOUNTS = ["transportCents", "accommodationCents", "interpreterCents", "mealsCents"] as const;

const randText = (cents: number | null) =>
  cents === null
    ? ""
    : formatRand(cents)
        .replace(/^R\s*/, "")
        .replace(/\u00a0/g, "");

function initialOf(saved: BookingLogistics | null, claimantLanguage: string | null): LogisticsForm {
  return {
    transport: saved?.transport ?? "none",
    pickupPoint: saved?.pickupPoint ?? "",
    pickupTime: saved?.pickupTime ?? "",
    transportCents: randText(saved?.transportCents ?? null),
    accommodationName: saved?.accommodationName ?? "",
    accommodationNights: saved?.accommodationNights ? String(saved.accommodationNights) : "",
    accommodationCents: randText(saved?.accommodationCents ?? null),
    // A claimant who needs an interpreter: their home language, until staff type another.
    interpreterLanguage: saved?.interpreterLanguage ?? claimantLanguage ?? "",
    interpreterName: saved?.interpreterName ?? "",
    interpreterContact: saved?.interpreterContact ?? "",
    interpreterCents: randText(saved?.interpreterCents ?? null),
    interpreterUserId: saved?.interpreterUserId ?? "",
    guardianName: saved?.guardianName ?? "",
    guardianRelationship: saved?.guardianRelationship ?? "",
    guardianPhone: saved?.guardianPhone ?? "",
    meals: saved?.meals ?? "",
    mealsCents: randText(saved?.mealsCents ?? null),
  };
}

const cents = (text: string) => {
  const value = parseRandToCents(text);
  return value === null || Number.isNaN(value) ? null : value;
};

/**
 * Staff arrange the claimant's day for one booking, checked by the server's own schema
 * (setBookingLogisticsSchema): the rules that tie fields together (a taxi needs its pickup, a
 * guardian their phone) say the same thing here as on the server.
 */
export function BookingLogisticsForm({
  bookingId,
  saved,
  billed,
  interpreters = [],
  neededLanguage,
  pending,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  bookingId: string;
  saved: BookingLogistics | null;
  /** Active interpreters with an account, for the picker (docs/decisions.md "Interpreters as users"). */
  interpreters?: readonly InterpreterOption[];
  /** The claimant's home language when they need an interpreter: prefilled on a new arrangement. */
  neededLanguage?: string | null;
  billed: readonly string[];
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (input: unknown) => void;
  onCancel: () => void;
}) {
  // Fields the chosen transport hides are sent empty, so a typed-then-hidden value is not refused.
  const toPayload = (f: LogisticsForm) => ({
    bookingId,
    ...f,
    pickupPoint: f.transport === "shuttle" || f.transport === "taxi" ? f.pickupPoint : "",
    pickupTime: f.transport === "shuttle" || f.transport === "taxi" ? f.pickupTime : "",
    transportCents: f.transport === "taxi" || f.transport === "reimbursement" ? cents(f.transportCents) : null,
    accommodationCents: cents(f.accommodationCents),
    interpreterCents: cents(f.interpreterCents),
    // An account's name and contact come from the account on the server.
    interpreterUserId: f.interpreterUserId || null,
    interpreterName: f.interpreterUserId ? "" : f.interpreterName,
    interpreterContact: f.interpreterUserId ? "" : f.interpreterContact,
    mealsCents: cents(f.mealsCents),
    accommodationNights: f.accommodationNights.trim() === "" ? null : Number(f.accommodationNights),
  });
  const { err, formRef, text, bind, form, patch, submit } = useZodForm<LogisticsForm>({
    initial: () => initialOf(saved, saved ? null : (neededLanguage ?? null)),
    schema: setBookingLogisticsSchema,
    toPayload,
    refine: (f, errors) => {
      const out = { ...errors };
      for (const name of AMOUNTS) {
        const hidden = name === "transportCents" && f.transport !== "taxi" && f.transport !== "reimbursement";
        if (!hidden && Number.isNaN(parseRandToCents(f[name]) ?? 0)) out[name] = "Enter an amount in rand, like 350.00";
      }
      return out;
    },
    idPrefix: "logistics",
    pending,
    serverErrors,
  });
  const picked = form.transport === "shuttle" || form.transport === "taxi";
  // The saved account stays choosable even if it was deactivated since (the server then refuses it, saying so).
  const accounts =
    saved?.interpreterUserId && !interpreters.some((i) => i.id === saved.interpreterUserId)
      ? [
          ...interpreters,
          {
            id: saved.interpreterUserId,
            name: saved.interpreterName ?? "Interpreter",
            contact: saved.interpreterContact ?? "",
            languages: [],
          },
        ]
      : interpreters;
  const account = accounts.find((i) => i.id === form.interpreterUserId);
  const mismatch = account ? interpreterSpeaks(account.languages, form.interpreterLanguage) === false : false;
  const paid = form.transport === "taxi" || form.transport === "reimbursement";
  const amountHint = (item: string) => (billed.includes(item) ? " (on the invoice)" : "");
  const amount = (name: (typeof AMOUNTS)[number], label: string, item: string) => (
    <Field label={`${label}, rand${amountHint(item)}`} htmlFor={`logistics-${name}`} error={err(name)}>
      <Input {...text(name)} inputMode="decimal" placeholder="0.00" disabled={pending || billed.includes(item)} />
    </Field>
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit((f) => onSubmit(toPayload(f)))}
      aria-label="Logistics of the claimant's day"
      className="grid gap-5"
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Transport</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="How the claimant travels" htmlFor="logistics-transport" error={err("transport")}>
            <NativeSelect
              {...bind("transport")}
              value={form.transport}
              onChange={(e) => patch({ transport: e.target.value as TransportKind })}
            >
              {TRANSPORT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {TRANSPORT_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {paid && amount("transportCents", form.transport === "taxi" ? "Taxi fare" : "Amount reimbursed", "transport")}
          {picked && (
            <>
              <Field label="Pickup point" htmlFor="logistics-pickupPoint" error={err("pickupPoint")} required>
                <Input {...text("pickupPoint")} maxLength={200} autoComplete="off" />
              </Field>
              <Field label="Pickup time" htmlFor="logistics-pickupTime" error={err("pickupTime")} required>
                <Input {...text("pickupTime")} type="time" />
              </Field>
            </>
          )}
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Interpreter</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Interpreter" htmlFor="logistics-interpreterUserId" error={err("interpreterUserId")}>
            <NativeSelect
              {...bind("interpreterUserId")}
              value={form.interpreterUserId}
              onChange={(e) => patch({ interpreterUserId: e.target.value })}
            >
              <option value="">An external interpreter</option>
              {accounts.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                  {i.languages.length ? ` (${i.languages.join(", ")})` : ""}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Language" htmlFor="logistics-interpreterLanguage" error={err("interpreterLanguage")}>
            <Input {...text("interpreterLanguage")} maxLength={60} />
          </Field>
          {mismatch && account && (
            <p role="status" className="text-sm font-medium text-amber-800 sm:col-span-2">
              {interpreterLanguageWarning(account.name, form.interpreterLanguage)} ({account.languages.join(", ")}). Check before saving.
            </p>
          )}
          {account ? (
            <p className="text-sm text-muted-foreground sm:col-span-2" id="logistics-interpreter-account">
              {account.name} sees this booking under My Interpreting{account.contact ? ` and is reached at ${account.contact}` : ""}.
            </p>
          ) : (
            <>
              <Field label="Interpreter's name" htmlFor="logistics-interpreterName" error={err("interpreterName")}>
                <Input {...text("interpreterName")} maxLength={120} autoComplete="off" />
              </Field>
              <Field label="Interpreter's phone or e-mail" htmlFor="logistics-interpreterContact" error={err("interpreterContact")}>
                <Input {...text("interpreterContact")} maxLength={200} autoComplete="off" />
              </Field>
            </>
          )}
          {amount("interpreterCents", "Interpreter's fee", "interpreter")}
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Guardian or escort</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Name" htmlFor="logistics-guardianName" error={err("guardianName")}>
            <Input {...text("guardianName")} maxLength={120} autoComplete="off" />
          </Field>
          <Field label="Relationship" htmlFor="logistics-guardianRelationship" error={err("guardianRelationship")}>
            <Input {...text("guardianRelationship")} maxLength={60} placeholder="Mother, aunt, carer" />
          </Field>
          <Field label="Phone" htmlFor="logistics-guardianPhone" error={err("guardianPhone")}>
            <Input {...text("guardianPhone")} type="tel" maxLength={30} autoComplete="off" />
          </Field>
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Accommodation and meals</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Guesthouse" htmlFor="logistics-accommodationName" error={err("accommodationName")}>
            <Input {...text("accommodationName")} maxLength={200} />
          </Field>
          <Field label="Nights" htmlFor="logistics-accommodationNights" error={err("accommodationNights")}>
            <Input {...text("accommodationNights")} inputMode="numeric" maxLength={2} />
          </Field>
          {amount("accommodationCents", "Accommodation cost", "accommodation")}
          <Field label="Meals" htmlFor="logistics-meals" error={err("meals")} className="sm:col-span-2">
            <Input {...text("meals")} maxLength={200} placeholder="Lunch, halaal" />
          </Field>
          {amount("mealsCents", "Meals cost", "meals")}
        </div>
      </fieldset>

      <p className="text-xs text-muted-foreground">Costs are billed to the attorney as disbursements once attendance is recorded.</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner decorative className="size-4 text-current" />}
          Save logistics
        </Button>
      </div>
    </form>
  );
}
