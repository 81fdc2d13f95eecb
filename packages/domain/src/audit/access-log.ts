import { z } from "zod";
import { ACCESS_ACTIONS } from "../constants";
import { calendarDate, id, listInput, pageCursor, pageLimit } from "../platform/input-primitives";

export { ACCESS_ACTIONS, type AccessAction } from "../constants";

/** Filters of the access log (administrators): who, whose information, what kind of read, when. */
const accessLogFilters = {
  userId: id("Choose a user").optional(),
  patientId: id("Choose a claimant").optional(),
  action: z.enum(ACCESS_ACTIONS, { error: "Choose a kind of access" }).optional(),
  from: calendarDate("From date").optional(),
  to: calendarDate("To date").optional(),
};
/** The CSV export takes the filters alone; the screen pages through them too. */
export const accessLogExportInputSchema = listInput(accessLogFilters);
export const accessLogListInputSchema = listInput({ ...accessLogFilters, cursor: pageCursor, limit: pageLimit(200).default(50) });
export type AccessLogListInput = z.input<typeof accessLogListInputSchema>;
