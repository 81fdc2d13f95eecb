import type { UnbilledItem } from "@medlegal/domain";
import { describe, expect, it } from "vitest";
import { buildExpertDraft, defaultPeriod } from "./expert-draft";

const WORK: UnbilledItem[] = [
  {
    eventKey: "report:r1:approved",
    kind: "report",
    description: "Medico-legal report: RPT-2026-00005",
    occurredAt: "2026-11-20T08:00:00Z",
    claimantName: "Ayesha Govender",
    reference: "RPT-2026-00005",
    unitPriceCents: 1_450_000,
  },
  {
    eventKey: "booking:b1:attended",
    kind: "assessment",
    description: "Assessment",
    occurredAt: "2026-11-10T08:00:00Z",
    claimantName: "Thabo Mahlangu",
    reference: "BK-1",
    unitPriceCents: null,
  },
];

describe("the expert invoice generator's draft", () => {
  it("sends the picked work at the adjusted prices and travel as kilometres at a rate", () => {
    const built = buildExpertDraft(
      null,
      WORK,
      { "report:r1:approved": { picked: true, price: "R 14 000.00" }, "booking:b1:attended": { picked: false, price: "" } },
      [{ key: 1, description: "Travel to the assessment (km)", quantity: "38", unitPrice: "R 4.52" }],
    );
    expect(built).toEqual({
      problem: null,
      payload: {
        consultantId: null,
        items: [{ eventKey: "report:r1:approved", description: "Medico-legal report: RPT-2026-00005", unitPriceCents: 1_400_000 }],
        extraLines: [{ kind: "travel", description: "Travel to the assessment (km)", quantity: 38, unitPriceCents: 452 }],
      },
    });
  });

  it("says what is wrong instead of sending: nothing picked, a price it cannot read, travel without kilometres", () => {
    expect(buildExpertDraft(null, WORK, {}, []).problem).toBe("Pick at least one piece of work or add a travel line.");
    expect(buildExpertDraft(null, WORK, { "booking:b1:attended": { picked: true, price: "" } }, []).problem).toBe(
      'Type the price of "Assessment" in rand, e.g. 1 234.57.',
    );
    expect(buildExpertDraft(null, WORK, {}, [{ key: 1, description: "Travel", quantity: "", unitPrice: "R 4.52" }]).problem).toBe(
      "Travel line 1: type the kilometres as a whole number.",
    );
  });

  it("opens on the last 90 days up to the South African today", () => {
    expect(defaultPeriod("2026-11-24")).toEqual({ from: "2026-08-26", to: "2026-11-24" });
  });
});
