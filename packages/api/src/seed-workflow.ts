import type { QueryStatus } from "@medlegal/domain";
import {
  ASSESSMENT_MINUTES,
  assignInputSchema,
  bookingInputSchema,
  cancelBookingSchema,
  caseInputSchema,
  commentInputSchema,
  availabilityOverrideSchema,
  idInputSchema,
  inviteToMeetingSchema,
  isoWeekday,
  makeSaId,
  moveQuerySchema,
  patientInputSchema,
  queryInputSchema,
  recordAttendanceSchema,
  rescheduleBookingSchema,
  respondAssignmentSchema,
  sastDate,
  sastTime,
  sastToUtc,
  weeklyAvailabilitySchema,
} from "@medlegal/domain";
import { DemoStory } from "./seed-story";
import { inviteToMeeting } from "./services/meetings/meeting-invitations";
import { createCase } from "./services/cases/cases";
import { createPatient } from "./services/patients/patients";
import { assignConsultant, respondToAssignment } from "./services/queries/assignments";
import { takeQuery } from "./services/queries/case-managers";
import { commentOnQuery, createQuery } from "./services/queries/query-instructions";
import { moveQuery } from "./services/queries/query-moves";
import { recordAttendance } from "./services/scheduling/attendance";
import { setAvailabilityOverride, setWeeklyAvailability } from "./services/scheduling/availability";
import { cancelBooking, confirmBooking, createBooking, rescheduleBooking } from "./services/scheduling/booking-requests";
import { parseInput } from "./validation";

/* ---------- the experts' week ---------- */

/** Where an expert sees claimants in person. */
const roomsOf = async (story: DemoStory, username: string) => (await story.expert(username)).address ?? "MedLegal rooms, Rosebank";

/** Every expert sees claimants at their rooms on weekday mornings, and by video on Wednesday afternoons. */
const ROOMS = { start: "08:00", end: "13:00" };
const VIDEO = { weekday: 3, start: "14:00", end: "16:00" };

/** Each consultant sets their own weekly availability, long before the first booking. */
export function seedAvailability(story: DemoStory, consultants: string[]): void {
  for (const username of consultants) {
    story.at(story.workdaysAgo(130, "08:30"), `availability of ${username}`, async () => {
      const actor = await story.actor(username);
      const venue = await roomsOf(story, username);
      await setWeeklyAvailability({ db: story.db, actor }, parseInput(weeklyAvailabilitySchema, {
        consultantId: actor.user.id,
        dailyCapacity: 4,
        days: [1, 2, 3, 4, 5].map((weekday) => ({
          weekday,
          ranges: [
            { start: ROOMS.start, end: ROOMS.end, venue, mode: "in_person" },
            ...(weekday === VIDEO.weekday ? [{ start: VIDEO.start, end: VIDEO.end, venue: null, mode: "video" as const }] : []),
          ],
        })),
      }));
    });
  }
}

/**
 * The bookings planned so far, so a new one goes where the expert is free and the claimant has no
 * other assessment that day (never two places at once), on a working day inside the availability.
 */
class Diary {
  private planned: { consultant: string; claimant: string; date: string; start: number; end: number }[] = [];
  /** One-day video ranges an expert added on top of the week (availability overrides). */
  private extraVideo: { consultant: string; date: string; start: string; end: string }[] = [];
  private claimants = 0;

  constructor(private story: DemoStory) {}

  /** A number per claimant, for their (made-up, valid) ID number. */
  nextClaimant(): number {
    return ++this.claimants;
  }

