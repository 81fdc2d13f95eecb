/** The demo experts' week: rooms in the mornings, a video afternoon, and the times the matters book. */
import { ASSESSMENT_MINUTES, isoWeekday, sastTime, sastToUtc, weeklyAvailabilitySchema } from "@medlegal/domain";
import { DemoStory } from "./story";
import { setWeeklyAvailability } from "../services/scheduling/availability";
import { parseInput } from "../validation";

/** Where an expert sees claimants in person. */
export const roomsOf = async (story: DemoStory, username: string) => (await story.expert(username)).address ?? "MedLegal rooms, Rosebank";

/** Every expert sees claimants at their rooms on weekday mornings, and by video on Wednesday afternoons. */
const ROOMS = { start: "08:00", end: "13:00" };
const VIDEO = { weekday: 3, start: "14:00", end: "16:00" };

/** Each consultant sets their own weekly availability, long before the first booking. */
export function seedAvailability(story: DemoStory, consultants: string[]): void {
  for (const username of consultants) {
    story.at(story.workdaysAgo(130, "08:30"), `availability of ${username}`, async () => {
      const actor = await story.actor(username);
      const venue = await roomsOf(story, username);
      await setWeeklyAvailability(
        { db: story.db, actor },
        parseInput(weeklyAvailabilitySchema, {
          consultantId: actor.user.id,
          dailyCapacity: 4,
          days: [1, 2, 3, 4, 5].map((weekday) => ({
            weekday,
            ranges: [
              { start: ROOMS.start, end: ROOMS.end, venue, mode: "in_person" },
              ...(weekday === VIDEO.weekday ? [{ start: VIDEO.start, end: VIDEO.end, venue: null, mode: "video" as const }] : []),
            ],
          })),
        }),
      );
    });
  }
}

/**
 * The bookings planned so far, so a new one goes where the expert is free and the claimant has no
 * other assessment that day (never two places at once), on a working day inside the availability.
 */
export class Diary {
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
          (p) =>
            (p.consultant === wish.consultant && p.start < start + minutes && p.end > start) ||
            (p.claimant === wish.claimant && p.date === date),
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
  addVideoHour(
    consultant: string,
    date: string,
    start: string,
  ): (venue: string) => { start: string; end: string; venue: string | null; mode: "in_person" | "video" }[] {
    let video = { start, end: addMinutes(start, ASSESSMENT_MINUTES) };
    const weeklyVideo: { start: string; end: string }[] = [];
    if (isoWeekday(date) === VIDEO.weekday) {
      if (video.start <= VIDEO.end && VIDEO.start <= video.end)
        video = { start: min(video.start, VIDEO.start), end: max(video.end, VIDEO.end) };
      else weeklyVideo.push(VIDEO);
    }
    this.extraVideo.push({ consultant, date, ...video });
    return (venue) => [
      { ...ROOMS, venue, mode: "in_person" },
      ...[...weeklyVideo, video].map((r) => ({ start: r.start, end: r.end, venue: null, mode: "video" as const })),
    ];
  }

  /**
   * A claimant's day at one venue with several experts (issue 28): the first working day from
   * `week` on which none of them has anything planned (their day's availability is replaced by the
   * venue's morning) and the claimant has nothing else, with one hour each from 08:00, in order.
   */
  placeDay(consultants: readonly string[], claimant: string, week: number): { date: string; starts: Date[] } {
    for (let day = 0; day < 15; day++) {
      const date = this.story.dayOfWeek(week, 1 + day);
      if (
        !DemoStory.isWorkday(date) ||
        this.planned.some((p) => p.date === date && (consultants.includes(p.consultant) || p.claimant === claimant))
      )
        continue;
      const starts = consultants.map((consultant, i) => {
        const start = sastToUtc(date, ROOMS.start).getTime() + i * (ASSESSMENT_MINUTES + 30) * 60_000;
        this.planned.push({ consultant, claimant, date, start, end: start + ASSESSMENT_MINUTES * 60_000 });
        return new Date(start);
      });
      return { date, starts };
    }
    throw new Error(`no free day for ${consultants.join(", ")} near week ${week}`);
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
export function videoHourToday(firstStart: Date): string {
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
