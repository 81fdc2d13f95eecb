import type { Breach, BreachCategory, BreachCertainty } from "@medlegal/domain";
import { BREACH_CATEGORIES, BREACH_CATEGORY_LABELS, breachInputSchema, can, fullName } from "@medlegal/domain";
import { skipToken } from "@tanstack/react-query";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { Button } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentUser } from "@/hooks/use-auth";
import { useZodForm } from "@/hooks/use-zod-form";
import { todayInSa } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { CheckboxList } from "@/components/ui/checkbox-list";

interface BreachForm {
  certainty: BreachCertainty | "";
  discoveredOn: string;
  occurredOn: string;
  description: string;
  categories: BreachCategory[];
  dataSubjectsCount: string;
  subjectsNotified: boolean;
  notifiedOn: string;
  notificationMethod: string;
  delayReasons: string;
  measuresTaken: string;
  reportedOn: string;
  regulatorReference: string;
  compromisedUserId: string;
  compromisedFrom: string;
  compromisedTo: string;
}

const fromBreach = (b: Breach): BreachForm => ({
  certainty: b.certainty,
  discoveredOn: b.discoveredOn,
  occurredOn: b.occurredOn ?? "",
  description: b.description,
  categories: b.categories,
  dataSubjectsCount: String(b.dataSubjectsCount),
  subjectsNotified: b.subjectsNotified,
  notifiedOn: b.notifiedOn ?? "",
  notificationMethod: b.notificationMethod ?? "",
  delayReasons: b.delayReasons ?? "",
  measuresTaken: b.measuresTaken,
  reportedOn: b.reportedOn ?? "",
  regulatorReference: b.regulatorReference ?? "",
  compromisedUserId: b.compromisedUserId ?? "",
  compromisedFrom: b.compromisedFrom ?? "",
  compromisedTo: b.compromisedTo ?? "",
});

const empty = (): BreachForm => ({
  certainty: "",
  discoveredOn: todayInSa(),
  occurredOn: "",
  description: "",
  categories: [],
  dataSubjectsCount: "",
  subjectsNotified: false,
  notifiedOn: "",
  notificationMethod: "",
  delayReasons: "",
  measuresTaken: "",
  reportedOn: "",
  regulatorReference: "",
  compromisedUserId: "",
  compromisedFrom: "",
  compromisedTo: "",
});

export type BreachPayload = ReturnType<typeof toPayload>;
const toPayload = (form: BreachForm) => ({
  ...form,
  certainty: form.certainty as BreachCertainty,
  dataSubjectsCount: form.dataSubjectsCount === "" ? undefined : Number(form.dataSubjectsCount),
});

/**
 * Records or edits a security compromise with the fields of the Regulator's eServices form. Naming
 * a compromised account and a period lists the claimants it read (from the access log), and their
 * number can become the number of data subjects.
 */