  /** The first fitting hour from the wished-for day of a week, looking later in the week and then on. */
  place(wish: { consultant: string; claimant: string; week: number; weekday: number; time: string; after: Date }): Date {
    const minutes = ASSESSMENT_MINUTES * 60_000;
    for (let week = wish.week; week < wish.week + 3; week++) {
      for (let i = 0; i < 5; i++) {
        const date = this.story.dayOfWeek(week, ((wish.weekday - 1 + i) % 5) + 1);
        if (!this.fits(wish.consultant, date, wish.time)) continue;
        const start = sastToUtc(date, wish.time).getTime();
        if (start <= wish.after.getTime()) continue;
        const clash = this.planned.some(
          (p) => (p.consultant === wish.consultant && p.start < start + minutes && p.end > start) || (p.claimant === wish.claimant && p.date === date),
        );
        if (clash) continue;
        this.planned.push({ consultant: wish.consultant, claimant: wish.claimant, date, start, end: start + minutes });
        return new Date(start);
      }
    }
    throw new Error(`no demo slot for ${wish.consultant} near week ${wish.week}`);
  }

  /**
   * Adds a video hour to one working day of an expert: the day's weekly ranges stay and the new
   * hour joins them, merged with the weekly video range where the two touch. Returns the whole
   * day (given the expert's rooms) as the availability override, so no booking falls outside it.
   */
  addVideoHour(consultant: string, date: string, start: string): (venue: string) => { start: string; end: string; venue: string | null; mode: "in_person" | "video" }[] {
    let video = { start, end: addMinutes(start, ASSESSMENT_MINUTES) };
    const weeklyVideo: { start: string; end: string }[] = [];
    if (isoWeekday(date) === VIDEO.weekday) {
      if (video.start <= VIDEO.end && VIDEO.start <= video.end) video = { start: min(video.start, VIDEO.start), end: max(video.end, VIDEO.end) };
      else weeklyVideo.push(VIDEO);
    }
    this.extraVideo.push({ consultant, date, ...video });
    return (venue) => [
      { ...ROOMS, venue, mode: "in_person" },
      ...[...weeklyVideo, video].map((r) => ({ start: r.start, end: r.end, venue: null, mode: "video" as const })),
    ];
  }

  private fits(consultant: string, date: string, time: string): boolean {
    if (!DemoStory.isWorkday(date)) return false;
    const end = addMinutes(time, ASSESSMENT_MINUTES);
    const inRooms = time >= ROOMS.start && end <= ROOMS.end;
    const byVideo = isoWeekday(date) === VIDEO.weekday && time >= VIDEO.start && end <= VIDEO.end;
    const extra = this.extraVideo.some((r) => r.consultant === consultant && r.date === date && time >= r.start && end <= r.end);
    return inRooms || byVideo || extra;
  }
}

const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

/**
 * The hour of today's video assessment: a quarter of an hour or more after first start, so its
 * room opens soon; after the morning rooms; ending by 23:00 (on a late first start it has passed).
 */
