import { createCallerFactory, router } from "../trpc";
import { accountRouter } from "./users/account";
import { assignmentsRouter } from "./queries/assignments";
import { availabilityRouter } from "./scheduling/availability";
import { bookingsRouter } from "./scheduling/bookings";
import { calendarRouter } from "./calendar";
import { rostersRouter } from "./scheduling/rosters";
import { reportsRouter } from "./reports";
import { raf4Router } from "./raf4";
import { recordsRouter } from "./records";
import { bundlesRouter } from "./bundles";
import { invoicesRouter } from "./invoices";
import { paymentsRouter } from "./payments";
import { meetingsRouter } from "./meetings";
import { auditRouter } from "./audit";
import { casesRouter } from "./cases";
import { courtClockRouter } from "./court-clock";
import { consultantsRouter } from "./consultants";
import { dashboardRouter } from "./dashboard";
import { patientsRouter } from "./patients";
import { privacyRouter } from "./privacy";
import { queriesRouter } from "./queries";
import { authRouter } from "./auth";
import { liveRouter } from "./live";
import { messagesRouter } from "./messages";
import { notificationsRouter } from "./notifications";
import { settingsRouter } from "./settings";
import { operationsRouter } from "./operations";
import { slaRouter } from "./sla";
import { specializationsRouter } from "./consultants/specializations";
import { disciplineWaitsRouter } from "./discipline-waits";
import { twoFactorRouter } from "./auth/two-factor";
import { usersRouter } from "./users";
import { bankStatementsRouter } from "./bank-statements";
import { receivablesRouter } from "./receivables";
import { searchRouter } from "./search";
import { logisticsRouter } from "./logistics";
import { interpretingRouter } from "./interpreting";
import { jointMinutesRouter } from "./joint-minutes";
import { savedViewsRouter } from "./saved-views";
import { bulkActionsRouter } from "./bulk-actions";

export const appRouter = router({
  auth: authRouter,
  notifications: notificationsRouter,
  messages: messagesRouter,
  account: accountRouter,
  twoFactor: twoFactorRouter,
  users: usersRouter,
  specializations: specializationsRouter,
  disciplineWaits: disciplineWaitsRouter,
  settings: settingsRouter,
  operations: operationsRouter,
  patients: patientsRouter,
  cases: casesRouter,
  courtClock: courtClockRouter,
  queries: queriesRouter,
  assignments: assignmentsRouter,
  consultants: consultantsRouter,
  dashboard: dashboardRouter,
  audit: auditRouter,
  availability: availabilityRouter,
  bookings: bookingsRouter,
  calendar: calendarRouter,
  rosters: rostersRouter,
  sla: slaRouter,
  reports: reportsRouter,
  raf4: raf4Router,
  records: recordsRouter,
  bundles: bundlesRouter,
  invoices: invoicesRouter,
  payments: paymentsRouter,
  meetings: meetingsRouter,
  live: liveRouter,
  privacy: privacyRouter,
  bankStatements: bankStatementsRouter,
  receivables: receivablesRouter,
  search: searchRouter,
  logistics: logisticsRouter,
  interpreting: interpretingRouter,
  jointMinutes: jointMinutesRouter,
  savedViews: savedViewsRouter,
  bulkActions: bulkActionsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
