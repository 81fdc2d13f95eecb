import Holidays from "date-holidays";
import { describe, expect, it } from "vitest";
import { DECLARED_PUBLIC_HOLIDAYS, easterSunday, isPublicHoliday, southAfricanPublicHolidays } from "../../src";

/**
 * Election days declared public holidays under section 2A that date-holidays lacks (it knows none
 * before 2024): the local government elections of 5 December 2000 and 1 March 2006, and the later
 * ones of DECLARED_PUBLIC_HOLIDAYS (docs/decisions.md, "SLA timers").
 */
const DECLARED_DAYS_DATE_HOLIDAYS_LACKS = [
  "2000-12-05",
  "2006-03-01",
  "2004-04-14",
  "2009-04-22",
  "2011-05-18",
  "2014-05-07",
  "2016-08-03",
  "2019-05-08",
  "2021-11-01",
];

/**
 * Days date-holidays lists as public holidays that the Act does not make: one-off declarations
 * under section 2A of the Act. Our function takes such days as an argument instead, so they are
 * left out of the comparison here and checked against DECLARED_PUBLIC_HOLIDAYS below.
 */
const DECLARED_DAYS_DATE_HOLIDAYS_KNOWS = new Set([
  "2023-12-15", // declared for the Rugby World Cup victory
  "2024-05-29", // national and provincial elections
]);

const reference = new Holidays("ZA");
const referenceDates = (year: number) =>
  new Set(
    reference
      .getHolidays(year)
      .filter((h) => h.type === "public")
      .map((h) => h.date.slice(0, 10)),
  );
const ourDates = (year: number) => new Set(southAfricanPublicHolidays(year).map((h) => h.date));

