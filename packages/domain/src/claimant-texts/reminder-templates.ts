import { z } from "zod";
import type { ReminderKind } from "./claimant-texts";
import { REMINDER_KINDS } from "./claimant-texts";

/**
 * The texts of the reminders to claimants, per language and kind, as ICU messages that
 * administrators edit in settings (issue 28; docs/decisions.md "Messages to claimants"). They may
 * name the booking's reference, time and venue, what to bring and the agency's phone, and never the
 * expert's field, the injury or the case: anyone holding the phone may read them. English is the
 * agency's; Afrikaans and isiZulu ship as drafts until the agency marks them checked. Other home
 * languages get English.
 */
export const REMINDER_TEMPLATE_LANGUAGES = ["English", "Afrikaans", "isiZulu"] as const;
export type ReminderTemplateLanguage = (typeof REMINDER_TEMPLATE_LANGUAGES)[number];
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  confirmation: "On confirmation",
  two_days_before: "Two working days before",
  morning_of: "At 07:00 on the day",
};

/** What a template may say, as {name}; the first four must be said. */
export const REMINDER_TEMPLATE_VARIABLES = ["reference", "date", "time", "venue", "mapLink", "agencyPhone"] as const;
const REQUIRED_VARIABLES = ["reference", "date", "time", "venue"] as const;
/** Three SMS parts of 153 characters, before the variables are filled in. */
export const REMINDER_TEMPLATE_MAX = 459;

const body = {
  English:
    ": {date} at {time}, {venue}. Map: {mapLink} Bring your ID document, your medical records, and spectacles or hearing aids if you use them. Questions: {agencyPhone}. Reply YES to confirm or NO if you cannot come.",
  Afrikaans:
    ": {date} om {time}, {venue}. Kaart: {mapLink} Bring u ID-dokument, u mediese rekords, en bril of gehoorapparate as u dit gebruik. Vrae: {agencyPhone}. Antwoord YES om te bevestig of NO as u nie kan kom nie.",
  isiZulu:
    ": {date} ngo-{time}, {venue}. Imephu: {mapLink} Letha incwadi kamazisi, amarekhodi akho ezokwelapha, nezibuko noma izinsiza zokuzwa uma uzisebenzisa. Imibuzo: {agencyPhone}. Phendula YES ukuqinisekisa noma NO uma ungeke ukwazi ukuza.",
} satisfies Record<ReminderTemplateLanguage, string>;

export const DEFAULT_REMINDER_TEMPLATES: Record<ReminderTemplateLanguage, Record<ReminderKind, string>> = {
  English: {
    confirmation: `Your MedLegal assessment {reference} is booked${body.English}`,
    two_days_before: `Reminder: your MedLegal assessment {reference} is in 2 days${body.English}`,
    morning_of: `Today: your MedLegal assessment {reference}${body.English}`,
  },
  Afrikaans: {
    confirmation: `U MedLegal-assessering {reference} is bespreek${body.Afrikaans}`,
    two_days_before: `Herinnering: u MedLegal-assessering {reference} is oor 2 dae${body.Afrikaans}`,
    morning_of: `Vandag: u MedLegal-assessering {reference}${body.Afrikaans}`,
  },
  isiZulu: {
    confirmation: `Ukuhlolwa kwakho kwe-MedLegal {reference} kubhukhiwe${body.isiZulu}`,
    two_days_before: `Isikhumbuzo: ukuhlolwa kwakho kwe-MedLegal {reference} kusezinsukwini ezi-2${body.isiZulu}`,
    morning_of: `Namuhla: ukuhlolwa kwakho kwe-MedLegal {reference}${body.isiZulu}`,
  },
};

/** The {names} a template uses (simple ICU arguments). */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]!))];
}

/** What is wrong with one template, in words, or null. */
export function reminderTemplateProblem(template: string): string | null {
  const text = template.trim();
  if (!text) return "Write the text of this reminder";
  if (text.length > REMINDER_TEMPLATE_MAX) return `A reminder is at most ${REMINDER_TEMPLATE_MAX} characters (three text messages)`;
  const used = templateVariables(text);
  const unknown = used.filter((v) => !(REMINDER_TEMPLATE_VARIABLES as readonly string[]).includes(v));
  if (unknown.length) return `Use only ${REMINDER_TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(", ")}: {${unknown[0]}} is not known`;
  const missing = REQUIRED_VARIABLES.filter((v) => !used.includes(v));
  if (missing.length) return `Say ${missing.map((v) => `{${v}}`).join(", ")}: the claimant needs them`;
  return null;
}

const templateText = z
  .string({ error: "Write the text of this reminder" })
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    const problem = reminderTemplateProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const reminderTemplatesSchema = z.object({
  templates: z.object(
    Object.fromEntries(
      REMINDER_TEMPLATE_LANGUAGES.map((l) => [
        l,
        z.object(Object.fromEntries(REMINDER_KINDS.map((k) => [k, templateText])) as Record<ReminderKind, typeof templateText>),
      ]),
    ) as Record<ReminderTemplateLanguage, z.ZodObject<Record<ReminderKind, typeof templateText>>>,
  ),
  /** Languages the agency has had checked; the others show as drafts. */
  reviewed: z.array(z.enum(REMINDER_TEMPLATE_LANGUAGES, { error: "Choose a language from the list" })).transform((l) => [...new Set(l)]),
});
export type ReminderTemplates = z.output<typeof reminderTemplatesSchema>;
export type ReminderTemplatesInput = z.input<typeof reminderTemplatesSchema>;
export const DEFAULT_REMINDER_TEMPLATE_SETTINGS: ReminderTemplates = { templates: DEFAULT_REMINDER_TEMPLATES, reviewed: ["English"] };
