import { IntlMessageFormat } from "intl-messageformat";
import type { ReminderKind } from "@medlegal/domain";

/**
 * The reminder texts per language, as ICU messages (docs/decisions.md "Messages to claimants").
 * They name the booking's reference, time and venue, what to bring and the agency's phone, and
 * never the expert's field, the injury or the case: anyone holding the phone may read them.
 * English is the agency's; Afrikaans and isiZulu are drafts for the agency to have checked. Other
 * home languages get English.
 */
export const REMINDER_TEMPLATE_LANGUAGES = ["English", "Afrikaans", "isiZulu"] as const;
export type ReminderTemplateLanguage = (typeof REMINDER_TEMPLATE_LANGUAGES)[number];

const LOCALE: Record<ReminderTemplateLanguage, string> = { English: "en", Afrikaans: "af", isiZulu: "zu" };

const OPENING: Record<ReminderTemplateLanguage, Record<ReminderKind, string>> = {
  English: {
    confirmation: "Your MedLegal assessment {reference} is booked",
    two_days_before: "Reminder: your MedLegal assessment {reference} is in 2 days",
    morning_of: "Today: your MedLegal assessment {reference}",
  },
  Afrikaans: {
    confirmation: "U MedLegal-assessering {reference} is bespreek",
    two_days_before: "Herinnering: u MedLegal-assessering {reference} is oor 2 dae",
    morning_of: "Vandag: u MedLegal-assessering {reference}",
  },
  isiZulu: {
    confirmation: "Ukuhlolwa kwakho kwe-MedLegal {reference} kubhukhiwe",
    two_days_before: "Isikhumbuzo: ukuhlolwa kwakho kwe-MedLegal {reference} kusezinsukwini ezi-2",
    morning_of: "Namuhla: ukuhlolwa kwakho kwe-MedLegal {reference}",
  },
};

const BODY: Record<ReminderTemplateLanguage, string> = {
  English:
    ": {date} at {time}, {venue}. Map: {mapLink} Bring your ID document, your medical records, and spectacles or hearing aids if you use them. Questions: {agencyPhone}. Reply YES to confirm or NO if you cannot come.",
  Afrikaans:
    ": {date} om {time}, {venue}. Kaart: {mapLink} Bring u ID-dokument, u mediese rekords, en bril of gehoorapparate as u dit gebruik. Vrae: {agencyPhone}. Antwoord YES om te bevestig of NO as u nie kan kom nie.",
  isiZulu:
    ": {date} ngo-{time}, {venue}. Imephu: {mapLink} Letha incwadi kamazisi, amarekhodi akho ezokwelapha, nezibuko noma izinsiza zokuzwa uma uzisebenzisa. Imibuzo: {agencyPhone}. Phendula YES ukuqinisekisa noma NO uma ungeke ukwazi ukuza.",
};

export interface ReminderFacts {
  reference: string;
  /** "Wed 2 Dec 2026" and "09:30", South African time. */
  date: string;
  time: string;
  venue: string;
  agencyPhone: string;
}

const templateLanguage = (homeLanguage: string): ReminderTemplateLanguage =>
  (REMINDER_TEMPLATE_LANGUAGES as readonly string[]).includes(homeLanguage) ? (homeLanguage as ReminderTemplateLanguage) : "English";

const compiled = new Map<string, IntlMessageFormat>();

/** The reminder of `kind` in the claimant's home language (English when there is no template for it). */
export function reminderText(kind: ReminderKind, homeLanguage: string, facts: ReminderFacts): string {
  const language = templateLanguage(homeLanguage);
  const key = `${language}/${kind}`;
  let message = compiled.get(key);
  if (!message) {
    message = new IntlMessageFormat(OPENING[language][kind] + BODY[language], LOCALE[language]);
    compiled.set(key, message);
  }
  const mapLink = `https://maps.google.com/?q=${encodeURIComponent(facts.venue)}`;
  return String(message.format({ ...facts, mapLink, agencyPhone: facts.agencyPhone || "the agency" }));
}
