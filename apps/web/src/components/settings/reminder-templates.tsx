import type { ReminderKind, ReminderTemplateLanguage, ReminderTemplates } from "@medlegal/domain";
import {
  REMINDER_KIND_LABELS,
  REMINDER_KINDS,
  REMINDER_TEMPLATE_LANGUAGES,
  REMINDER_TEMPLATE_MAX,
  reminderTemplateProblem,
} from "@medlegal/domain";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { LoadState } from "@/components/load-state";
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";

/** Sample facts for the preview: what a claimant's phone would show, without a real claimant. */
const SAMPLE: Record<string, string> = {
  reference: "BK-2026-00123",
  date: "Mon 7 Dec 2026",
  time: "09:30",
  venue: "Rosebank Medical Suites, 12 Cradock Ave, Johannesburg",
  mapLink: "https://maps.google.com/?q=Rosebank",
  agencyPhone: "+27 11 555 0100",
};
const preview = (template: string) => template.replace(/\{\s*(\w+)\s*\}/g, (whole, name: string) => SAMPLE[name] ?? whole);
const fieldId = (language: ReminderTemplateLanguage, kind: ReminderKind) => `reminder-${language}-${kind}`;
const serverFieldErrors = (error: unknown): Record<string, string> => {
  const fields = (error as { data?: { fieldErrors?: Record<string, string> } } | null)?.data?.fieldErrors;
  return fields && typeof fields === "object" ? fields : {};
};

/**
 * The texts of the reminders to claimants (issue 28), per language and kind, for administrators:
 * checked as they type (the domain's rules), previewed with sample facts and counted against three
 * text messages. Afrikaans and isiZulu ship as drafts until the agency marks them checked.
 */
export function ReminderTemplatesSettings() {
  const saved = trpc.settings.getReminderTemplates.useQuery();
  return (
    <LoadState query={saved} loadingLabel="Loading the reminder texts" loadingRows={4} errorTitle="Could not load the reminder texts">
      {saved.data && <ReminderTemplatesForm key={JSON.stringify(saved.data)} saved={saved.data} />}
    </LoadState>
  );
}

function ReminderTemplatesForm({ saved }: { saved: ReminderTemplates }) {
  const utils = trpc.useUtils();
  const [templates, setTemplates] = React.useState(saved.templates);
  const [reviewed, setReviewed] = React.useState<ReminderTemplateLanguage[]>(saved.reviewed);
  const [shown, setShown] = React.useState<Set<string>>(new Set());
  const formRef = React.useRef<HTMLFormElement>(null);
  const save = trpc.settings.updateReminderTemplates.useMutation({
    onSuccess: (value) => {
      utils.settings.getReminderTemplates.setData(undefined, value);
      toast({ title: "Reminder texts saved", description: "The next reminders use them." });
    },
    meta: { errorTitle: "Could not save the reminder texts" },
  });
  const fromServer = serverFieldErrors(save.error);
  const problem = (language: ReminderTemplateLanguage, kind: ReminderKind) =>
    (shown.has(fieldId(language, kind)) ? reminderTemplateProblem(templates[language][kind]) : null) ??
    fromServer[`templates.${language}.${kind}`] ??
    null;
  const edit = (language: ReminderTemplateLanguage, kind: ReminderKind, text: string) => {
    save.reset();
    setTemplates((t) => ({ ...t, [language]: { ...t[language], [kind]: text } }));
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const all = REMINDER_TEMPLATE_LANGUAGES.flatMap((l) => REMINDER_KINDS.map((k) => fieldId(l, k)));
    setShown(new Set(all));
    const bad = REMINDER_TEMPLATE_LANGUAGES.flatMap((l) =>
      REMINDER_KINDS.filter((k) => reminderTemplateProblem(templates[l][k])).map((k) => fieldId(l, k)),
    );
    if (bad.length) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${bad[0]}`)?.focus());
      return;
    }
    save.mutate({ templates, reviewed });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Reminder texts" className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        Name the booking with {"{reference}"}, {"{date}"}, {"{time}"} and {"{venue}"}; {"{mapLink}"} and {"{agencyPhone}"} may follow. Never
        the expert&apos;s field, the injury or the case: anyone holding the phone may read the text. Claimants whose home language has no
        text here get English.
      </p>
      {REMINDER_TEMPLATE_LANGUAGES.map((language) => {
        const checked = reviewed.includes(language);
        return (
          <fieldset key={language} className="grid gap-4 rounded-lg border p-4">
            <legend className="flex flex-wrap items-center gap-2 px-1 text-sm font-semibold">
              {language}
              <Badge variant={checked ? "secondary" : "accent"}>{checked ? "Checked by the agency" : "Draft: to be checked"}</Badge>
            </legend>
            {REMINDER_KINDS.map((kind) => {
              const id = fieldId(language, kind);
              const text = templates[language][kind];
              const error = problem(language, kind);
              return (
                <Field key={kind} label={REMINDER_KIND_LABELS[kind]} htmlFor={id} error={error}>
                  <Textarea
                    id={id}
                    rows={3}
                    value={text}
                    disabled={save.isPending}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`${error ? `${id}-error ` : ""}${id}-preview`}
                    onChange={(e) => edit(language, kind, e.target.value)}
                    onBlur={() => setShown((s) => new Set(s).add(id))}
                  />
                  <p id={`${id}-preview`} className="text-xs break-words text-muted-foreground">
                    <span className="tabular-nums">
                      {text.trim().length} / {REMINDER_TEMPLATE_MAX} characters.
                    </span>{" "}
                    Preview: {preview(text)}
                  </p>
                </Field>
              );
            })}
            {language !== "English" && (
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-primary"
                  checked={checked}
                  disabled={save.isPending}
                  onChange={(e) => setReviewed((r) => (e.target.checked ? [...r, language] : r.filter((l) => l !== language)))}
                />
                The agency has had the {language} texts checked by a speaker
              </label>
            )}
          </fieldset>
        );
      })}
      <FormFooter pending={save.isPending} submitLabel="Save reminder texts" />
    </form>
  );
}
