import { describe, expect, it } from "vitest";
import type { AssignmentStatus } from "../../src";
import { specializationExperts } from "../../src";

const NEURO = "00000000-0000-4000-8000-000000000001";
const OT = "00000000-0000-4000-8000-000000000002";
const assignment = (specializationId: string, consultantName: string, status: AssignmentStatus) => ({
  specializationId,
  consultantId: `id-${consultantName}`,
  consultantName,
  status,
});

describe("specializationExperts: whom a booking on each requested specialization may name", () => {
  it("offers only the expert who accepted, never the one merely proposed for another specialization", () => {
    const experts = specializationExperts({
      specializationIds: [NEURO, OT],
      assignments: [assignment(NEURO, "Kavitha Naidoo", "accepted"), assignment(OT, "Megan Smith", "proposed")],
    });
    expect(experts).toEqual([
      { specializationId: NEURO, accepted: { consultantId: "id-Kavitha Naidoo", consultantName: "Kavitha Naidoo" }, proposedName: null },
      { specializationId: OT, accepted: null, proposedName: "Megan Smith" },
    ]);
  });

  it("waits with no name when nobody is proposed, and ignores declined and withdrawn experts", () => {
    const experts = specializationExperts({
      specializationIds: [NEURO],
      assignments: [assignment(NEURO, "Declined Doctor", "declined"), assignment(NEURO, "Withdrawn Doctor", "withdrawn")],
    });
    expect(experts).toEqual([{ specializationId: NEURO, accepted: null, proposedName: null }]);
  });

  it("prefers the accepted expert when a proposal for the same specialization is still open", () => {
    const [neuro] = specializationExperts({
      specializationIds: [NEURO],
      assignments: [assignment(NEURO, "New Proposal", "proposed"), assignment(NEURO, "Kavitha Naidoo", "accepted")],
    });
    expect(neuro?.accepted?.consultantName).toBe("Kavitha Naidoo");
    expect(neuro?.proposedName).toBeNull();
  });

  it("lists a requested specialization with no assignment at all as waiting", () => {
    expect(specializationExperts({ specializationIds: [OT], assignments: [] })).toEqual([
      { specializationId: OT, accepted: null, proposedName: null },
    ]);
  });
});
