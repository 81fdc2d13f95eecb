import { z } from "zod";

/**
 * Attendance figures for SLA monitoring (issue 28): how many in-person assessments the claimant
 * attended or missed, per month, per expert and per reminder channel, so the agency sees whether
 * the text reminders work (docs/decisions.md, "Attendance figures").
 */
export const ATTENDANCE_CHANNELS = ["sms", "whatsapp", "none"] as const;
export type AttendanceChannel = (typeof ATTENDANCE_CHANNELS)[number];
export const ATTENDANCE_CHANNEL_LABELS: Record<AttendanceChannel, string> = {
  sms: "SMS reminder",
  whatsapp: "WhatsApp reminder",
  none: "No reminder",
};

/** The share of assessments missed, in per cent to one decimal; null when there were none. */
export function noShowRatePercent(attended: number, noShows: number): number | null {
  const total = attended + noShows;
  return total === 0 ? null : Math.round((noShows / total) * 1000) / 10;
}

const tally = { attended: z.number(), noShows: z.number(), noShowRate: z.number().nullable() };
export const attendanceFiguresOutputSchema = z.object({
  months: z.array(z.object({ month: z.string(), ...tally })),
  experts: z.array(z.object({ consultantId: z.string(), name: z.string(), specialization: z.string().nullable(), ...tally })),
  channels: z.array(z.object({ channel: z.enum(ATTENDANCE_CHANNELS), ...tally })),
});
export type AttendanceFigures = z.infer<typeof attendanceFiguresOutputSchema>;
