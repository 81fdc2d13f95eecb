/** One demo matter: its claimant, case and query, and what happened to it, step by step through the services. */
import type { QueryStatus, SetBookingLogisticsFields } from "@medlegal/domain";
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
  setBookingLogisticsSchema,
} from "@medlegal/domain";
import { DemoStory } from "./story";
import { inviteToMeeting } from "../services/meetings/meeting-invitations";
import { createCase } from "../services/cases/cases";
import { createPatient } from "../services/patients/patients";
import { assignConsultant, respondToAssignment } from "../services/queries/assignments";
import { takeQuery } from "../services/queries/case-managers";
import { commentOnQuery, createQuery } from "../services/queries/query-instructions";
import { moveQuery } from "../services/queries/query-moves";
import { recordAttendance } from "../services/scheduling/attendance";
import { setAvailabilityOverride } from "../services/scheduling/availability";
import { cancelBooking, confirmBooking, createBooking, rescheduleBooking } from "../services/scheduling/booking-requests";
import { parseInput } from "../validation";
import { applyLogisticsToSameDay, setLogistics } from "../services/logistics/logistics-records";
import type { Diary } from "./availability";
import { roomsOf, videoHourToday } from "./availability";

interface Claimant {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: "male" | "female";
  homeLanguage: string;
  interpreter?: boolean;
  /** Working days before first start that the signed consent arrived; none: still outstanding. */
  consentDaysAgo?: number;
  /** A child's parent or guardian, who consents for them (POPIA sections 34-35) on the consent day. */
  competentPerson?: { name: string; relationship: string; identityNumber: string; phone: string; email: string };
}

const FIRM_PREFIX: Record<string, string> = { attorney: "VDM", nomsa: "DUBE", pieter: "BOTHA" };
const CLAIM_CODE: Record<MatterBrief["claimType"], string> = {
  raf: "RAF",
  medical_negligence: "MN",
  personal_injury: "PI",
  workers_compensation: "WC",
};

/** A demo firm's file reference, "VDM/RAF/0412" (firm, claim, file number): at most 60 characters, as the rule asks. */
export function demoFileReference(attorney: string, claimType: MatterBrief["claimType"], sequence: number): string {
  return `${FIRM_PREFIX[attorney] ?? "ATT"}/${CLAIM_CODE[claimType]}/${String(400 + sequence * 12).padStart(4, "0")}`;
}

export interface MatterBrief {
  attorney: string;
  claimant: Claimant;
  claimType: "raf" | "medical_negligence" | "personal_injury" | "workers_compensation";
  incidentDate: string;
  rafClaimNumber?: string;
  courtCaseNumber?: string;
  /** The attorney's own file reference; left out, one in the firm's style (`demoFileReference`). */
  attorneyReference?: string;
  subject: string;
  instructions: string;
  specializations: string[];
  priority: "low" | "normal" | "high" | "urgent";
}

/**
 * A matter's steps, queued on the story in the order they happen. Each method takes the instant
 * the user acts; later steps read what earlier ones created (ids kept on the matter).
 */