export function BreachDialog({
  open,
  breach,
  onClose,
  pending,
  serverErrors,
  onSubmit,
}: {
  open: boolean;
  /** Edits this one; none: a new record. */
  breach: Breach | null;
  onClose: () => void;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: BreachPayload) => void;
}) {
  const me = useCurrentUser().data;
  // Choosing an account needs the user list, which is user management (administrators).
  const mayListUsers = !!me && can(me.role, "users.manage");
  const users = trpc.users.list.useQuery({ limit: 100 }, { enabled: open && mayListUsers });
  const { form, patch, bind, err, formRef, text, submit, reset } = useZodForm<BreachForm>({
    initial: () => (breach ? fromBreach(breach) : empty()),
    schema: breachInputSchema,
    toPayload,
    idPrefix: "breach",
    pending,
    serverErrors,
  });
  React.useEffect(() => {
    if (open) reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form each time it opens
  }, [open, breach?.id]);
  const period = form.compromisedUserId && form.compromisedFrom && form.compromisedTo && form.compromisedTo >= form.compromisedFrom;
  const affected = trpc.privacy.breachAffected.useQuery(
    period ? { userId: form.compromisedUserId, from: form.compromisedFrom, to: form.compromisedTo } : skipToken,
  );
  const toggle = (category: BreachCategory, on: boolean) =>
    patch({ categories: on ? [...form.categories, category] : form.categories.filter((c) => c !== category) });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={pending}
      title={breach ? `Edit ${breach.reference}` : "Record a security compromise"}
      description="The fields of the Information Regulator's eServices form: record it as soon as it is suspected, and complete it as you learn more."
      className="max-w-3xl"
    >
      <form
        ref={formRef}
        noValidate
        className="grid gap-4"
        aria-label="Security compromise"
        onSubmit={submit((values) => onSubmit(toPayload(values)))}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Confirmed or suspected" htmlFor="breach-certainty" error={err("certainty")} required>
            <NativeSelect
              {...bind("certainty")}
              value={form.certainty}
              onChange={(e) => patch({ certainty: e.target.value as BreachForm["certainty"] })}
            >
              <option value="">Choose</option>
              <option value="confirmed">Confirmed</option>
              <option value="suspected">Suspected</option>
            </NativeSelect>
          </Field>
          <Field label="Date of discovery" htmlFor="breach-discoveredOn" error={err("discoveredOn")} required>
            <Input type="date" {...text("discoveredOn")} />
          </Field>
          <Field label="Date of occurrence (if known)" htmlFor="breach-occurredOn" error={err("occurredOn")}>
            <Input type="date" {...text("occurredOn")} />
          </Field>
        </div>
        <Field label="How it happened" htmlFor="breach-description" error={err("description")} required>
          <Textarea {...text("description")} rows={3} />
        </Field>
        <fieldset className="grid gap-2" aria-describedby={err("categories") ? "breach-categories-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">Categories of personal information</legend>
          <CheckboxList
            options={BREACH_CATEGORIES}
            labelOf={(category) => BREACH_CATEGORY_LABELS[category]}
            value={form.categories}
            onToggle={toggle}
            disabled={pending}
            className="sm:grid-cols-2"
          />
          {err("categories") && <FieldError id="breach-categories-error">{err("categories")}</FieldError>}
        </fieldset>

        <fieldset className="grid gap-3 rounded-lg border p-3">
          <legend className="px-1 text-sm font-medium">A compromised account (optional)</legend>
          {mayListUsers ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Account" htmlFor="breach-compromisedUserId" error={err("compromisedUserId")}>
                <NativeSelect
                  {...bind("compromisedUserId")}
                  value={form.compromisedUserId}
                  onChange={(e) => patch({ compromisedUserId: e.target.value })}
                >
                  <option value="">None</option>
                  {(users.data?.items ?? []).map((u) => (
                    <option key={u.id} value={u.id}>
                      {fullName(u)} ({u.username})
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="From" htmlFor="breach-compromisedFrom" error={err("compromisedFrom")}>
                <Input type="date" {...text("compromisedFrom")} />
              </Field>
              <Field label="To" htmlFor="breach-compromisedTo" error={err("compromisedTo")}>
                <Input type="date" {...text("compromisedTo")} />
              </Field>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              An administrator names the compromised account, since choosing one is user management.
            </p>
          )}
          {period && (
            <div className="text-sm" aria-live="polite">
              {affected.isLoading ? (
                <p className="text-muted-foreground">Reading the access log…</p>
              ) : affected.data ? (
                <div className="grid gap-2">
                  <p>
                    The account read <strong>{affected.data.length}</strong> claimant{affected.data.length === 1 ? "" : "s"} in that period
                    {affected.data.length ? `: ${affected.data.map((a) => a.name).join(", ")}.` : "."}
                  </p>
                  <div>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => patch({ dataSubjectsCount: String(affected.data.length) })}
                    >
                      Use {affected.data.length} as the number of data subjects
                    </Button>
                  </div>
                </div>
              ) : null}
            </div>
          )}
        </fieldset>

        <Field
          label="Number of data subjects"
          htmlFor="breach-dataSubjectsCount"
          error={err("dataSubjectsCount")}
          required
          className="sm:max-w-56"
        >
          <Input type="number" min={0} inputMode="numeric" {...text("dataSubjectsCount")} />
        </Field>

        <fieldset className="grid gap-3 rounded-lg border p-3">
          <legend className="px-1 text-sm font-medium">Notification of the data subjects</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              id="breach-subjectsNotified"
              type="checkbox"
              className="size-4 accent-primary"
              checked={form.subjectsNotified}
              disabled={pending}
              onChange={(e) => patch({ subjectsNotified: e.target.checked })}
            />
            The data subjects were notified
          </label>
          {form.subjectsNotified && (
            <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
              <Field label="Date notified" htmlFor="breach-notifiedOn" error={err("notifiedOn")} required>
                <Input type="date" {...text("notifiedOn")} />
              </Field>
              <Field label="How they were notified" htmlFor="breach-notificationMethod" error={err("notificationMethod")} required>
                <Input {...text("notificationMethod")} />
              </Field>
            </div>
          )}
          <Field label="Reasons for any delay (optional)" htmlFor="breach-delayReasons" error={err("delayReasons")}>
            <Textarea {...text("delayReasons")} rows={2} />
          </Field>
        </fieldset>

        <Field label="Measures taken" htmlFor="breach-measuresTaken" error={err("measuresTaken")} required>
          <Textarea {...text("measuresTaken")} rows={3} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Date reported to the Regulator (optional)" htmlFor="breach-reportedOn" error={err("reportedOn")}>
            <Input type="date" {...text("reportedOn")} />
          </Field>
          <Field label="The Regulator's reference (optional)" htmlFor="breach-regulatorReference" error={err("regulatorReference")}>
            <Input {...text("regulatorReference")} autoComplete="off" />
          </Field>
        </div>
        <FormFooter pending={pending} submitLabel={breach ? "Save changes" : "Record compromise"} onSecondary={onClose} />
      </form>
    </FormDialog>
  );
}
