/**
 * South African identity numbers: YYMMDD SSSS C A Z. Digits 1-6 are the birth date, 7-10 the
 * gender sequence (0000-4999 female, 5000-9999 male), 11 citizenship (0 citizen, 1 permanent
 * resident), 12 formerly race and now 8 or 9, 13 a Luhn check digit.
 */
export interface SaIdInfo {
  birthDate: string;
  gender: "male" | "female";
  citizen: boolean;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The facts an ID number encodes, or null when it is not a valid number. */
export function parseSaId(id: string, today: Date = new Date()): SaIdInfo | null {
  if (!/^\d{13}$/.test(id) || !luhnValid(id)) return null;
  const yy = Number(id.slice(0, 2));
  const mm = id.slice(2, 4);
  const dd = id.slice(4, 6);
  // A two-digit year is taken in the latest century that does not put the birth in the future,
  // to the day: "26" later this year is 1926, not a birth still to come (ISO dates compare as text).
  const century = `${2000 + yy}-${mm}-${dd}` > today.toISOString().slice(0, 10) ? 1900 : 2000;
  const birthDate = `${century + yy}-${mm}-${dd}`;
  const date = new Date(`${birthDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== birthDate) return null;
  const citizenship = id[10];
  if (citizenship !== "0" && citizenship !== "1") return null;
  return { birthDate, gender: Number(id.slice(6, 10)) >= 5000 ? "male" : "female", citizen: citizenship === "0" };
}

export const SA_ID_MESSAGES = {
  invalid: "Please enter a valid 13-digit South African ID number",
  birthDateMismatch: "The birth date does not match the ID number",
  genderMismatch: "The gender does not match the ID number",
  idOrPassport: "Enter an ID number or a passport number",
} as const;

/** The Luhn check digit that completes 12 digits into a valid ID number (demo data and tests). */
export function saIdCheckDigit(first12: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${first12}${d}`)) return String(d);
  throw new Error("unreachable: one of ten digits always completes a Luhn number");
}

/** A valid ID number for a birth date (YYYY-MM-DD) and gender; `sequence` keeps numbers apart. */
export function makeSaId(birthDate: string, gender: "male" | "female", sequence = 0): string {
  const yymmdd = birthDate.slice(2, 4) + birthDate.slice(5, 7) + birthDate.slice(8, 10);
  const serial = String((gender === "male" ? 5000 : 0) + (sequence % 5000)).padStart(4, "0");
  const first12 = `${yymmdd}${serial}08`;
  return first12 + saIdCheckDigit(first12);
}