export class Matter {
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
      const patient = await createPatient(
        deps,
        parseInput(patientInputSchema, {
          firstName: c.firstName,
          lastName: c.lastName,
          idNumber: makeSaId(c.birthDate, c.gender, sequence),
          birthDate: c.birthDate,
          gender: c.gender,
          homeLanguage: c.homeLanguage,
          interpreterNeeded: c.interpreter ?? false,
          consentReceivedAt: consent && consent <= sastDate(at) ? consent : "",
          phone: `+27 82 555 01${String(10 + sequence)}`,
          competentPerson: c.competentPerson
            ? { ...c.competentPerson, consentOn: consent && consent <= sastDate(at) ? consent : "" }
            : undefined,
        }),
      );
      const kase = await createCase(
        deps,
        parseInput(caseInputSchema, {
          patientId: patient.id,
          claimType: brief.claimType,
          incidentDate: brief.incidentDate,
          rafClaimNumber: brief.rafClaimNumber ?? "",
          courtCaseNumber: brief.courtCaseNumber ?? "",
          attorneyReference: brief.attorneyReference ?? demoFileReference(brief.attorney, brief.claimType, sequence),
        }),
      );
      const specializations = await this.story.db
        .selectFrom("specializations")
        .select(["id", "name"])
        .where("name", "in", brief.specializations)
        .execute();
      for (const s of specializations) this.specializationIds.set(s.name, s.id);
      const query = await createQuery(
        deps,
        parseInput(queryInputSchema, {
          caseId: kase.id,
          subject: brief.subject,
          instructions: brief.instructions,
          specializationIds: brief.specializations.map((name) => this.specializationIds.get(name)),
          priority: brief.priority,
        }),
      );
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
      const assignment = await assignConsultant(
        await this.deps(employee),
        parseInput(assignInputSchema, {
          queryId: this.queryId,
          consultantId: expert.id,
          specializationId: expert.specializationId,
          feeAgreedCents: 850000,
        }),
      );
      this.assignments.set(consultant, assignment.id);
    });
    return this;
  }

  accept(consultant: string, at: Date): this {
    this.step(at, `${consultant} accepted`, async () => {
      await respondToAssignment(
        await this.deps(consultant),
        parseInput(respondAssignmentSchema, { id: this.assignments.get(consultant), accept: true }),
      );
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
      const booking = await createBooking(
        await this.deps(by),
        parseInput(bookingInputSchema, {
          queryId: this.queryId,
          caseId: this.caseId,
          specializationId: expert.specializationId,
          consultantId: expert.id,
          startsAt: startsAt.toISOString(),
          note,
        }),
      );
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
      const moved = await rescheduleBooking(
        await this.deps(employee),
        parseInput(rescheduleBookingSchema, { id: booking.id, startsAt: startsAt.toISOString(), note }),
      );
      booking.id = moved.id;
    });
    booking.startsAt = startsAt;
    return this;
  }

  cancel(key: string, employee: string, reason: string, at: Date): this {
    this.step(at, `${key} cancelled`, async () => {
      await cancelBooking(
        await this.deps(employee),
        parseInput(cancelBookingSchema, { id: this.bookings.get(key)!.id, reason, cancellationClass: "no_fee" }),
      );
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
  bookVideoToday(
    key: string,
    by: string,
    consultant: string,
    employee: string,
    at: Date,
    guests: { name: string; email: string; role: "claimant" | "interpreter" }[],
  ): this {
    const today = this.story.today;
    if (!DemoStory.isWorkday(today)) return this;
    const time = videoHourToday(this.story.now);
    const overrideRanges = this.diary.addVideoHour(consultant, today, time);
    const startsAt = this.diary.place({
      consultant,
      claimant: this.brief.claimant.lastName,
      week: 0,
      weekday: isoWeekday(today),
      time,
      after: at,
    });
    if (sastDate(startsAt) !== today) throw new Error(`today's video hour of ${consultant} is taken`);
    this.story.at(new Date(at.getTime() - 10 * 60_000), `${consultant} adds a video hour today`, async () => {
      const deps = await this.deps(consultant);
      await setAvailabilityOverride(
        deps,
        parseInput(availabilityOverrideSchema, {
          date: today,
          unavailable: false,
          ranges: overrideRanges(await roomsOf(this.story, consultant)),
          note: "Telehealth hour added",
        }),
      );
    });
    this.bookAt(
      key,
      by,
      consultant,
      startsAt,
      at,
      "By video: the claimant lives in Mthatha, too far to travel for one assessment.",
      `${key} booked by video today`,
    );
    this.confirm(key, employee, new Date(at.getTime() + 15 * 60_000));
    // On a late first start the hour has passed: the expert has recorded the attendance.
    this.attend(key);
    this.step(new Date(at.getTime() + 20 * 60_000), `${key} guests invited`, async () => {
      const deps = await this.deps(employee);
      const meeting = await this.story.db
        .selectFrom("meetings")
        .select("id")
        .where("booking_id", "=", this.bookings.get(key)!.id)
        .executeTakeFirstOrThrow();
      for (const guest of guests)
        await inviteToMeeting(deps, parseInput(inviteToMeetingSchema, { meetingId: meeting.id, kind: "guest", guest }));
    });
    return this;
  }

  /**
   * A day of several assessments at one venue (issue 28): each expert sees the claimant there that
   * morning (the day's availability set to the venue), booked one after the other by `by`.
   */
  dayAtVenue(venue: string, by: string, experts: readonly { key: string; consultant: string }[], week: number, at: Date): this {
    const { date, starts } = this.diary.placeDay(
      experts.map((e) => e.consultant),
      this.brief.claimant.lastName,
      week,
    );
    for (const [i, { key, consultant }] of experts.entries()) {
      this.story.at(new Date(at.getTime() - 10 * 60_000), `${consultant} sees claimants at ${venue} on ${date}`, async () => {
        const ranges = [{ start: "08:00", end: "13:00", venue, mode: "in_person" as const }];
        await setAvailabilityOverride(
          await this.deps(consultant),
          parseInput(availabilityOverrideSchema, { date, unavailable: false, ranges, note: "Assessment day at the agency" }),
        );
      });
      this.bookAt(key, by, consultant, starts[i]!, new Date(at.getTime() + i * 60_000), "", `${key} booked at ${venue}`);
    }
    return this;
  }

  /** Staff arrange the claimant's day on one booking, and copy it to the claimant's other bookings that day. */
  /** Staff arrange a booking's day; `interpreter` names an interpreter's account (their name and contact come from it). */
  arrange(
    key: string,
    employee: string,
    at: Date,
    logistics: Omit<SetBookingLogisticsFields, "bookingId" | "interpreterUserId">,
    copyToSameDay: boolean,
    interpreter?: string,
  ): this {
    this.step(at, `${key} logistics`, async () => {
      const deps = await this.deps(employee);
      const bookingId = this.bookings.get(key)!.id;
      const interpreterUserId = interpreter ? (await this.story.actor(interpreter)).user.id : null;
      await setLogistics(deps, parseInput(setBookingLogisticsSchema, { bookingId, ...logistics, interpreterUserId }));
      if (copyToSameDay) await applyLogisticsToSameDay(deps, { bookingId });
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
