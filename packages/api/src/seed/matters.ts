import { addDays } from "@medlegal/domain";
import type { DemoStory } from "./story";
import { Diary } from "./availability";
import { Matter } from "./matter";
import type { MatterBrief } from "./matter";
import { seedClaimantDay } from "./claimant-day";

/**
 * Claimants, cases and queries in every state, over the past months, with assessments last week,
 * this week and the next two. `ago(n, time)` is n working days before first start.
 */
/** The RAF claim of the demo matter whose RAF 4 the RAF rejected (its report is laid over the story). */
export const RAF4_DISPUTE_CLAIM = "RAF/2024/771205";

export function seedMatters(story: DemoStory): void {
  const diary = new Diary(story);
  const ago = (n: number, time: string) => story.workdaysAgo(n, time);
  const matter = (brief: MatterBrief) => new Matter(story, diary, brief);
  const after = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

  // Assigning: the OT accepted; the orthopaedic surgeon (the demo consultant) has still to answer.
  matter({
    attorney: "attorney",
    claimant: {
      firstName: "Sibusiso",
      lastName: "Khumalo",
      birthDate: "1988-03-14",
      gender: "male",
      homeLanguage: "isiZulu",
      interpreter: true,
      consentDaysAgo: 30,
    },
    claimType: "raf",
    incidentDate: "2025-08-19",
    rafClaimNumber: "RAF/2025/554312",
    attorneyReference: "VDM/RAF/0412",
    subject: "Orthopaedic and OT assessments after a taxi collision",
    instructions:
      "Fractured left tibia and fibula with ORIF; ongoing pain and reduced mobility. Please assess future treatment and loss of earning capacity.",
    specializations: ["Orthopaedic Surgeon", "Occupational Therapist"],
    priority: "high",
  })
    .submit(ago(5, "09:10"))
    .take("employee", ago(4, "08:40"))
    .assign("employee", "ot_smith", ago(4, "09:00"))
    .assign("employee", "consultant", ago(4, "09:05"))
    .accept("ot_smith", ago(3, "14:20"))
    .comment("attorney", "The claimant uses crutches; a ground-floor room please.", ago(2, "11:00"));

  // Scheduled today by video (on a working day): the psychologist sees a claimant far from Johannesburg.
  matter({
    attorney: "attorney",
    claimant: {
      firstName: "Nomvula",
      lastName: "Ngcobo",
      birthDate: "1990-09-05",
      gender: "female",
      homeLanguage: "isiXhosa",
      interpreter: true,
      consentDaysAgo: 20,
    },
    claimType: "raf",
    incidentDate: "2025-09-14",
    rafClaimNumber: "RAF/2025/602247",
    subject: "Pedestrian struck by a bakkie: psychological assessment",
    instructions:
      "Struck while walking to work; nightmares, anxiety and withdrawal since. Assess post-traumatic stress and its effect on her work as a shop assistant.",
    specializations: ["Clinical Psychologist"],
    priority: "normal",
  })
    .submit(ago(8, "10:15"))
    .take("employee", ago(7, "08:45"))
    .assign("employee", "dr_pillay", ago(7, "09:20"))
    .accept("dr_pillay", ago(6, "11:30"))
    .bookVideoToday("psych-video", "employee", "dr_pillay", "employee", ago(1, "10:00"), [
      { name: "Nomvula Ngcobo", email: "nomvula.ngcobo@example.co.za", role: "claimant" },
      { name: "Thandeka Mthembu", email: "thandeka.interpreter@example.co.za", role: "interpreter" },
    ]);

  // Scheduled: the neurosurgeon next week at her rooms; the psychologist by video, moved once at his request.
  matter({
    attorney: "attorney",
    claimant: {
      firstName: "Lindiwe",
      lastName: "Petersen",
      birthDate: "1979-11-02",
      gender: "female",
      homeLanguage: "English",
      consentDaysAgo: 40,
    },
    claimType: "raf",
    incidentDate: "2025-04-03",
    rafClaimNumber: "RAF/2025/331876",
    subject: "Head injury: neurosurgical and neuropsychological reports",
    instructions: "Moderate traumatic brain injury, GCS 10 on admission. Assess cognitive sequelae and the RAF4 serious injury threshold.",
    specializations: ["Neurosurgeon", "Clinical Psychologist"],
    priority: "urgent",
  })
    .submit(ago(16, "10:30"))
    .take("employee", ago(15, "08:30"))
    .assign("employee", "dr_naidoo", ago(15, "09:00"))
    .assign("employee", "dr_pillay", ago(15, "09:05"))
    .accept("dr_naidoo", ago(14, "12:00"))
    .accept("dr_pillay", ago(13, "09:15"))
    .comment("attorney", "The claimant asks for a morning appointment; she travels from Soweto.", ago(12, "16:00"))
    .book(
      "neuro",
      "attorney",
      "dr_naidoo",
      { week: 1, weekday: 1, time: "09:00" },
      ago(11, "10:00"),
      "Bring the hospital discharge summary.",
    )
    .confirm("neuro", "employee", ago(10, "09:00"))
    .book("psych", "employee", "dr_pillay", { week: 1, weekday: 3, time: "14:00" }, ago(10, "09:30"))
    .confirm("psych", "employee", ago(10, "09:35"))
    .reschedule("psych", "employee", { week: 2, weekday: 3, time: "14:00" }, ago(6, "15:00"), "Moved at the psychologist's request.")
    .confirm("psych", "employee", ago(5, "09:00"));

  // Reporting: both assessed three weeks ago, the actuary after a no-show and a second booking.
  const botha = matter({
    attorney: "attorney",
    claimant: {
      firstName: "Marius",
      lastName: "Botha",
      birthDate: "1995-06-30",
      gender: "male",
      homeLanguage: "Afrikaans",
      consentDaysAgo: 60,
    },
    claimType: "personal_injury",
    incidentDate: "2024-12-12",
    courtCaseNumber: "GP 2025/04412",
    subject: "Industrial psychology and actuarial calculation",
    instructions: "Shoulder injury ended the claimant's career as an electrician. Quantify past and future loss of earnings.",
    specializations: ["Industrial Psychologist", "Actuary"],
    priority: "normal",
  })
    .submit(ago(40, "11:00"))
    .take("employee", ago(39, "08:45"))
    .assign("employee", "ip_maseko", ago(39, "09:00"))
    .assign("employee", "act_jacobs", ago(39, "09:05"))
    .accept("ip_maseko", ago(38, "10:00"))
    .accept("act_jacobs", ago(38, "13:30"))
    .book("ip", "employee", "ip_maseko", { week: -4, weekday: 2, time: "09:00" }, ago(37, "09:00"))
    .confirm("ip", "employee", ago(37, "09:05"))
    .book("actuary", "employee", "act_jacobs", { week: -4, weekday: 4, time: "10:00" }, ago(37, "09:30"))
    .confirm("actuary", "employee", ago(37, "09:35"))
    .attend("ip")
    .attend("actuary", false);
  const rebookedAt = after(botha.startOf("actuary"), 24 * 60);
  botha
    .book(
      "actuary again",
      "employee",
      "act_jacobs",
      { week: -3, weekday: 3, time: "09:00" },
      rebookedAt,
      "Second appointment after the missed one.",
    )
    .confirm("actuary again", "employee", after(rebookedAt, 5))
    .attend("actuary again")
    .move("employee", "reporting", after(botha.startOf("actuary again"), 24 * 60));

  // Submitted yesterday, nobody has taken it yet, and the claimant's consent is still outstanding.
  matter({
    attorney: "attorney",
    claimant: { firstName: "Thabo", lastName: "Mahlangu", birthDate: "2001-01-21", gender: "male", homeLanguage: "Sepedi" },
    claimType: "raf",
    incidentDate: "2026-02-08",
    rafClaimNumber: "RAF/2026/102938",
    subject: "Pedestrian knocked down: orthopaedic assessment",
    instructions: "Pelvic fracture. Consent form still to be signed by the claimant.",
    specializations: ["Orthopaedic Surgeon"],
    priority: "normal",
  }).submit(ago(2, "15:40"));

  // A child (11 on first start): her mother is recorded as the competent person and consented for
  // her, so the assessment may be booked; the video link would go to the mother (POPIA sections 34-35).
  matter({
    attorney: "attorney",
    claimant: {
      firstName: "Amahle",
      lastName: "Mokoena",
      birthDate: addDays(story.today, -(11 * 365 + 120)),
      gender: "female",
      homeLanguage: "isiZulu",
      consentDaysAgo: 12,
      competentPerson: {
        name: "Palesa Mokoena",
        relationship: "Mother",
        identityNumber: "8806150432085",
        phone: "+27 82 555 0190",
        email: "palesa.mokoena@example.org",
      },
    },
    claimType: "raf",
    incidentDate: "2026-05-30",
    rafClaimNumber: "RAF/2026/311207",
    subject: "Child passenger: psychological assessment",
    instructions: "Passenger in a minibus taxi rollover; nightmares and a fall-off in school work since. Her mother will accompany her.",
    specializations: ["Clinical Psychologist"],
    priority: "normal",
  })
    .submit(ago(10, "10:30"))
    .take("employee", ago(9, "09:15"))
    .assign("employee", "dr_pillay", ago(9, "09:40"))
    .accept("dr_pillay", ago(8, "14:10"));

  // Completed months ago: assessed, reported on, closed.
  const govender = matter({
    attorney: "attorney",
    claimant: {
      firstName: "Ayesha",
      lastName: "Govender",
      birthDate: "1984-07-09",
      gender: "female",
      homeLanguage: "English",
      consentDaysAgo: 95,
    },
    claimType: "medical_negligence",
    incidentDate: "2024-09-30",
    courtCaseNumber: "KZD 2025/118",
    subject: "Scarring after surgery: expert opinion",
    instructions:
      "Wound complications and scarring after a caesarean section. Opinion on the scarring and future reconstructive treatment.",
    specializations: ["Plastic and Reconstructive Surgeon"],
    priority: "low",
  })
    .submit(ago(90, "09:00"))
    .take("employee", ago(89, "09:00"))
    .assign("employee", "dr_venter", ago(89, "09:30"))
    .accept("dr_venter", ago(88, "11:00"))
    .book("plastics", "attorney", "dr_venter", { week: -16, weekday: 2, time: "10:00" }, ago(87, "10:00"))
    .confirm("plastics", "employee", ago(86, "09:00"))
    .attend("plastics");
  govender
    .move("employee", "reporting", after(govender.startOf("plastics"), 24 * 60))
    .move("employee", "completed", after(govender.startOf("plastics"), 15 * 24 * 60));

  // In review since yesterday with the second employee.
  matter({
    attorney: "nomsa",
    claimant: {
      firstName: "Zodwa",
      lastName: "Ndlovu",
      birthDate: "1990-05-05",
      gender: "female",
      homeLanguage: "isiXhosa",
      interpreter: true,
      consentDaysAgo: 10,
    },
    claimType: "raf",
    incidentDate: "2025-12-24",
    rafClaimNumber: "RAF/2026/000871",
    subject: "Scarring and psychological sequelae",
    instructions: "Facial lacerations and post-traumatic stress after a rollover. Plastic surgery and psychiatric assessments needed.",
    specializations: ["Plastic and Reconstructive Surgeon", "Psychiatrist"],
    priority: "high",
  })
    .submit(ago(2, "08:15"))
    .take("sipho", ago(1, "09:00"));

  // On hold: the audiology booking was cancelled while the hospital records are awaited.
  matter({
    attorney: "nomsa",
    claimant: {
      firstName: "Kagiso",
      lastName: "Molefe",
      birthDate: "1975-10-18",
      gender: "male",
      homeLanguage: "Setswana",
      consentDaysAgo: 40,
    },
    claimType: "workers_compensation",
    incidentDate: "2025-03-17",
    subject: "Hearing loss at a mine: audiology",
    instructions: "Noise-induced hearing loss. Quantify the impairment.",
    specializations: ["Audiologist"],
    priority: "normal",
  })
    .submit(ago(22, "10:00"))
    .take("sipho", ago(21, "08:30"))
    .assign("sipho", "aud_nel", ago(21, "09:00"))
    .accept("aud_nel", ago(20, "15:00"))
    .book("audiology", "nomsa", "aud_nel", { week: 1, weekday: 4, time: "09:00" }, ago(19, "11:00"))
    .confirm("audiology", "sipho", ago(18, "09:00"))
    .cancel("audiology", "sipho", "Query on hold until the hospital records arrive.", ago(8, "10:00"))
    .move("sipho", "on_hold", ago(8, "10:05"), "Waiting for the claimant's hospital records.");

  // On hold for the RAF 5 dispute: the orthopaedic surgeon's RAF 4 (seed/reports.ts, seedDemoRaf4Dispute)
  // was lodged and the RAF rejected it 80 days before first start; the law's clock runs on.
  matter({
    attorney: "attorney",
    claimant: {
      firstName: "Lindiwe",
      lastName: "Zungu",
      birthDate: "1979-10-02",
      gender: "female",
      homeLanguage: "isiZulu",
      consentDaysAgo: 130,
    },
    claimType: "raf",
    incidentDate: "2024-09-03",
    rafClaimNumber: RAF4_DISPUTE_CLAIM,
    subject: "RAF 4 serious-injury assessment after a crushed right hand",
    instructions: "Crush injury of the dominant hand with loss of grip. The RAF 4 is needed for general damages.",
    specializations: ["Orthopaedic Surgeon"],
    priority: "high",
  })
    .submit(ago(85, "10:00"))
    .take("employee", ago(84, "08:30"))
    .assign("employee", "consultant", ago(84, "09:00"))
    .accept("consultant", ago(83, "11:00"))
    .move(
      "employee",
      "on_hold",
      ago(55, "09:00"),
      "The RAF rejected the serious-injury assessment: waiting for the dispute (RAF 5) before further reports.",
    );

  // Cancelled: the matter settled before any assessment.
  matter({
    attorney: "pieter",
    claimant: {
      firstName: "Elna",
      lastName: "van Wyk",
      birthDate: "1968-02-27",
      gender: "female",
      homeLanguage: "Afrikaans",
      consentDaysAgo: 60,
    },
    claimType: "raf",
    incidentDate: "2025-01-05",
    rafClaimNumber: "RAF/2025/009911",
    subject: "Whiplash and back injury",
    instructions: "Soft-tissue injuries of the neck and lower back after a rear-end collision.",
    specializations: ["Orthopaedic Surgeon"],
    priority: "low",
  })
    .submit(ago(45, "14:00"))
    .take("employee", ago(44, "08:30"))
    .assign("employee", "consultant", ago(44, "09:00"))
    .accept("consultant", ago(43, "10:30"))
    .move("employee", "cancelled", ago(30, "11:00"), "The matter settled before the assessments.");

  // Assessed last week; the report is awaited.
  matter({
    attorney: "pieter",
    claimant: {
      firstName: "Johannes",
      lastName: "Pretorius",
      birthDate: "1982-09-13",
      gender: "male",
      homeLanguage: "English",
      consentDaysAgo: 30,
    },
    claimType: "raf",
    incidentDate: "2025-06-22",
    rafClaimNumber: "RAF/2025/441200",
    subject: "Neurosurgical assessment after a motorbike accident",
    instructions: "Spinal injury at C5-C6. Assess the permanent impairment and future surgery.",
    specializations: ["Neurosurgeon"],
    priority: "high",
  })
    .submit(ago(25, "09:45"))
    .take("admin", ago(24, "08:30"))
    .assign("admin", "dr_naidoo", ago(24, "09:00"))
    .accept("dr_naidoo", ago(23, "11:00"))
    .book("neuro", "pieter", "dr_naidoo", { week: -1, weekday: 2, time: "09:00" }, ago(22, "10:00"))
    .confirm("neuro", "admin", ago(21, "09:00"))
    .attend("neuro");

  // This week: the demo consultant sees the claimant on Tuesday; the OT next week.
  matter({
    attorney: "attorney",
    claimant: {
      firstName: "Bongani",
      lastName: "Sithole",
      birthDate: "1986-12-01",
      gender: "male",
      homeLanguage: "isiZulu",
      consentDaysAgo: 20,
    },
    claimType: "raf",
    incidentDate: "2025-10-11",
    rafClaimNumber: "RAF/2025/612044",
    subject: "Crushed right hand: orthopaedic and OT assessments",
    instructions:
      "Crush injury of the right (dominant) hand at work in a vehicle collision. Assess function, future surgery and work capacity.",
    specializations: ["Orthopaedic Surgeon", "Occupational Therapist"],
    priority: "normal",
  })
    .submit(ago(12, "13:20"))
    .take("employee", ago(11, "08:50"))
    .assign("employee", "consultant", ago(11, "09:10"))
    .assign("employee", "ot_smith", ago(11, "09:15"))
    .accept("consultant", ago(10, "08:00"))
    .accept("ot_smith", ago(10, "10:00"))
    .book("ortho", "attorney", "consultant", { week: 0, weekday: 2, time: "10:00" }, ago(9, "11:00"))
    .book(
      "ot",
      "attorney",
      "ot_smith",
      { week: 1, weekday: 4, time: "11:00" },
      ago(9, "11:05"),
      "The claimant needs an isiZulu interpreter.",
    )
    .confirm("ortho", "employee", ago(8, "09:00"))
    .confirm("ot", "employee", ago(8, "09:05"))
    .attend("ortho");

  // Yesterday, next week and the week after: neurosurgeon, psychologist by video, and an industrial psychologist still to confirm.
  matter({
    attorney: "nomsa",
    claimant: {
      firstName: "Refilwe",
      lastName: "Mothibi",
      birthDate: "1992-04-17",
      gender: "female",
      homeLanguage: "Setswana",
      consentDaysAgo: 25,
    },
    claimType: "raf",
    incidentDate: "2025-07-30",
    rafClaimNumber: "RAF/2025/480155",
    subject: "Brain injury: neurosurgical, neuropsychological and career assessments",
    instructions:
      "Passenger in a minibus rollover; diffuse axonal injury. Assess cognitive sequelae and the effect on her career as a teacher.",
    specializations: ["Neurosurgeon", "Clinical Psychologist", "Industrial Psychologist"],
    priority: "high",
  })
    .submit(ago(14, "09:30"))
    .take("sipho", ago(13, "08:30"))
    .assign("sipho", "dr_naidoo", ago(13, "09:00"))
    .assign("sipho", "dr_pillay", ago(13, "09:05"))
    .assign("sipho", "ip_maseko", ago(13, "09:10"))
    .accept("dr_naidoo", ago(12, "12:30"))
    .accept("dr_pillay", ago(12, "16:00"))
    .accept("ip_maseko", ago(11, "09:40"))
    // Seen on the last working day; the neurosurgeon has still to record the attendance.
    .book("neuro", "nomsa", "dr_naidoo", { ...story.lastWorkday(), time: "11:00" }, ago(9, "10:00"))
    .confirm("neuro", "sipho", ago(8, "09:30"))
    .book("psych", "sipho", "dr_pillay", { week: 1, weekday: 3, time: "15:00" }, ago(6, "11:00"))
    .confirm("psych", "sipho", ago(6, "11:05"))
    .book("career", "nomsa", "ip_maseko", { week: 2, weekday: 5, time: "09:00" }, ago(1, "10:30"));

  // Managed by the administrator: the psychiatrist this week, the audiologist in two weeks.
  matter({
    attorney: "pieter",
    claimant: {
      firstName: "Hennie",
      lastName: "Steyn",
      birthDate: "1964-08-22",
      gender: "male",
      homeLanguage: "Afrikaans",
      consentDaysAgo: 15,
    },
    claimType: "personal_injury",
    incidentDate: "2025-05-09",
    courtCaseNumber: "WCC 2025/20871",
    subject: "Explosion at a workshop: psychiatric and audiology assessments",
    instructions: "Gas cylinder explosion; post-traumatic stress and hearing loss. Assess both and the prognosis.",
    specializations: ["Psychiatrist", "Audiologist"],
    priority: "normal",
  })
    .submit(ago(11, "15:00"))
    .take("admin", ago(10, "08:15"))
    .assign("admin", "dr_moodley", ago(10, "08:30"))
    .assign("admin", "aud_nel", ago(10, "08:35"))
    .accept("dr_moodley", ago(9, "09:00"))
    .accept("aud_nel", ago(9, "14:00"))
    .book("psychiatry", "pieter", "dr_moodley", { week: 0, weekday: 4, time: "09:00" }, ago(8, "10:00"))
    .confirm("psychiatry", "admin", ago(7, "09:00"))
    .attend("psychiatry")
    .book("audiology", "pieter", "aud_nel", { week: 2, weekday: 1, time: "10:00" }, ago(3, "12:00"))
    .confirm("audiology", "admin", ago(2, "09:00"))
    .comment("pieter", "Mr Steyn will bring his hearing aids and the ENT report to the audiology assessment.", ago(1, "11:30"));

  // The claimant's day (issue 28): three disciplines one morning at the agency's assessment centre.
  seedClaimantDay(matter, ago);
}