describe("South African public holidays (Public Holidays Act 36 of 1994)", () => {
  it("gives the same public holiday dates as date-holidays for every year from 2000 to 2100", () => {
    for (let year = 2000; year <= 2100; year++) {
      const expected = [...referenceDates(year)].filter((d) => !DECLARED_DAYS_DATE_HOLIDAYS_KNOWS.has(d)).sort();
      expect([...ourDates(year)].sort(), `year ${year}`).toEqual(expected);
    }
    // A century of date-holidays' rule engine takes seconds on a busy machine.
  }, 60_000);

  it("includes every declared day date-holidays knows once the declared list is passed in", () => {
    for (const date of DECLARED_DAYS_DATE_HOLIDAYS_KNOWS) {
      expect(isPublicHoliday(date)).toBe(false);
      expect(isPublicHoliday(date, DECLARED_PUBLIC_HOLIDAYS)).toBe(true);
    }
    for (const year of [2023, 2024]) {
      const withDeclared = new Set(southAfricanPublicHolidays(year, DECLARED_PUBLIC_HOLIDAYS).map((h) => h.date));
      expect(withDeclared).toEqual(referenceDates(year));
    }
  });

  it("keeps the election days date-holidays lacks in the declared list, as holidays only when declared", () => {
    for (const date of DECLARED_DAYS_DATE_HOLIDAYS_LACKS) {
      expect(referenceDates(Number(date.slice(0, 4))).has(date), date).toBe(false);
      expect(isPublicHoliday(date), date).toBe(false);
      expect(isPublicHoliday(date, DECLARED_PUBLIC_HOLIDAYS), date).toBe(true);
    }
  });

  it("names the 2026 holidays, with the Monday after a Sunday holiday as its own day", () => {
    expect(southAfricanPublicHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "New Year's Day" },
      { date: "2026-03-21", name: "Human Rights Day" },
      { date: "2026-04-03", name: "Good Friday" },
      { date: "2026-04-06", name: "Family Day" },
      { date: "2026-04-27", name: "Freedom Day" },
      { date: "2026-05-01", name: "Workers' Day" },
      { date: "2026-06-16", name: "Youth Day" },
      { date: "2026-08-09", name: "National Women's Day" },
      { date: "2026-08-10", name: "National Women's Day (observed)" },
      { date: "2026-09-24", name: "Heritage Day" },
      { date: "2026-12-16", name: "Day of Reconciliation" },
      { date: "2026-12-25", name: "Christmas Day" },
      { date: "2026-12-26", name: "Day of Goodwill" },
    ]);
  });

  it("computes Easter by the Gregorian computus, including its earliest and latest dates", () => {
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2008)).toBe("2008-03-23");
    expect(easterSunday(2285)).toBe("2285-03-22"); // earliest possible
    expect(easterSunday(2038)).toBe("2038-04-25"); // latest possible
    expect(easterSunday(2000)).toBe("2000-04-23");
  });

  it("adds no Tuesday when Christmas Day falls on a Sunday: the Monday is already the Day of Goodwill", () => {
    const dates = ourDates(2022);
    expect(dates.has("2022-12-25")).toBe(true);
    expect(dates.has("2022-12-26")).toBe(true);
    expect(dates.has("2022-12-27")).toBe(false);
    // The Tuesday off in 2011, 2016 and 2022 was declared each time under section 2A.
    expect(isPublicHoliday("2022-12-27", DECLARED_PUBLIC_HOLIDAYS)).toBe(true);
    // When the Day of Goodwill itself falls on a Sunday, the Monday after it is a holiday.
    expect(isPublicHoliday("2021-12-27")).toBe(true);
  });

  it("lists Good Friday and Human Rights Day both when they share a date, without an extra day", () => {
    const march2008 = southAfricanPublicHolidays(2008).filter((h) => h.date === "2008-03-21");
    expect(march2008.map((h) => h.name).sort()).toEqual(["Good Friday", "Human Rights Day"]);
    expect(isPublicHoliday("2008-05-02")).toBe(false);
    expect(isPublicHoliday("2008-05-02", DECLARED_PUBLIC_HOLIDAYS)).toBe(true);
  });

  it("moves a declared day that falls on a Sunday to the Monday, across a year boundary too", () => {
    // 2 January 2000 was declared and was a Sunday, so 3 January 2000 was a public holiday.
    expect(isPublicHoliday("2000-01-03")).toBe(false);
    expect(isPublicHoliday("2000-01-03", DECLARED_PUBLIC_HOLIDAYS)).toBe(true);
    expect(southAfricanPublicHolidays(2000, DECLARED_PUBLIC_HOLIDAYS).slice(0, 3)).toEqual([
      { date: "2000-01-01", name: "New Year's Day" },
      { date: "2000-01-02", name: "Millennium public holiday" },
      { date: "2000-01-03", name: "Millennium public holiday (observed)" },
    ]);
    // 31 December 2028 is a Sunday: a day declared for it makes Monday 1 January 2029, already New Year's Day.
    const extra = [{ date: "2028-12-31", name: "Declared day" }];
    expect(southAfricanPublicHolidays(2029, extra).filter((h) => h.date === "2029-01-01")).toEqual([
      { date: "2029-01-01", name: "New Year's Day" },
    ]);
    // 31 December 2034 is a Sunday and 1 January 2035 a Monday; 2 January is not moved onto.
    expect(isPublicHoliday("2035-01-02", [{ date: "2034-12-31", name: "Declared day" }])).toBe(false);
    // A declared Sunday on 30 December 2035 moves to Monday 31 December, still in 2035.
    expect(southAfricanPublicHolidays(2035, [{ date: "2035-12-30", name: "Declared day" }]).at(-1)).toEqual({
      date: "2035-12-31",
      name: "Declared day (observed)",
    });
  });

  it("takes declared days as an argument and leaves other years alone", () => {
    const election = [{ date: "2026-11-04", name: "Local government elections" }];
    expect(isPublicHoliday("2026-11-04")).toBe(false);
    expect(isPublicHoliday("2026-11-04", election)).toBe(true);
    expect(southAfricanPublicHolidays(2026, election)).toContainEqual(election[0]);
    expect(southAfricanPublicHolidays(2027, election)).toEqual(southAfricanPublicHolidays(2027));
  });

  it("refuses years before the Act's schedule and malformed dates with a clear sentence", () => {
    expect(() => southAfricanPublicHolidays(1994)).toThrow(/1995 to 9999, not 1994/);
    expect(() => southAfricanPublicHolidays(2026.5)).toThrow(RangeError);
    expect(() => isPublicHoliday("2026-02-30")).toThrow(/"2026-02-30" is not a YYYY-MM-DD date/);
    expect(() => isPublicHoliday("16/12/2026")).toThrow(RangeError);
    expect(() => isPublicHoliday("2026-12-16", [{ date: "tomorrow", name: "x" }])).toThrow(/"tomorrow" is not a YYYY-MM-DD date/);
    expect(() => southAfricanPublicHolidays(2026, [{ date: "tomorrow", name: "x" }])).toThrow(/"tomorrow" is not a YYYY-MM-DD date/);
  });

  it("returns a fresh list each time, so a caller cannot change the next caller's holidays", () => {
    const first = southAfricanPublicHolidays(2030);
    first.pop();
    expect(southAfricanPublicHolidays(2030)).toHaveLength(first.length + 1);
  });
});
