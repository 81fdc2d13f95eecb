import { describe, expect, it } from "vitest";
import {
  bookingInputSchema,
  calendarDate,
  caseInputSchema,
  id,
  INPUT_MESSAGES,
  instant,
  isStorableText,
  pageCursor,
  patientInputSchema,
  queryListInputSchema,
  rawInputProblem,
  required,
  userListInputSchema,
} from "../../src";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("storable text", () => {
  it("refuses NUL characters and lone surrogates, keeps real emoji and accents", () => {
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("\uD800")).toBe(false);
    expect(isStorableText("x\uDC00y")).toBe(false);
    expect(isStorableText("\uDC00\uD800")).toBe(false);
    expect(isStorableText("Zoë 😀 naïve")).toBe(true);
  });

  it("is enforced by the shared field builders with a sentence", () => {
    expect(firstMessage(required("Subject").safeParse("ab\u0000cd"))).toBe(INPUT_MESSAGES.badText);
    const claimant = patientInputSchema.safeParse({
      firstName: "Thandi",
      lastName: "\uD83D",
      passportNumber: "A123",
      birthDate: "1990-01-01",
      gender: "female",
      homeLanguage: "English",
    });
    expect(claimant.success).toBe(false);
    expect(claimant.error?.issues.map((i) => i.message)).toContain(INPUT_MESSAGES.badText);
  });

  it("finds bad text anywhere in raw input, keys included, and junk nested too deeply", () => {
    expect(rawInputProblem({ a: [{ b: "ok" }, { c: "x\u0000" }] })).toEqual({ path: "a.1.c", message: INPUT_MESSAGES.badText });
    expect(rawInputProblem({ ["k\uD800"]: 1 })?.message).toBe(INPUT_MESSAGES.badText);
    let deep: unknown = "leaf";
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(rawInputProblem(deep)?.message).toBe(INPUT_MESSAGES.tooDeep);
    expect(rawInputProblem({ name: "Zoë 😀", n: 3, list: [1, 2] })).toBeNull();
  });
});

describe("ids, dates and instants", () => {
  it("takes only uuids as ids", () => {
    expect(id().safeParse("3f1b8e9c-5c3a-4f7e-9a55-2f4d1c9e8b10").success).toBe(true);
    expect(firstMessage(id().safeParse("1 OR 1=1"))).toBe(INPUT_MESSAGES.invalidId);
    expect(id().safeParse(42).success).toBe(false);
  });

  it("takes only calendar dates that exist, in sane years", () => {
    expect(calendarDate().safeParse("2028-02-29").success).toBe(true);
    expect(firstMessage(calendarDate("From date").safeParse("2026-02-30"))).toBe("From date is not a real date");
    expect(calendarDate().safeParse("2026-13-01").success).toBe(false);
    expect(calendarDate().safeParse("0000-01-01").success).toBe(false);
    expect(calendarDate().safeParse("9999-12-31").success).toBe(false);
    expect(calendarDate().safeParse("2026-1-1").success).toBe(false);
    expect(
      caseInputSchema.safeParse({ patientId: "3f1b8e9c-5c3a-4f7e-9a55-2f4d1c9e8b10", claimType: "raf", incidentDate: "2025-04-31" })
        .success,
    ).toBe(false);
  });

  it("takes only instants with an offset that exist, in sane years", () => {
    expect(instant().safeParse("2026-03-02T08:00:00+02:00").success).toBe(true);
    expect(instant().safeParse("2026-02-30T08:00:00Z").success).toBe(false);
    expect(instant().safeParse("+275760-09-13T00:00:00Z").success).toBe(false);
    expect(instant().safeParse("9999-01-01T00:00:00Z").success).toBe(false);
    const booking = bookingInputSchema.safeParse({
      queryId: "3f1b8e9c-5c3a-4f7e-9a55-2f4d1c9e8b10",
      consultantId: "3f1b8e9c-5c3a-4f7e-9a55-2f4d1c9e8b10",
      startsAt: "tomorrow",
    });
    expect(firstMessage(booking)).toBe("Choose a time slot");
  });
});

describe("lists", () => {
  it("take no input at all, and bound page sizes", () => {
    expect(queryListInputSchema.parse(undefined)).toEqual({ sort: "newest", limit: 25 });
    expect(userListInputSchema.safeParse({ limit: 10_000 }).success).toBe(false);
    expect(userListInputSchema.safeParse({ limit: -1 }).success).toBe(false);
    expect(userListInputSchema.safeParse({ limit: 2.5 }).success).toBe(false);
  });

  it("refuse page links that are not what the server hands out", () => {
    expect(pageCursor.safeParse("WyIyMDI2LTAxLTAxIl0").success).toBe(true);
    expect(firstMessage(pageCursor.safeParse("'; drop table users; --"))).toBe(INPUT_MESSAGES.pageLink);
    expect(pageCursor.safeParse("A".repeat(501)).success).toBe(false);
  });
});
