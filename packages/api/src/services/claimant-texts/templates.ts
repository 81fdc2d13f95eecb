import { IntlMessageFormat } from "intl-messageformat";
import type { ReminderKind, ReminderTemplateLanguage, ReminderTemplates } from "@medlegal/domain";
import { DEFAULT_REMINDER_TEMPLATE_SETTINGS, REMINDER_TEMPLATE_LANGUAGES, reminderTemplatesSchema } from "@medlegal/domain";
import { AppError } from "../../errors";
import { assertCan } from "../platform/access";
import type { Db, Deps } from "../platform/deps";
import { readSetting, writeSetting } from "../settings/settings";

/**
 * The reminder texts per language (docs/decisions.md "Messages to claimants"): ICU messages from the
 * settings document "reminder_templates" (the domain's defaults until an administrator edits them),
 * rendered with intl-messageformat. Other home languages get English.
 */
const SETTING = "reminder_templates";
const LOCALE: Record<ReminderTemplateLanguage, string> = { English: "en", Afrikaans: "af", isiZulu: "zu" };

export interface ReminderFacts {
  reference: string;
  /** "Wed 2 Dec 2026" and "09:30", South African time. */
  date: string;
  time: string;
  venue: string;
  agencyPhone: string;
  /** The link the text gives: a map of the venue unless given (a video assessment's join link). */
  mapLink?: string;
}

const templateLanguage = (homeLanguage: string): ReminderTemplateLanguage =>
  (REMINDER_TEMPLATE_LANGUAGES as readonly string[]).includes(homeLanguage) ? (homeLanguage as ReminderTemplateLanguage) : "English";

const compiled = new Map<string, IntlMessageFormat>();
function compile(template: string, language: ReminderTemplateLanguage): IntlMessageFormat {
  const key = `${language}\u0000${template}`;
  let message = compiled.get(key);
  if (!message) {
    message = new IntlMessageFormat(template, LOCALE[language]);
    compiled.set(key, message);
  }
  return message;
}

/** The reminder of `kind` in the claimant's home language (English when there is no template for it). */
export function reminderText(
  kind: ReminderKind,
  homeLanguage: string,
  facts: ReminderFacts,
  templates: ReminderTemplates["templates"] = DEFAULT_REMINDER_TEMPLATE_SETTINGS.templates,
): string {
  const language = templateLanguage(homeLanguage);
  const mapLink = facts.mapLink ?? `https://maps.google.com/?q=${encodeURIComponent(facts.venue)}`;
  return String(compile(templates[language][kind], language).format({ ...facts, mapLink, agencyPhone: facts.agencyPhone || "the agency" }));
}

/** The templates in force (a stored document missing a language keeps that language's defaults). */
export async function reminderTemplates(db: Db): Promise<ReminderTemplates> {
  const stored = await readSetting(db, SETTING, DEFAULT_REMINDER_TEMPLATE_SETTINGS);
  return { ...stored, templates: { ...DEFAULT_REMINDER_TEMPLATE_SETTINGS.templates, ...stored.templates } };
}

export async function getReminderTemplates({ db, actor }: Deps): Promise<ReminderTemplates> {
  assertCan(actor.user, "settings.agency");
  return reminderTemplates(db);
}

/**
 * Administrators edit the texts (audited); each must be a valid ICU message as well as pass the
 * domain's checks, or it is refused on its own field and nothing changes.
 */
export async function updateReminderTemplates(deps: Deps, value: ReminderTemplates): Promise<ReminderTemplates> {
  assertCan(deps.actor.user, "settings.agency");
  const fields: Record<string, string> = {};
  for (const language of REMINDER_TEMPLATE_LANGUAGES) {
    for (const [kind, template] of Object.entries(value.templates[language])) {
      try {
        compile(template, language).format({
          reference: "BK-2026-00001",
          date: "Mon 7 Dec 2026",
          time: "09:00",
          venue: "Rooms",
          mapLink: "",
          agencyPhone: "",
        });
      } catch {
        fields[`templates.${language}.${kind}`] =
          "This text has a brace that does not close or an unknown {…} form: write {name} around each name";
      }
    }
  }
  if (Object.keys(fields).length) throw new AppError("INVALID", Object.values(fields)[0]!, fields);
  return writeSetting(deps, SETTING, DEFAULT_REMINDER_TEMPLATE_SETTINGS, reminderTemplatesSchema.parse(value));
}