function videoHourToday(firstStart: Date): string {
  const [h, m] = sastTime(firstStart).split(":").map(Number);
  const soon = Math.ceil((h! * 60 + m!) / 15) * 15 + 15;
  const minutes = Math.min(Math.max(soon, 13 * 60), 22 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const addMinutes = (time: string, minutes: number) => {
  const [h, m] = time.split(":").map(Number);
  const total = h! * 60 + m! + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
};

/* ---------- one matter: claimant, case and query, and what happened to it ---------- */

interface Claimant {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: "male" | "female";
  homeLanguage: string;
  interpreter?: boolean;
  /** Working days before first start that the signed consent arrived; none: still outstanding. */
  consentDaysAgo?: number;
}

interface MatterBrief {
  attorney: string;
  claimant: Claimant;
  claimType: "raf" | "medical_negligence" | "personal_injury" | "workers_compensation";
  incidentDate: string;
  rafClaimNumber?: string;
  courtCaseNumber?: string;
  subject: string;
  instructions: string;
  specializations: string[];
  priority: "low" | "normal" | "high" | "urgent";
}

/**
 * A matter's steps, queued on the story in the order they happen. Each method takes the instant
 * the user acts; later steps read what earlier ones created (ids kept on the matter).
 */
class Matter {
  queryId = "";
  caseId = "";
  private specializationIds = new Map<string, string>();
  private assignments = new Map<string, string>();
  private bookings = new Map<string, { id: string; consultant: string; startsAt: Date }>();

  constructor(
    private story: DemoStory,
    private diary: Diary,
    readonly brief: MatterBrief,
  ) {}

  /** Steps of all matters play in time order; a step that needs an earlier one fails loudly if planned before it. */
  private step(at: Date, what: string, run: () => Promise<void>) {
    this.story.at(at, `${this.brief.claimant.lastName}: ${what}`, run);
  }

  private deps(username: string) {
    return this.story.actor(username).then((actor) => ({ db: this.story.db, actor }));
  }

  /** The attorney adds the claimant, opens the case and submits the query, minutes apart. */
  submit(at: Date): this {
    const { brief } = this;
    const c = brief.claimant;
    const sequence = this.diary.nextClaimant();
    this.step(at, "submitted", async () => {
      const deps = await this.deps(brief.attorney);
      const consent = c.consentDaysAgo === undefined ? "" : sastDate(this.story.workdaysAgo(c.consentDaysAgo, "12:00"));
      const patient = await createPatient(deps, parseInput(patientInputSchema, {
        firstName: c.firstName,
        lastName: c.lastName,
        idNumber: makeSaId(c.birthDate, c.gender, sequence),
        birthDate: c.birthDate,
        gender: c.gender,
        homeLanguage: c.homeLanguage,
        interpreterNeeded: c.interpreter ?? false,
        consentReceivedAt: consent && consent <= sastDate(at) ? consent : "",
        phone: `+27 82 555 01${String(10 + sequence)}`,
      }));
      const kase = await createCase(deps, parseInput(caseInputSchema, {
        patientId: patient.id,
        claimType: brief.claimType,
        incidentDate: brief.incidentDate,
        rafClaimNumber: brief.rafClaimNumber ?? "",
        courtCaseNumber: brief.courtCaseNumber ?? "",
      }));
      const specializations = await this.story.db.selectFrom("specializations").select(["id", "name"]).where("name", "in", brief.specializations).execute();
      for (const s of specializations) this.specializationIds.set(s.name, s.id);
      const query = await createQuery(deps, parseInput(queryInputSchema, {
        caseId: kase.id,
        subject: brief.subject,
        instructions: brief.instructions,
        specializationIds: brief.specializations.map((name) => this.specializationIds.get(name)),
        priority: brief.priority,
      }));
      this.caseId = kase.id;
      this.queryId = query.id;
    });
    return this;
  }

  /** An employee takes the query into review; it becomes theirs. */
  take(employee: string, at: Date): this {
    this.step(at, `taken by ${employee}`, async () => {
      await takeQuery(await this.deps(employee), parseInput(idInputSchema, { id: this.queryId }));
    });
    return this;
  }

  /** The case manager asks an expert of one of the requested specializations. */
  assign(employee: string, consultant: string, at: Date): this {
    this.step(at, `${consultant} proposed`, async () => {
      const expert = await this.story.expert(consultant);
      const assignment = await assignConsultant(await this.deps(employee), parseInput(assignInputSchema, {
        queryId: this.queryId,
        consultantId: expert.id,
        specializationId: expert.specializationId,
        feeAgreedCents: 850000,
      }));
      this.assignments.set(consultant, assignment.id);
    });
    return this;
  }

  accept(consultant: string, at: Date): this {
    this.step(at, `${consultant} accepted`, async () => {
      await respondToAssignment(await this.deps(consultant), parseInput(respondAssignmentSchema, { id: this.assignments.get(consultant), accept: true }));
    });
    return this;
  }

  comment(username: string, body: string, at: Date): this {
    this.step(at, `comment by ${username}`, async () => {
      await commentOnQuery(await this.deps(username), parseInput(commentInputSchema, { queryId: this.queryId, body }));
    });
    return this;
  }

  /**
   * Books an accepted expert for the query from the expert's free hours: `by` is the attorney or the
   * case manager; the diary finds the hour nearest the wish. Named `key` for the later steps.
   */
  book(key: string, by: string, consultant: string, wish: { week: number; weekday: number; time: string }, at: Date, note?: string): this {
    const startsAt = this.diary.place({ consultant, claimant: this.brief.claimant.lastName, ...wish, after: at });
    return this.bookAt(key, by, consultant, startsAt, at, note ?? "", `${consultant} booked`);
  }

  /** The booking step itself, at an hour the diary has placed; `key` names it for the later steps. */
  private bookAt(key: string, by: string, consultant: string, startsAt: Date, at: Date, note: string, label: string): this {
    this.bookings.set(key, { id: "", consultant, startsAt });
    this.step(at, label, async () => {
      const expert = await this.story.expert(consultant);
      // Both the query and its case, so the input reads the same whichever the form starts from.
      const booking = await createBooking(await this.deps(by), parseInput(bookingInputSchema, {
        queryId: this.queryId,
        caseId: this.caseId,
        specializationId: expert.specializationId,
        consultantId: expert.id,
        startsAt: startsAt.toISOString(),
        note,
      }));
      this.bookings.get(key)!.id = booking.id;
    });
    return this;
  }

  confirm(key: string, employee: string, at: Date): this {
    this.step(at, `${key} confirmed`, async () => {
      await confirmBooking(await this.deps(employee), parseInput(idInputSchema, { id: this.bookings.get(key)!.id }));
    });
    return this;
  }

  /** Moves a booking to a new hour (the old one stays, marked rescheduled); `key` then names the new one. */
  reschedule(key: string, employee: string, wish: { week: number; weekday: number; time: string }, at: Date, note: string): this {
    const booking = this.bookings.get(key)!;
    const startsAt = this.diary.place({ consultant: booking.consultant, claimant: this.brief.claimant.lastName, ...wish, after: at });
    this.step(at, `${key} rescheduled`, async () => {
      const moved = await rescheduleBooking(await this.deps(employee), parseInput(rescheduleBookingSchema, { id: booking.id, startsAt: startsAt.toISOString(), note }));
      booking.id = moved.id;
    });
    booking.startsAt = startsAt;
    return this;
  }

  cancel(key: string, employee: string, reason: string, at: Date): this {
    this.step(at, `${key} cancelled`, async () => {
      await cancelBooking(await this.deps(employee), parseInput(cancelBookingSchema, { id: this.bookings.get(key)!.id, reason, cancellationClass: "no_fee" }));
    });
    return this;
  }

  /**
   * The expert records whether the claimant came, shortly after the hour, when that moment has
   * passed by first start; an assessment still to come stays confirmed.
   */
  attend(key: string, attended = true): this {
    const booking = this.bookings.get(key)!;
    const markedAt = new Date(booking.startsAt.getTime() + (ASSESSMENT_MINUTES + 10) * 60_000);
    if (markedAt > this.story.now) return this;
    this.step(markedAt, `${key} ${attended ? "attended" : "no-show"}`, async () => {
      await recordAttendance(await this.deps(booking.consultant), parseInput(recordAttendanceSchema, { id: booking.id, attended }));
    });
    return this;
  }

  /**
   * A video assessment today (on a working day): the expert adds an hour for it to today's
   * availability, the booking is made and confirmed (which creates its meeting), and the claimant
   * and any interpreter are invited to the room by e-mail.
   */
  bookVideoToday(key: string, by: string, consultant: string, employee: string, at: Date, guests: { name: string; email: string; role: "claimant" | "interpreter" }[]): this {
    const today = this.story.today;
    if (!DemoStory.isWorkday(today)) return this;
    const time = videoHourToday(this.story.now);
    const overrideRanges = this.diary.addVideoHour(consultant, today, time);
    const startsAt = this.diary.place({ consultant, claimant: this.brief.claimant.lastName, week: 0, weekday: isoWeekday(today), time, after: at });
    if (sastDate(startsAt) !== today) throw new Error(`today's video hour of ${consultant} is taken`);
    this.story.at(new Date(at.getTime() - 10 * 60_000), `${consultant} adds a video hour today`, async () => {
      const deps = await this.deps(consultant);
      await setAvailabilityOverride(deps, parseInput(availabilityOverrideSchema, { date: today, unavailable: false, ranges: overrideRanges(await roomsOf(this.story, consultant)), note: "Telehealth hour added" }));
    });
    this.bookAt(key, by, consultant, startsAt, at, "By video: the claimant lives in Mthatha, too far to travel for one assessment.", `${key} booked by video today`);
    this.confirm(key, employee, new Date(at.getTime() + 15 * 60_000));
    // On a late first start the hour has passed: the expert has recorded the attendance.
    this.attend(key);
    this.step(new Date(at.getTime() + 20 * 60_000), `${key} guests invited`, async () => {
      const deps = await this.deps(employee);
      const meeting = await this.story.db.selectFrom("meetings").select("id").where("booking_id", "=", this.bookings.get(key)!.id).executeTakeFirstOrThrow();
      for (const guest of guests) await inviteToMeeting(deps, parseInput(inviteToMeetingSchema, { meetingId: meeting.id, kind: "guest", guest }));
    });
    return this;
  }

  /** When a booking starts, for steps that follow it (a rebooking after a no-show). */
  startOf(key: string): Date {
    return this.bookings.get(key)!.startsAt;
  }

  move(employee: string, to: QueryStatus, at: Date, reason?: string): this {
    this.step(at, `moved to ${to}`, async () => {
      await moveQuery(await this.deps(employee), parseInput(moveQuerySchema, { id: this.queryId, to, ...(reason ? { reason } : {}) }));
    });
    return this;
  }
}

/* ---------- the agency's matters ---------- */

/**
 * Claimants, cases and queries in every state, over the past months, with assessments last week,
 * this week and the next two. `ago(n, time)` is n working days before first start.
 */
export function seedMatters(story: DemoStory): void {
  const diary = new Diary(story);
  const ago = (n: number, time: string) => story.workdaysAgo(n, time);
  const matter = (brief: MatterBrief) => new Matter(story, diary, brief);
  const after = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

  // Assigning: the OT accepted; the orthopaedic surgeon (the demo consultant) has still to answer.
  matter({
    attorney: "attorney",
    claimant: { firstName: "Sibusiso", lastName: "Khumalo", birthDate: "1988-03-14", gender: "male", homeLanguage: "isiZulu", interpreter: true, consentDaysAgo: 30 },
    claimType: "raf",
    incidentDate: "2025-08-19",
    rafClaimNumber: "RAF/2025/554312",
    subject: "Orthopaedic and OT assessments after a taxi collision",
    instructions: "Fractured left tibia and fibula with ORIF; ongoing pain and reduced mobility. Please assess future treatment and loss of earning capacity.",
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
    claimant: { firstName: "Nomvula", lastName: "Ngcobo", birthDate: "1990-09-05", gender: "female", homeLanguage: "isiXhosa", interpreter: true, consentDaysAgo: 20 },
    claimType: "raf",
    incidentDate: "2025-09-14",
    rafClaimNumber: "RAF/2025/602247",
    subject: "Pedestrian struck by a bakkie: psychological assessment",
    instructions: "Struck while walking to work; nightmares, anxiety and withdrawal since. Assess post-traumatic stress and its effect on her work as a shop assistant.",
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
    claimant: { firstName: "Lindiwe", lastName: "Petersen", birthDate: "1979-11-02", gender: "female", homeLanguage: "English", consentDaysAgo: 40 },
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
    .book("neuro", "attorney", "dr_naidoo", { week: 1, weekday: 1, time: "09:00" }, ago(11, "10:00"), "Bring the hospital discharge summary.")
    .confirm("neuro", "employee", ago(10, "09:00"))
    .book("psych", "employee", "dr_pillay", { week: 1, weekday: 3, time: "14:00" }, ago(10, "09:30"))
    .confirm("psych", "employee", ago(10, "09:35"))
    .reschedule("psych", "employee", { week: 2, weekday: 3, time: "14:00" }, ago(6, "15:00"), "Moved at the psychologist's request.")
    .confirm("psych", "employee", ago(5, "09:00"));

  // Reporting: both assessed three weeks ago, the actuary after a no-show and a second booking.
  const botha = matter({
    attorney: "attorney",
    claimant: { firstName: "Marius", lastName: "Botha", birthDate: "1995-06-30", gender: "male", homeLanguage: "Afrikaans", consentDaysAgo: 60 },
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
    .book("actuary again", "employee", "act_jacobs", { week: -3, weekday: 3, time: "09:00" }, rebookedAt, "Second appointment after the missed one.")
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

  // Completed months ago: assessed, reported on, closed.
  const govender = matter({
    attorney: "attorney",
    claimant: { firstName: "Ayesha", lastName: "Govender", birthDate: "1984-07-09", gender: "female", homeLanguage: "English", consentDaysAgo: 95 },
    claimType: "medical_negligence",
    incidentDate: "2024-09-30",
    courtCaseNumber: "KZD 2025/118",
    subject: "Scarring after surgery: expert opinion",
    instructions: "Wound complications and scarring after a caesarean section. Opinion on the scarring and future reconstructive treatment.",
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
    claimant: { firstName: "Zodwa", lastName: "Ndlovu", birthDate: "1990-05-05", gender: "female", homeLanguage: "isiXhosa", interpreter: true, consentDaysAgo: 10 },
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
    claimant: { firstName: "Kagiso", lastName: "Molefe", birthDate: "1975-10-18", gender: "male", homeLanguage: "Setswana", consentDaysAgo: 40 },
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

  // Cancelled: the matter settled before any assessment.
  matter({
    attorney: "pieter",
    claimant: { firstName: "Elna", lastName: "van Wyk", birthDate: "1968-02-27", gender: "female", homeLanguage: "Afrikaans", consentDaysAgo: 60 },
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
    claimant: { firstName: "Johannes", lastName: "Pretorius", birthDate: "1982-09-13", gender: "male", homeLanguage: "English", consentDaysAgo: 30 },
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
    claimant: { firstName: "Bongani", lastName: "Sithole", birthDate: "1986-12-01", gender: "male", homeLanguage: "isiZulu", consentDaysAgo: 20 },
    claimType: "raf",
    incidentDate: "2025-10-11",
    rafClaimNumber: "RAF/2025/612044",
    subject: "Crushed right hand: orthopaedic and OT assessments",
    instructions: "Crush injury of the right (dominant) hand at work in a vehicle collision. Assess function, future surgery and work capacity.",
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
    .book("ot", "attorney", "ot_smith", { week: 1, weekday: 4, time: "11:00" }, ago(9, "11:05"), "The claimant needs an isiZulu interpreter.")
    .confirm("ortho", "employee", ago(8, "09:00"))
    .confirm("ot", "employee", ago(8, "09:05"))
    .attend("ortho");

  // Yesterday, next week and the week after: neurosurgeon, psychologist by video, and an industrial psychologist still to confirm.
  matter({
    attorney: "nomsa",
    claimant: { firstName: "Refilwe", lastName: "Mothibi", birthDate: "1992-04-17", gender: "female", homeLanguage: "Setswana", consentDaysAgo: 25 },
    claimType: "raf",
    incidentDate: "2025-07-30",
    rafClaimNumber: "RAF/2025/480155",
    subject: "Brain injury: neurosurgical, neuropsychological and career assessments",
    instructions: "Passenger in a minibus rollover; diffuse axonal injury. Assess cognitive sequelae and the effect on her career as a teacher.",
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
    claimant: { firstName: "Hennie", lastName: "Steyn", birthDate: "1964-08-22", gender: "male", homeLanguage: "Afrikaans", consentDaysAgo: 15 },
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
}
