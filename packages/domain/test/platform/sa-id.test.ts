import { describe, expect, it } from "vitest";
import { luhnValid, makeSaId, parseSaId, patientInputSchema, saIdCheckDigit, SA_ID_MESSAGES } from "../../src";

// A published example number: born 1980-01-01, sequence 5009 (male), citizen, check digit 7
// (worked by hand: 7+7+0+9+0+0+5+2+0+2+0+0+8 = 40).
const KNOWN = "8001015009087";
const TODAY = new Date("2026-11-23T10:00:00Z");

/** 12 digits completed with their check digit (the digit itself is tested against KNOWN above). */
const complete = (first12: string) => first12 + saIdCheckDigit(first12);

describe("the Luhn check digit", () => {
  it("accepts the known number and refuses every single-digit change to it", () => {
    expect(luhnValid(KNOWN)).toBe(true);
    for (let position = 0; position < KNOWN.length; position++) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === KNOWN[position]) continue;
        const changed = KNOWN.slice(0, position) + digit + KNOWN.slice(position + 1);
        expect(parseSaId(changed, TODAY), changed).toBeNull();
      }
    }
  });

  it("completes the known number's first 12 digits with its own check digit", () => {
    expect(saIdCheckDigit(KNOWN.slice(0, 12))).toBe("7");
    expect(luhnValid(makeSaId("1980-01-01", "male", 9))).toBe(true);
  });
});

describe("reading an SA ID number", () => {
  it("reads the birth date, gender and citizenship of a valid number", () => {
    expect(parseSaId(KNOWN, TODAY)).toEqual({ birthDate: "1980-01-01", gender: "male", citizen: true });
    expect(parseSaId(complete("800101000918"), TODAY)).toEqual({ birthDate: "1980-01-01", gender: "female", citizen: false });
  });

  it("splits gender at 5000: 0000-4999 female, 5000-9999 male", () => {
    expect(parseSaId(complete("900505499908"), TODAY)?.gender).toBe("female");
    expect(parseSaId(complete("900505500008"), TODAY)?.gender).toBe("male");
    expect(parseSaId(complete("900505000008"), TODAY)?.gender).toBe("female");
    expect(parseSaId(complete("900505999908"), TODAY)?.gender).toBe("male");
  });

  it("refuses a citizenship digit other than 0 or 1", () => {
    expect(parseSaId(complete("800101500928"), TODAY)).toBeNull();
  });

  it.each([
    ["not 13 digits", "800101500908"],
    ["14 digits", `${KNOWN}0`],
    ["letters", "80010150090A7"],
    ["spaces", "800101 5009087"],
  ])("refuses a number with %s", (_, id) => {
    expect(parseSaId(id, TODAY)).toBeNull();
  });

  it.each([
    ["30 February", "800230"],
    ["month 13", "801301"],
    ["month 00", "800001"],
    ["day 00", "800100"],
    ["31 April", "800431"],
    ["29 February in a common year", "010229"],
  ])("refuses an impossible birth date: %s", (_, yymmdd) => {
    expect(parseSaId(complete(`${yymmdd}500908`), TODAY)).toBeNull();
  });

  it("accepts 29 February in a leap year, 2000 included", () => {
    expect(parseSaId(complete("000229500908"), TODAY)?.birthDate).toBe("2000-02-29");
    expect(parseSaId(complete("840229500908"), TODAY)?.birthDate).toBe("1984-02-29");
  });

  it("takes the two-digit year in the latest century that does not put the birth in the future", () => {
    expect(parseSaId(complete("050101500908"), TODAY)?.birthDate).toBe("2005-01-01");
    expect(parseSaId(complete("270101500908"), TODAY)?.birthDate).toBe("1927-01-01");
    // This year: born earlier this year is 2026, later this year can only be 1926.
    expect(parseSaId(complete("261122500908"), TODAY)?.birthDate).toBe("2026-11-22");
    expect(parseSaId(complete("261231500908"), TODAY)?.birthDate).toBe("1926-12-31");
  });
});

describe("a claimant's ID number, birth date and gender must agree", () => {
  const claimant = (overrides: Record<string, unknown>) => ({
    firstName: "Nandi",
    lastName: "Mthembu",
    idNumber: makeSaId("1992-04-17", "female", 12),
    birthDate: "1992-04-17",
    gender: "female",
    homeLanguage: "isiZulu",
    ...overrides,
  });
  const messages = (overrides: Record<string, unknown>) => {
    const result = patientInputSchema.safeParse(claimant(overrides));
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("accepts a matching claimant, and 'other' gender with any number", () => {
    expect(messages({})).toEqual([]);
    expect(messages({ gender: "other" })).toEqual([]);
  });

  it("names the field that disagrees with the number", () => {
    expect(messages({ birthDate: "1992-04-18" })).toEqual([`birthDate: ${SA_ID_MESSAGES.birthDateMismatch}`]);
    expect(messages({ gender: "male" })).toEqual([`gender: ${SA_ID_MESSAGES.genderMismatch}`]);
    expect(messages({ idNumber: KNOWN.slice(0, 12) + "8" })).toEqual([`idNumber: ${SA_ID_MESSAGES.invalid}`]);
    expect(messages({ idNumber: "", passportNumber: "" })).toEqual([`idNumber: ${SA_ID_MESSAGES.idOrPassport}`]);
  });
});
