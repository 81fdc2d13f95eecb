import type { CaseItem, Priority, QueryInput } from "@medlegal/domain";
import { PRIORITIES, PRIORITY_LABEL, queryInputSchema } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { cn } from "@/lib/utils";
import { FormFooter } from "../forms/form-footer";
import type { SpecializationOption } from "../forms/role-fields";
import { Field, FieldError, REQUIRED_MARK } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

interface QueryFormState {
  caseId: string;
  subject: string;
  instructions: string;
  specializationIds: string[];
  priority: Priority;
}

/** An attorney's instruction: for which case, what is needed, which experts, how urgent. */
export function QueryForm({
  cases,
  specializations,
  initialCaseId = "",
  pending = false,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  cases: readonly Pick<CaseItem, "id" | "reference" | "patientName" | "status">[];
  specializations: readonly SpecializationOption[];
  initialCaseId?: string;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: QueryInput) => void;
  onCancel?: () => void;
}) {
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<QueryFormState>({
    initial: () => ({ caseId: initialCaseId, subject: "", instructions: "", specializationIds: [], priority: "normal" }),
    schema: queryInputSchema,
    idPrefix: "query",
    pending,
    serverErrors,
  });
  const toggle = (id: string, on: boolean) => {
    patch({ specializationIds: on ? [...form.specializationIds, id] : form.specializationIds.filter((s) => s !== id) });
    touch("specializationIds");
  };

  return (
    <form ref={formRef} onSubmit={submit(() => onSubmit(form))} noValidate className="grid gap-4" aria-label="New query">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field label="Case" htmlFor="query-caseId" error={err("caseId")} required>
          <NativeSelect
            {...bind("caseId")}
            value={form.caseId}
            onChange={(e) => {
              patch({ caseId: e.target.value });
              touch("caseId");
            }}
          >
            <option value="" disabled>
              {cases.length === 0 ? "Open a case first" : "Select a case…"}
            </option>
            {cases.map((c) => (
              <option key={c.id} value={c.id}>
                {c.reference} · {c.patientName}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Priority" htmlFor="query-priority" error={err("priority")} required>
          <NativeSelect {...bind("priority")} value={form.priority} onChange={(e) => patch({ priority: e.target.value as Priority })}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABEL[p]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field label="Subject" htmlFor="query-subject" error={err("subject")} required>
        <Input {...text("subject")} maxLength={200} placeholder="For example: Orthopaedic and OT assessments after a collision" />
      </Field>
      <Field label="Instructions" htmlFor="query-instructions" error={err("instructions")} required>
        <Textarea
          {...text("instructions")}
          rows={5}
          maxLength={5000}
          placeholder="The injuries, what the experts should assess, deadlines (court dates), anything the agency should know."
        />
      </Field>
      <fieldset className="grid gap-2" aria-describedby={err("specializationIds") ? "query-specializationIds-error" : undefined}>
        <legend className={cn("mb-1.5 text-sm leading-none font-medium", REQUIRED_MARK)}>Experts needed</legend>
        <p className="-mt-1 text-xs text-muted-foreground">
          {form.specializationIds.length === 0
            ? "Choose every specialization you need a report from."
            : `${form.specializationIds.length} selected`}
        </p>
        <div className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
          {specializations.map((s) => {
            const checked = form.specializationIds.includes(s.id);
            return (
              <label
                key={s.id}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  checked && "bg-accent text-accent-foreground",
                )}
              >
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-primary)]"
                  checked={checked}
                  disabled={pending}
                  onChange={(e) => toggle(s.id, e.target.checked)}
                />
                {s.name}
              </label>
            );
          })}
        </div>
        {err("specializationIds") && <FieldError id="query-specializationIds-error">{err("specializationIds")}</FieldError>}
      </fieldset>
      <FormFooter pending={pending} submitLabel="Submit query" onSecondary={onCancel} />
    </form>
  );
}
