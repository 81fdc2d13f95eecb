import {
  bookingRecordsOutputSchema,
  caseIdInputSchema,
  caseRecordChecklistOutputSchema,
  recordChecklistsOutputSchema,
  setRecordChecklistInputSchema,
  idInputSchema,
  recordDeskInputSchema,
  recordDeskOutputSchema,
  recordHolderInputSchema,
  recordHolderListInputSchema,
  recordHolderListOutputSchema,
  recordHolderOutputSchema,
  recordRequestDetailOutputSchema,
  recordRequestInputSchema,
  recordRequestListOutputSchema,
  recordRequestMoveInputSchema,
  updateRecordHolderInputSchema,
} from "@medlegal/domain";
import { caseRecordChecklist, listRecordChecklists, setRecordChecklist } from "../../services/records/checklists";
import { recordsForBooking } from "../../services/records/booking-records";
import { recordsDesk } from "../../services/records/desk";
import { createRecordHolder, listRecordHolders, updateRecordHolder } from "../../services/records/holders";
import { sendRecordRequest } from "../../services/records/letters";
import { moveRecordRequest } from "../../services/records/moves";
import { createRecordRequest, getRecordRequest, listCaseRecordRequests } from "../../services/records/requests";
import { roleProcedure, router } from "../../trpc";

/** Records requested from holders for a case, on the PAIA clock (services/records; rows seen as their case is). */
export const recordsRouter = router({
  holders: roleProcedure("records.manage")
    .input(recordHolderListInputSchema)
    .output(recordHolderListOutputSchema)
    .query(({ ctx, input }) => listRecordHolders(ctx.deps, input)),
  createHolder: roleProcedure("records.manage")
    .input(recordHolderInputSchema)
    .output(recordHolderOutputSchema)
    .mutation(({ ctx, input }) => createRecordHolder(ctx.deps, input)),
  updateHolder: roleProcedure("records.manage")
    .input(updateRecordHolderInputSchema)
    .output(recordHolderOutputSchema)
    .mutation(({ ctx, input }) => updateRecordHolder(ctx.deps, input)),
  /** Open requests across matters, the most urgent first, and each holder's pace (staff). */
  desk: roleProcedure("records.manage")
    .input(recordDeskInputSchema)
    .output(recordDeskOutputSchema)
    .query(({ ctx, input }) => recordsDesk(ctx.deps, input)),
  /** The records each discipline needs, as set or by default (staff read them; administrators set them). */
  checklists: roleProcedure("records.manage")
    .output(recordChecklistsOutputSchema)
    .query(({ ctx }) => listRecordChecklists(ctx.deps)),
  setChecklist: roleProcedure("records.checklists")
    .input(setRecordChecklistInputSchema)
    .output(recordChecklistsOutputSchema)
    .mutation(({ ctx, input }) => setRecordChecklist(ctx.deps, input)),
  /** Each discipline on the case with the records it needs and where they stand. */
  checklistForCase: roleProcedure("records.read")
    .input(caseIdInputSchema)
    .output(caseRecordChecklistOutputSchema)
    .query(({ ctx, input }) => caseRecordChecklist(ctx.deps, input)),
  /** The records a booking's expert needs and has; downloads once the attorney consented (services/records/booking-records.ts). */
  forBooking: roleProcedure("records.booking")
    .input(idInputSchema)
    .output(bookingRecordsOutputSchema)
    .query(({ ctx, input }) => recordsForBooking(ctx.deps, input)),
  forCase: roleProcedure("records.read")
    .input(caseIdInputSchema)
    .output(recordRequestListOutputSchema)
    .query(({ ctx, input }) => listCaseRecordRequests(ctx.deps, input)),
  get: roleProcedure("records.read")
    .input(idInputSchema)
    .output(recordRequestDetailOutputSchema)
    .query(({ ctx, input }) => getRecordRequest(ctx.deps, input)),
  request: roleProcedure("records.manage")
    .input(recordRequestInputSchema)
    .output(recordRequestDetailOutputSchema)
    .mutation(({ ctx, input }) => createRecordRequest(ctx.deps, input)),
  /** The request letter as PDF, e-mailed to the holder, and the request sent (409 once sent). */
  send: roleProcedure("records.manage")
    .input(idInputSchema)
    .output(recordRequestDetailOutputSchema)
    .mutation(({ ctx, input }) => sendRecordRequest(ctx.deps, input)),
  move: roleProcedure("records.manage")
    .input(recordRequestMoveInputSchema)
    .output(recordRequestDetailOutputSchema)
    .mutation(({ ctx, input }) => moveRecordRequest(ctx.deps, input)),
});
