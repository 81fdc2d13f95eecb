import { z } from "zod";
import {
  attendanceFiguresOutputSchema,
  declaredHolidayDeleteSchema,
  declaredHolidayInputSchema,
  declaredHolidayOutputSchema,
  holidayYearOutputSchema,
  idInputSchema,
  removedHolidayOutputSchema,
  slaListInputSchema,
  slaMonitoringInputSchema,
  slaMonitoringOutputSchema,
  slaPauseSchema,
  slaTimerItemOutputSchema,
  slaTimerListOutputSchema,
} from "@medlegal/domain";
import { addDeclaredHoliday, listHolidays, removeDeclaredHoliday } from "../../services/sla/holidays";
import { attendanceFigures } from "../../services/sla/attendance";
import { slaMonitoring } from "../../services/sla/monitoring";
import { listSlaTimers, pauseSlaTimer, resumeSlaTimer } from "../../services/sla/tracking";
import { roleProcedure, router } from "../../trpc";

const holidaysProcedure = roleProcedure("holidays.manage");

export const slaRouter = router({
  list: roleProcedure("sla.read")
    .input(slaListInputSchema)
    .output(slaTimerListOutputSchema)
    .query(({ ctx, input }) => listSlaTimers(ctx.deps, input)),
  pause: roleProcedure("sla.manage")
    .input(slaPauseSchema)
    .output(slaTimerItemOutputSchema)
    .mutation(({ ctx, input }) => pauseSlaTimer(ctx.deps, input)),
  resume: roleProcedure("sla.manage")
    .input(idInputSchema)
    .output(slaTimerItemOutputSchema)
    .mutation(({ ctx, input }) => resumeSlaTimer(ctx.deps, input)),
  getMonitoring: roleProcedure("sla.monitor")
    .input(slaMonitoringInputSchema)
    .output(slaMonitoringOutputSchema)
    .query(({ ctx, input }) => slaMonitoring(ctx.deps, input)),
  /** Attended and missed assessments per month, expert and reminder channel (issue 28). */
  attendance: roleProcedure("sla.monitor")
    .input(slaMonitoringInputSchema)
    .output(attendanceFiguresOutputSchema)
    .query(({ ctx, input }) => attendanceFigures(ctx.deps, input)),
  listHolidays: holidaysProcedure
    .input(
      z.object({
        year: z
          .number({ error: "Choose a year from 1995 to 2100" })
          .int()
          .min(1995, "Choose a year from 1995 to 2100")
          .max(2100, "Choose a year from 1995 to 2100"),
      }),
    )
    .output(holidayYearOutputSchema)
    .query(({ ctx, input }) => listHolidays(ctx.deps, input)),
  declareHoliday: holidaysProcedure
    .input(declaredHolidayInputSchema)
    .output(declaredHolidayOutputSchema)
    .mutation(({ ctx, input }) => addDeclaredHoliday(ctx.deps, input)),
  removeHoliday: holidaysProcedure
    .input(declaredHolidayDeleteSchema)
    .output(removedHolidayOutputSchema)
    .mutation(({ ctx, input }) => removeDeclaredHoliday(ctx.deps, input)),
});
