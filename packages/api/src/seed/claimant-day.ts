import type { Matter, MatterBrief } from "./matter";

/** Where the agency holds assessment days for claimants who travel far. */
const ASSESSMENT_CENTRE = "MedLegal assessment centre, 3 Oxford Road, Parktown";

/**
 * The claimant's day (issue 28, docs/decisions.md "The claimant's day: logistics"): three
 * disciplines one morning next week at the agency's assessment centre, a taxi from Bushbuckridge at
 * dawn, a Sepedi interpreter (the demo interpreter's account, who sees the day under My
 * Interpreting) and meals, arranged on the first booking and copied to the other two (the costs
 * stay on the first, billed once attendance is recorded).
 */
export function seedClaimantDay(matter: (brief: MatterBrief) => Matter, ago: (n: number, time: string) => Date): void {
  matter({
    attorney: "attorney",
    claimant: {
      firstName: "Thabo",
      lastName: "Mokoena",
      birthDate: "1985-02-17",
      gender: "male",
      homeLanguage: "Sepedi",
      interpreter: true,
      consentDaysAgo: 25,
    },
    claimType: "raf",
    incidentDate: "2025-06-28",
    rafClaimNumber: "RAF/2025/418806",
    subject: "Burns and a crushed hand after a truck rollover: three assessments in one day",
    instructions:
      "Burns to the forearms and a crushed right hand; he worked as a welder. Please assess hand function, the trauma since the rollover and his capacity to return to welding.",
    specializations: ["Occupational Therapist", "Industrial Psychologist", "Clinical Psychologist"],
    priority: "normal",
  })
    .submit(ago(9, "09:40"))
    .take("employee", ago(8, "08:50"))
    .assign("employee", "ot_smith", ago(8, "09:10"))
    .assign("employee", "ip_maseko", ago(8, "09:12"))
    .assign("employee", "dr_pillay", ago(8, "09:14"))
    .accept("ot_smith", ago(7, "10:00"))
    .accept("ip_maseko", ago(7, "11:30"))
    .accept("dr_pillay", ago(6, "08:45"))
    .dayAtVenue(
      ASSESSMENT_CENTRE,
      "employee",
      [
        { key: "ot", consultant: "ot_smith" },
        { key: "career", consultant: "ip_maseko" },
        { key: "psych", consultant: "dr_pillay" },
      ],
      1,
      ago(5, "10:00"),
    )
    .confirm("ot", "employee", ago(5, "10:30"))
    .confirm("career", "employee", ago(5, "10:31"))
    .confirm("psych", "employee", ago(5, "10:32"))
    .arrange(
      "ot",
      "employee",
      ago(4, "11:00"),
      {
        transport: "taxi",
        pickupPoint: "Engen garage, R40, Bushbuckridge",
        pickupTime: "04:30",
        transportCents: 180_000,
        interpreterLanguage: "Sepedi",
        interpreterCents: 150_000,
        meals: "Breakfast and lunch",
        mealsCents: 18_000,
      },
      true,
      "interpreter",
    );
}
