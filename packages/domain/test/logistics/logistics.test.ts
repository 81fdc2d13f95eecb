import { describe, expect, it } from "vitest";
import { LOGISTICS_MESSAGES, setBookingLogisticsSchema } from "../../src";

const BOOKING = "6f1c2f7e-8a4b-4c1d-9e2f-3a4b5c6d7e8f";
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = setBookingLogisticsSchema.safeParse({ bookingId: BOOKING, ...input });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("a booking's logistics", () => {
  it("takes a claimant who comes on their own with nothing else, empty fields meaning none", () => {
    const parsed = setBookingLogisticsSchema.parse({
      bookingId: BOOKING,
      transport: "none",
      pickupPoint: "",
      guardianPhone: "",
      meals: "",
    });
    expect(parsed).toMatchObject({
      transport: "none",
      pickupPoint: null,
      pickupTime: null,
      transportCents: null,
      guardianPhone: null,
      meals: null,
    });
  });

  it("needs a taxi's or the shuttle's pickup point and time, and reimbursed travel its amount", () => {
    expect(errorsOf({ transport: "taxi" })).toEqual({ pickupPoint: LOGISTICS_MESSAGES.pickup, pickupTime: LOGISTICS_MESSAGES.pickupTime });
    expect(errorsOf({ transport: "shuttle", pickupPoint: "Bree Street taxi rank", pickupTime: "6:30" })).toEqual({
      pickupTime: "Times are HH:MM",
    });
    expect(errorsOf({ transport: "reimbursement" })).toEqual({ transportCents: LOGISTICS_MESSAGES.reimbursement });
    expect(errorsOf({ transport: "none", transportCents: 5000 })).toEqual({ transportCents: LOGISTICS_MESSAGES.noTransportCost });
    expect(errorsOf({ transport: "taxi", pickupPoint: "Engen, R40", pickupTime: "04:30", transportCents: 180_000 })).toEqual({});
  });

  it("ties an interpreter to a language and a name, a guardian to a name, relationship and phone, a stay to its nights", () => {
    expect(errorsOf({ transport: "none", interpreterName: "Mpho Ledwaba" })).toEqual({
      interpreterLanguage: LOGISTICS_MESSAGES.interpreterLanguage,
    });
    expect(errorsOf({ transport: "none", interpreterLanguage: "Sepedi" })).toEqual({ interpreterName: LOGISTICS_MESSAGES.interpreterName });
    expect(errorsOf({ transport: "none", guardianName: "Lerato Maake" })).toEqual({
      guardianRelationship: LOGISTICS_MESSAGES.guardianRelationship,
      guardianPhone: LOGISTICS_MESSAGES.guardianPhone,
    });
    expect(errorsOf({ transport: "none", guardianName: "Lerato", guardianRelationship: "Mother", guardianPhone: "not a phone" })).toEqual({
      guardianPhone: "Please enter a valid phone number",
    });
    expect(errorsOf({ transport: "none", accommodationName: "Mopani Guesthouse" })).toEqual({
      accommodationNights: LOGISTICS_MESSAGES.nights,
    });
    expect(errorsOf({ transport: "none", mealsCents: 9500 })).toEqual({ meals: LOGISTICS_MESSAGES.mealsWhat });
  });

  it("refuses negative, fractional or excessive costs", () => {
    expect(errorsOf({ transport: "reimbursement", transportCents: -1 })).toEqual({
      transportCents: "The transport cost cannot be negative",
    });
    expect(errorsOf({ transport: "none", interpreterLanguage: "isiZulu", interpreterName: "S. Zulu", interpreterCents: 10.5 })).toEqual({
      interpreterCents: "The interpreter's fee is a whole number of cents",
    });
    expect(errorsOf({ transport: "none", meals: "Lunch", mealsCents: 10_000_001 })).toEqual({
      mealsCents: "The meals' cost can be at most R 100 000.00",
    });
  });
});
