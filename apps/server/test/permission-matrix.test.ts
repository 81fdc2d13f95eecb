import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter, notificationsService } from "@medlegal/api";
import type { Role } from "@medlegal/domain";
import { BUNDLE_SECTIONS, ROLES } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, multipart, openLiveStream, PDF, trpc } from "./helpers";
import { ONE_PAGE_PDF } from "./crafted-pdfs";

const A: Role = "administrator";
const E: Role = "employee";
const T: Role = "attorney";
const C: Role = "consultant";
const I: Role = "interpreter";
/** The four roles that work on matters; the interpreter (issue 28) reaches only their account, bell, meetings and own bookings. */
const ALL = [A, E, T, C];
const EVERYONE = [A, E, T, C, I];

/**
 * Who may call each procedure, written out by hand (not read from the permission map, so the
 * two check each other). A procedure missing here fails the suite: every new one needs a row.
 */
const MATRIX: Record<string, "public" | "minuteGuest" | "bundleGuest" | Role[]> = {
  "auth.me": "public",
  "auth.login": "public",
  "auth.verifyTwoFactor": "public",
  "auth.register": "public",
  "auth.confirmRegistration": "public",
  "auth.logout": EVERYONE,
  "auth.forgotPassword": "public",
  "auth.resetPassword": "public",
  // Each user's own calendar feed (calendar-privacy.test.ts: only the caller's bookings).
  "calendar.feed": ALL,
  "calendar.createFeed": ALL,
  "calendar.revokeFeed": ALL,
  "notifications.list": EVERYONE,
  "notifications.markRead": EVERYONE,
  "notifications.markAllRead": EVERYONE,
  "notifications.delete": EVERYONE,
  "messages.unreadCount": ALL,
  // Messages: every role works in its own threads (404 outside them, messages.test.ts); staff add people.
  "messages.threads": ALL,
  "messages.thread": ALL,
  "messages.list": ALL,
  "messages.send": ALL,
  "messages.markRead": ALL,
  "messages.queryThreads": ALL,
  "messages.openQueryThread": ALL,
  // Attorneys and experts reach it too: the service answers 403 unless direct contact is allowed.
  "messages.startThread": ALL,
  "messages.addParticipant": [A, E],
  "messages.recipients": ALL,
  "account.get": EVERYONE,
  "account.updateProfile": EVERYONE,
  "account.changePassword": EVERYONE,
  "account.getNotificationPreferences": EVERYONE,
  "account.setNotificationPreferences": EVERYONE,
  // An expert's own billing details (no id: only ever the caller's own row).
  "account.getBillingDetails": [C],
  "account.updateBillingDetails": [C],
  "twoFactor.getStatus": EVERYONE,
  "twoFactor.start": EVERYONE,
  "twoFactor.confirm": EVERYONE,
  "twoFactor.regenerateRecoveryCodes": EVERYONE,
  "twoFactor.disable": EVERYONE,
  "users.list": [A],
  "users.get": [A],
  "users.create": [A],
  "users.update": [A],
  "users.setActive": [A],
  "users.sendPasswordReset": [A],
  "users.resetTwoFactor": [A],
  "specializations.listActive": "public",
  "specializations.list": [A],
  "specializations.create": [A],
  "specializations.update": [A],
  "specializations.setActive": [A],
  "specializations.remove": [A],
  "disciplineWaits.dependencies": [A, E],
  "disciplineWaits.setDependencies": [A],
  // The server's own backups (nightly-backups.test.ts).
  "operations.backupStatus": [A],
  "operations.backUpNow": [A],
  "settings.getAgency": [A],
  "settings.updateAgency": [A],
  "settings.getSla": [A],
  "settings.updateSla": [A],
  "settings.getSecurity": [A],
  "settings.updateSecurity": [A],
  "settings.getMessaging": [A],
  "settings.updateMessaging": [A],
  "settings.getReminderTemplates": [A],
  "settings.updateReminderTemplates": [A],
  "settings.getVideo": [A],
  "settings.updateVideo": [A],
  "patients.list": [A, E, T],
  "patients.get": [A, E, T],
  "patients.create": [T],
  "patients.update": [A, E, T],
  "cases.list": [A, E, T],
  "cases.get": [A, E, T],
  "cases.create": [T],
  "cases.update": [A, E, T],
  // The court's clock of a case (court-clock.test.ts): staff any case, an attorney their own; offsets for administrators.
  "courtClock.get": [A, E, T],
  "courtClock.matters": [A, E, T],
  "courtClock.setDates": [A, E, T],
  "courtClock.addOrder": [A, E, T],
  "courtClock.removeOrder": [A, E, T],
  // Rule 36(9) notices delivered (rule-36-9.test.ts): staff any case, an attorney their own; experts never.
  "courtClock.markNoticesDelivered": [A, E, T],
  "courtClock.offsets": [A],
  "courtClock.setOffsets": [A],
  // Deferred billing per matter (receivables.test.ts): staff and the case's attorney; staff record the agreement; the forecast and its settings for administrators.
  "receivables.caseBilling": [A, E, T],
  "receivables.setAgreement": [A, E],
  "receivables.recordEvent": [A, E, T],
  "receivables.removeEvent": [A, E, T],
  "receivables.overview": [A],
  "receivables.settings": [A],
  "receivables.setSettings": [A],
  "queries.list": ALL,
  "queries.get": ALL,
  "queries.create": [T],
  "queries.comment": ALL,
  "queries.move": [A, E],
  "queries.take": [A, E],
  "queries.assignEmployee": [A, E],
  "queries.listCaseManagers": [A, E],
  "assignments.listCandidates": [A, E],
  "assignments.create": [A, E],
  "assignments.withdraw": [A, E],
  "assignments.respond": [C],
  "assignments.listMine": [C],
  "consultants.list": [A, E],
  "dashboard.summary": ALL,
  "dashboard.workload": [A, E],
  // Privacy requests: the role gate lets staff through; the service then admits only administrators
  // and employees named privacy officers (privacy.test.ts).
  "privacy.requests": [A, E],
  "privacy.createRequest": [A, E],
  "privacy.updateRequest": [A, E],
  // Deletion and objection requests carried out (subject-request-actions.test.ts).
  "privacy.carryOutRequest": [A, E],
  // No input to fail first: the demo employee, named no privacy officer, meets the service's 403.
  "privacy.dueRequests": [A],
  "privacy.breaches": [A],
  "privacy.breachAffected": [A, E],
  "privacy.createBreach": [A, E],
  "privacy.updateBreach": [A, E],
  // The agreement register (agreements.test.ts): the overview has no input, so the employee meets the service's 403.
  "privacy.agreements": [A],
  "privacy.userAgreements": [A, E],
  "privacy.revokeAgreement": [A, E],
  // Naming privacy officers is user management.
  "privacy.setPrivacyOfficer": [A],
  // RAF 4 as data (raf4.test.ts): rows seen as their report is; the expert assesses, the attorney records the RAF's outcome.
  "raf4.get": ALL,
  "raf4.saveAssessment": [A, E, C],
  "raf4.recordOutcome": [A, E, T],
  "raf4.recordTribunal": [A, E, T],
  "raf4.forCase": [A, E, T],
  "raf4.request": [A, E],
  // Records from hospitals, police and employers (records.test.ts): staff keep the register and the
  // requests; an attorney reads those of their own cases.
  "records.holders": [A, E],
  "records.desk": [A, E],
  "records.checklists": [A, E],
  "records.setChecklist": [A],
  "records.checklistForCase": [A, E, T],
  "records.forBooking": [A, E, C],
  "records.createHolder": [A, E],
  "records.updateHolder": [A, E],
  "records.forCase": [A, E, T],
  "records.get": [A, E, T],
  "records.request": [A, E],
  "records.move": [A, E],
  // The request letter e-mailed to the holder (records-letters.test.ts).
  "records.send": [A, E],
  // The case's expert evidence for the trial bundle (evidence-documents.test.ts): staff and the case's attorney, never an expert.
  "bundles.evidence": [A, E, T],
  "bundles.setSelection": [A, E, T],
  "bundles.withdrawDocument": [A, E, T],
  // A case's bundles (bundles.test.ts): made, served and read by staff and the case's attorney.
  "bundles.list": [A, E, T],
  "bundles.get": [A, E, T],
  "bundles.make": [A, E, T],
  "bundles.serve": [A, E, T],
  // A served bundle shared with the opposing attorney (bundle-shares.test.ts): by staff and the case's attorney;
  // the guest opens the link and types the code (public), then reads that one bundle with the share's guest session.
  "bundles.share": [A, E, T],
  "bundles.shares": [A, E, T],
  "bundles.revokeShare": [A, E, T],
  "bundles.guestOpen": "public",
  "bundles.guestVerify": "public",
  "bundles.guestGet": "bundleGuest",
  // Retention (retention.test.ts): holds for privacy managers; destruction approved by administrators only.
  "privacy.legalHolds": [A],
  "privacy.setLegalHold": [A, E],
  "privacy.liftLegalHold": [A, E],
  "privacy.destructionCandidates": [A],
  // The PAIA manual (issue 37): public, as PAIA section 51(3) asks.
  "privacy.paiaManual": "public",
  "privacy.destructionCertificates": [A],
  "privacy.approveDestruction": [A],
  "privacy.retentionSettings": [A],
  "privacy.updateRetentionSettings": [A],
  "audit.list": [A],
  "audit.listAccess": [A],
  "availability.get": [A, E, C],
  "availability.setWeekly": [A, E, C],
  "availability.setOverride": [A, E, C],
  "availability.removeOverride": [A, E, C],
  "availability.week": [A, E],
  "bookings.list": ALL,
  "bookings.get": ALL,
  "bookings.listExperts": [A, E, T],
  "bookings.listSlots": [A, E, T],
  "bookings.create": [A, E, T],
  "bookings.cancel": [A, E, T],
  "bookings.reschedule": [A, E, T],
  "bookings.confirm": [A, E],
  "bookings.recordAttendance": [A, E, C],
  "bookings.correctAttendance": [A, E],
  // A NO the claimant gave by phone (claimant-day.test.ts): staff record it, as the text reply does.
  "bookings.recordCannotAttend": [A, E],
  "rosters.list": [A, E],
  "rosters.add": [A, E],
  "rosters.remove": [A, E],
  "sla.list": ALL,
  "sla.pause": [A, E],
  "sla.resume": [A, E],
  "sla.getMonitoring": [A, E],
  "sla.attendance": [A, E],
  "sla.listHolidays": [A],
  "sla.declareHoliday": [A],
  "sla.removeHoliday": [A],
  "reports.list": ALL,
  "reports.get": ALL,
  "reports.take": [A, E],
  "reports.review": [A, E],
  "reports.withdraw": [A, E],
  "reports.createLinked": [A, E],
  "reports.release": [A, E],
  "reports.overrideRelease": [A],
  "reports.ask": [T],
  "disciplineWaits.consentToSharing": [T],
  "disciplineWaits.sharedWithMe": [C],
  "reports.checklist": [A, E],
  "reports.updateChecklist": [A],
  "reports.listDeferrals": [A],
  "reports.setDeferral": [A],
  "invoices.list": ALL,
  "invoices.get": ALL,
  "invoices.createDraft": [A, E],
  "invoices.updateDraft": [A, E],
  "invoices.discardDraft": [A, E, C],
  "invoices.issue": [A, E, C],
  "invoices.credit": [A, E],
  "invoices.emailAgain": [A, E],
  "invoices.listUnbilled": [A, E, C],
  "invoices.createExpertDraft": [A, E, C],
  "invoices.listFees": [A, E, C],
  "invoices.setFee": [A],
  "invoices.getSample": [A, E],
  "payments.listAccounts": [A],
  "payments.getAccount": [A, T],
  "payments.list": [A, T],
  "payments.record": [A],
  "payments.allocate": [A],
  "payments.reverse": [A],
  "payments.listProofs": [A, T],
  "payments.matchProof": [A],
  "payments.rejectProof": [A],
  "payments.getStatement": [A, T],
  "payments.listForInvoice": ALL,
  // Bank statements become payments, which only administrators record (bank-statements.test.ts).
  "bankStatements.listMappings": [A],
  "bankStatements.saveMapping": [A],
  "bankStatements.resetMapping": [A],
  "bankStatements.preview": [A],
  "bankStatements.import": [A],
  "bankStatements.queue": [A],
  "bankStatements.confirm": [A],
  "bankStatements.confirmExact": [A],
  // Video meetings: the management procedures per role (rows scoped by invitation in the service,
  // meetings.test.ts); the room's are open to any signed-in role AND to a meeting guest's session
  // (roomProcedure), which meetings.test.ts checks reaches nothing else.
  "meetings.list": EVERYONE,
  "meetings.get": EVERYONE,
  "meetings.invitees": [A, E],
  "meetings.links": [A, E],
  "meetings.create": [A, E],
  "meetings.invite": [A, E],
  "meetings.uninvite": [A, E],
  "meetings.resendLink": [A, E],
  "meetings.copyGuestLink": [A, E],
  "meetings.cancel": [A, E],
  "meetings.joinAsGuest": "public",
  "meetings.getRoom": EVERYONE,
  "meetings.getIceServers": EVERYONE,
  "meetings.enter": EVERYONE,
  "meetings.heartbeat": EVERYONE,
  "meetings.admit": EVERYONE,
  "meetings.deny": EVERYONE,
  "meetings.remove": EVERYONE,
  "meetings.leave": EVERYONE,
  "meetings.end": EVERYONE,
  "meetings.setConsent": EVERYONE,
  "meetings.startRecording": EVERYONE,
  "meetings.stopRecording": EVERYONE,
  "meetings.signal": EVERYONE,
  "meetings.listSignals": EVERYONE,
  // The live event stream (a subscription over server-sent events; guests too, live-events.test.ts).
  "live.events": EVERYONE,
  // Global search (issue 30): every role, each kind scoped like its list (search.test.ts and the object-level matrix below).
  "search.global": ALL,
  "search.identityOpened": ALL,
  // The claimant's day (issue 28, logistics.test.ts): everyone who sees the booking reads (the expert a narrow view); staff arrange it and print the day sheet.
  "logistics.get": ALL,
  "logistics.set": [A, E],
  "logistics.applyToSameDay": [A, E],
  "logistics.daySheet": [A, E],
  // What a claimant's "cannot attend" leaves to undo (claimant-day.test.ts): staff list and close the tasks.
  "logistics.tasks": [A, E],
  "logistics.completeTask": [A, E],
  // Interpreters with an account (interpreter-role.test.ts): staff pick one in the logistics form; the interpreter reads and joins their own bookings.
  "logistics.interpreters": [A, E],
  "interpreting.myBookings": [I],
  "interpreting.booking": [I],
  "interpreting.joinMeeting": [I],
  "interpreting.answer": [I],
  // Joint minutes (joint-minutes.test.ts; the object level at the end of this file): seen as their report is,
  // the attorney's once released. The guest* procedures answer only the opposing expert's guest session:
  // 401 for every user ("minuteGuest"); joint-minutes.test.ts walks the router as that session.
  "jointMinutes.list": ALL,
  "jointMinutes.listForReport": ALL,
  "jointMinutes.get": ALL,
  "jointMinutes.create": [A, E],
  "jointMinutes.updateOpposingExpert": [A, E],
  "jointMinutes.sendGuestLink": [A, E],
  "jointMinutes.revokeGuestLink": [A, E],
  "jointMinutes.saveIssues": [A, E, C],
  "jointMinutes.requestSignCode": [C],
  "jointMinutes.sign": [C],
  "jointMinutes.release": [A, E],
  "jointMinutes.releaseEarly": [A],
  "jointMinutes.repudiate": [A, E, T],
  "jointMinutes.createAddendum": [A, E],
  "jointMinutes.arrangeMeeting": [A, E],
  "jointMinutes.guestOpen": "public",
  "jointMinutes.guestVerify": "public",
  "jointMinutes.guestGet": "minuteGuest",
  "jointMinutes.guestSaveIssues": "minuteGuest",
  "jointMinutes.guestRequestSignCode": "minuteGuest",
  "jointMinutes.guestSign": "minuteGuest",
  // Saved views (issue 30): everyone keeps their own (owner-only changes, saved-views.test.ts); bulk actions are staff's.
  "savedViews.list": ALL,
  "savedViews.create": ALL,
  "savedViews.update": ALL,
  "savedViews.delete": ALL,
  "bulkActions.queries": [A, E],
  "bulkActions.reports": [A, E],
  "queries.board": [A, E],
};

/**
 * An allowed caller is served or refused for the input: any answer below 500 except the refusals
 * listed. A 500 is never "allowed", or a crashing procedure would pass as reachable.
 */
function expectServed(status: number, refusals: number[], message: string) {
  expect(status, message).toBeLessThan(500);
  expect(refusals, message).not.toContain(status);
}

const USERNAME: Record<Role, string> = {
  administrator: "admin",
  employee: "employee",
  attorney: "attorney",
  consultant: "consultant",
  interpreter: "interpreter",
};

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" | "subscription" } }>,
).map(([path, procedure]) => ({ path, kind: procedure._def.type }));

describe("the permission matrix", () => {
  let t: TestApp;
  const cookies = {} as Record<Role, string>;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    for (const role of ROLES) cookies[role] = (await login(t.app, USERNAME[role])).cookie;
    const attorney = await t.db.selectFrom("users").select("id").where("username", "=", USERNAME.attorney).executeTakeFirstOrThrow();
    await notificationsService.notify(t.db, {
      userId: attorney.id,
      type: "query_update",
      title: "Query in review",
      message: "Your query is being reviewed.",
    });
  });
  afterAll(() => t.close());

  it("has a row for every procedure of the router, and no row for one that is gone", () => {
    expect(procedures.map((p) => p.path).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  // Inputs are empty on purpose: an allowed caller gets past the role check and is then refused
  // for the input (400) or served; a refused caller never reaches the input.
  it.each(procedures)("$path answers each role as the matrix says", async ({ path, kind }) => {
    const access = MATRIX[path];
    if (kind === "subscription") {
      // A stream never ends by itself: opened from a real socket and closed once its status is known.
      const base = await t.app
        .listen({ port: 0, host: "127.0.0.1" })
        .catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
      const anonymous = await openLiveStream(base, "");
      expect(anonymous.status).toBe(401);
      for (const role of ROLES) {
        const stream = await openLiveStream(base, cookies[role]);
        await stream.close();
        const allowed = access === "public" || (access ?? []).includes(role);
        expect(stream.status, `${role} and ${path}`).toBe(allowed ? 200 : 403);
      }
      return;
    }
    expect(access, `no matrix row for ${path}`).toBeDefined();
    if (access === "minuteGuest" || access === "bundleGuest") {
      for (const cookie of ["", ...ROLES.map((role) => cookies[role])])
        expect((await trpc(t.app, cookie, path, kind === "query" ? undefined : {})).status, path).toBe(401);
      return;
    }
    const anonymous = await trpc(t.app, "", path, kind === "query" ? undefined : {});
    if (access === "public") expectServed(anonymous.status, [401], `anyone should reach ${path}`);
    else expect(anonymous.status).toBe(401);

    for (const role of ROLES) {
      // Signing out ends the session it is called with, so it gets a session of its own.
      const cookie = path === "auth.logout" ? (await login(t.app, USERNAME[role])).cookie : cookies[role];
      const answer = await trpc(t.app, cookie, path, kind === "query" ? undefined : {});
      const allowed = access === "public" || (access ?? []).includes(role);
      if (allowed) expectServed(answer.status, [401, 403], `${role} should reach ${path}: ${answer.error?.message}`);
      else expect(answer.status, `${role} must be refused ${path}`).toBe(403);
    }
  });

  it("scopes notifications to their owner: another user's answers 404, one's own is served", async () => {
    const list = await trpc<{ id: string }[]>(t.app, cookies.attorney, "notifications.list");
    const attorneys = list.data[0]!.id;
    for (const role of [A, E, C]) {
      expect((await trpc(t.app, cookies[role], "notifications.markRead", { id: attorneys })).status).toBe(404);
      expect((await trpc(t.app, cookies[role], "notifications.delete", { id: attorneys })).status).toBe(404);
    }
    expect((await trpc(t.app, cookies.attorney, "notifications.markRead", { id: attorneys })).status).toBe(200);
  });
});

/**
 * Object level: for procedures that name one record, each role that may call them gets its own
 * record served and someone else's answered 404 (never 403, so ids cannot be probed). Every
 * procedure of the record routers must be classified here: a new one fails until it is.
 */
const RECORD_ROUTERS = [
  "patients",
  "cases",
  "courtClock",
  "receivables",
  "queries",
  "assignments",
  "bookings",
  "availability",
  "sla",
  "reports",
  "invoices",
  "payments",
  "meetings",
  "messages",
  "raf4",
  "records",
  "bundles",
  "search",
  "logistics",
  "interpreting",
  "savedViews",
  "bulkActions",
];
/** Procedures of those routers that list or create (scoped or checked in their own suites), not one record. */
const NOT_ONE_RECORD = new Set([
  "patients.list",
  "patients.create",
  "cases.list",
  "cases.create",
  "courtClock.matters",
  "courtClock.offsets",
  "courtClock.setOffsets",
  "records.holders",
  "records.desk",
  "records.checklists",
  "records.setChecklist",
  "records.createHolder",
  "records.request",
  "receivables.overview",
  "receivables.settings",
  "receivables.setSettings",
  "queries.list",
  "queries.create",
  "queries.listCaseManagers",
  "assignments.listMine",
  "assignments.listCandidates",
  "assignments.create",
  "bookings.list",
  "bookings.listSlots",
  "availability.week",
  "sla.list",
  "sla.getMonitoring",
  "sla.attendance",
  "sla.listHolidays",
  "sla.declareHoliday",
  "sla.removeHoliday",
  "reports.list",
  "disciplineWaits.sharedWithMe",
  "reports.checklist",
  "reports.updateChecklist",
  "reports.listDeferrals",
  "reports.setDeferral",
  "invoices.list",
  "invoices.createDraft",
  "invoices.listUnbilled",
  "invoices.createExpertDraft",
  "invoices.listFees",
  "invoices.setFee",
  "invoices.getSample",
  "payments.listAccounts",
  "payments.record",
  "meetings.list",
  "meetings.invitees",
  "meetings.links",
  "meetings.create",
  "meetings.joinAsGuest",
  // A shared bundle's guest: the link, the code, then the one bundle its session names (bundle-shares.test.ts).
  "bundles.guestOpen",
  "bundles.guestVerify",
  "bundles.guestGet",
  // The caller's own threads and counts, and new threads (scoped and checked in messages.test.ts).
  "messages.unreadCount",
  "messages.threads",
  "messages.recipients",
  "messages.startThread",
  // Global search: rows scoped per kind (the attorney's search for another firm's claimant below, search.test.ts).
  "search.global",
  // A venue's day (staff see every booking of it; logistics.test.ts).
  "logistics.daySheet",
  // The interpreters with an account, for staff's picker; the interpreter's own list (scoped in interpreter-role.test.ts).
  "logistics.interpreters",
  "interpreting.myBookings",
  // Staff's open tasks (staff see every booking; claimant-day.test.ts).
  "logistics.tasks",
  // The caller's own views (saved-views.test.ts); bulk actions name many rows, each checked by its single-row service (bulk-actions.test.ts).
  "savedViews.list",
  "savedViews.create",
  "bulkActions.queries",
  "bulkActions.reports",
  // The board's cards for the rows on the page (staff see every query; bulk-actions.test.ts).
  "queries.board",
]);
/** Staff-only procedures on one record: staff see every record, so there is no "someone else's". */
const STAFF_ONLY_RECORDS = new Set([
  "queries.move",
  "queries.take",
  "queries.assignEmployee",
  "assignments.withdraw",
  "bookings.confirm",
  "bookings.correctAttendance",
  "sla.pause",
  "sla.resume",
  "reports.take",
  "reports.review",
  "reports.withdraw",
  "reports.createLinked",
  "reports.release",
  "reports.overrideRelease",
  "invoices.updateDraft",
  "invoices.credit",
  "invoices.emailAgain",
  "payments.allocate",
  "payments.reverse",
  "payments.matchProof",
  "payments.rejectProof",
  // Staff arrange every meeting of the agency; nobody else reaches these (the row matrix above).
  "meetings.invite",
  "meetings.uninvite",
  "meetings.resendLink",
  "meetings.copyGuestLink",
  "meetings.cancel",
  "messages.addParticipant",
  "receivables.setAgreement",
  "raf4.request",
  "records.updateHolder",
  "records.move",
  "records.send",
  "logistics.set",
  "logistics.applyToSameDay",
  "bookings.recordCannotAttend",
  "logistics.completeTask",
]);

describe("the object-level matrix", () => {
  let t: TestApp;
  const cookie = {} as Record<string, string>;
  let fx: Record<string, Record<string, unknown>>;
  /**
   * The REST file routes (apps/server/src/rest) that reach one record, by role: the request on the
   * caller's own record and on someone else's. `refused` is the answer for someone else's when it
   * is not the record's 404 (a proof naming another's invoice is bad input, the same as a missing one).
   */
  type RestCall = { method: "GET" | "POST"; url: string; body?: ReturnType<typeof multipart> };
  let rest: Record<string, Record<string, { own?: RestCall; other?: RestCall; refused?: number }>>;
  /** Another firm's claimant as the demo attorney might type it: surname, references, ID and RAF numbers. */
  let foreignTerms: { term: string; ownTerm: string }[];

  beforeAll(async () => {
    t = await createTestApp("pglite", {}, { workflow: true });
    for (const name of ["attorney", "nomsa", "consultant", "dr_naidoo", "ot_smith", "employee", "dr_moodley", "interpreter"])
      cookie[name] = (await login(t.app, name)).cookie;
    const userId = async (username: string) =>
      (await t.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
    const [attorney, nomsa, consultant, naidoo] = await Promise.all(["attorney", "nomsa", "consultant", "dr_naidoo"].map(userId));
    const patientOf = (id: string) => t.db.selectFrom("patients").selectAll().where("attorney_id", "=", id).executeTakeFirstOrThrow();
    const caseOf = (id: string) => t.db.selectFrom("cases").selectAll().where("attorney_id", "=", id).executeTakeFirstOrThrow();
    const queryOf = (id: string) => t.db.selectFrom("queries").selectAll().where("attorney_id", "=", id).executeTakeFirstOrThrow();
    const assignmentOf = (id: string) =>
      t.db.selectFrom("consultant_assignments").selectAll().where("consultant_id", "=", id).executeTakeFirstOrThrow();
    const bookingOf = (column: "attorney_id" | "consultant_id", id: string) =>
      t.db
        .selectFrom("bookings")
        .selectAll()
        .where(column, "=", id)
        .where("status", "in", ["requested", "confirmed"])
        .executeTakeFirstOrThrow();
    const patientInput = (p: Awaited<ReturnType<typeof patientOf>>) => ({
      id: p.id,
      firstName: p.first_name,
      lastName: p.last_name,
      idNumber: p.id_number ?? "",
      passportNumber: p.passport_number ?? "",
      birthDate: p.birth_date,
      gender: p.gender,
      homeLanguage: p.home_language,
      interpreterNeeded: p.interpreter_needed,
      consentReceivedAt: p.consent_received_at ?? "",
    });
    const caseInput = (c: Awaited<ReturnType<typeof caseOf>>) => ({
      id: c.id,
      patientId: c.patient_id,
      claimType: c.claim_type,
      incidentDate: c.incident_date,
      rafClaimNumber: c.raf_claim_number ?? "",
      courtCaseNumber: c.court_case_number ?? "",
      status: c.status,
    });
    const [myPatient, theirPatient, myCase, theirCase, myQuery, theirQuery] = await Promise.all([
      patientOf(attorney!),
      patientOf(nomsa!),
      caseOf(attorney!),
      caseOf(nomsa!),
      queryOf(attorney!),
      queryOf(nomsa!),
    ]);
    // The consultant's assignment on an open query of the demo attorney (the booking below is theirs to make).
    const consultantsQuery = (
      await t.db
        .selectFrom("consultant_assignments")
        .innerJoin("queries", "queries.id", "consultant_assignments.query_id")
        .select("consultant_assignments.query_id")
        .where("consultant_assignments.consultant_id", "=", consultant!)
        .where("queries.attorney_id", "=", attorney!)
        .where("queries.status", "in", ["assigning", "scheduled"])
        .orderBy("consultant_assignments.created_at")
        .executeTakeFirstOrThrow()
    ).query_id;
    const unassignedQuery = theirQuery.id;
    // Live bookings of the consultant and of the other attorney, made the way the app makes them:
    // the expert accepts the query, then its attorney books them.
    const bookAccepted = async (queryId: string, username: string, attorneyCookie: string, day: number) => {
      const expert = await t.db
        .selectFrom("users")
        .select(["id", "specialization_id"])
        .where("username", "=", username)
        .executeTakeFirstOrThrow();
      let assignment = await t.db
        .selectFrom("consultant_assignments")
        .select(["id", "status"])
        .where("query_id", "=", queryId)
        .where("consultant_id", "=", expert.id)
        .where("status", "in", ["proposed", "accepted"])
        .executeTakeFirst();
      if (!assignment) {
        const proposed = await trpc<{ id: string }>(t.app, cookie.employee!, "assignments.create", {
          queryId,
          consultantId: expert.id,
          specializationId: expert.specialization_id,
        });
        expect(proposed.status).toBe(200);
        assignment = { id: proposed.data.id, status: "proposed" };
      }
      if (assignment.status === "proposed")
        expect((await trpc(t.app, cookie[username]!, "assignments.respond", { id: assignment.id, accept: true })).status).toBe(200);
      const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const slots = await trpc<{ startsAt: string }[]>(t.app, attorneyCookie, "bookings.listSlots", {
        consultantId: expert.id,
        from: dayAhead(day),
        to: dayAhead(day + 13),
      });
      const booked = await trpc(t.app, attorneyCookie, "bookings.create", {
        queryId,
        consultantId: expert.id,
        startsAt: slots.data[0]!.startsAt,
      });
      expect(booked.status).toBe(200);
    };
    await bookAccepted(consultantsQuery, "consultant", cookie.attorney!, 20);
    const nomsasOpenQuery = await t.db
      .selectFrom("queries")
      .select("id")
      .where("attorney_id", "=", nomsa!)
      .where("status", "in", ["in_review", "assigning"])
      .executeTakeFirstOrThrow();
    await bookAccepted(nomsasOpenQuery.id, "dr_moodley", cookie.nomsa!, 20);
    const [myBooking, theirBooking, naidooBooking, consultantBooking] = await Promise.all([
      bookingOf("attorney_id", attorney!),
      t.db.selectFrom("bookings").selectAll().where("attorney_id", "=", nomsa!).executeTakeFirstOrThrow(),
      bookingOf("consultant_id", naidoo!),
      bookingOf("consultant_id", consultant!),
    ]);
    const interpretersBooking = await t.db
      .selectFrom("booking_logistics")
      .innerJoin("users", "users.id", "booking_logistics.interpreter_user_id")
      .select("booking_logistics.booking_id")
      .where("users.username", "=", "interpreter")
      .executeTakeFirstOrThrow();
    const reportOf = (column: "attorney_id" | "consultant_id", id: string) =>
      t.db.selectFrom("reports").selectAll().where(column, "=", id).orderBy("reference").executeTakeFirstOrThrow();
    const [myReport, theirReport, consultantReport, naidooReport] = await Promise.all([
      reportOf("attorney_id", attorney!),
      reportOf("attorney_id", nomsa!),
      reportOf("consultant_id", consultant!),
      reportOf("consultant_id", naidoo!),
    ]);
    const raf4Input = (reportId: string) => ({
      reportId,
      examinedPersonallyBy: consultant,
      examinationDate: "2026-11-20",
      mmiReached: false,
      mmiDate: null,
      wpiPercent: "29.5",
      narrativeHeads: [],
      onNonSeriousList: false,
      notes: "",
    });
    // An issued invoice to each attorney, made the way staff make them.
    const issuedInvoice = async (attorneyId: string, caseId: string) => {
      const lines = [{ kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 450_000 }];
      const made = await trpc<{ id: string }>(t.app, cookie.employee!, "invoices.createDraft", { attorneyId, caseId, lines });
      expect(made.status, made.error?.message).toBe(200);
      const issued = await trpc<{ id: string }>(t.app, cookie.employee!, "invoices.issue", { id: made.data.id });
      expect(issued.status, issued.error?.message).toBe(200);
      return issued.data.id;
    };
    // Invoices are issued only once the agency's address is known.
    const agency = JSON.stringify({ name: "MedLegal Agency", address: "3 Oxford Road, Parktown" });
    await t.db
      .insertInto("settings")
      .values({ key: "agency", value: agency })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: agency }))
      .execute();
    const [myInvoice, theirInvoice] = [await issuedInvoice(attorney!, myCase.id), await issuedInvoice(nomsa!, theirCase.id)];
    // A court-order item on each attorney's case, entered by staff.
    const orderOn = async (caseId: string) => {
      const made = await trpc<{ orders: { id: string }[] }>(t.app, cookie.employee!, "courtClock.addOrder", {
        caseId,
        kind: "other",
        dueOn: "2027-01-15",
        text: "Matrix order",
      });
      expect(made.status, made.error?.message).toBe(200);
      return made.data.orders.at(-1)!.id;
    };
    const [myOrder, theirOrder] = [await orderOn(myCase.id), await orderOn(theirCase.id)];
    // A records request (issue 40) on each firm's case, made by staff through the procedures.
    const holder = await trpc<{ id: string }>(t.app, cookie.employee!, "records.createHolder", {
      name: "Matrix Hospital",
      kind: "public",
      category: "hospital",
      informationOfficer: "Matrix Officer",
      email: "paia@matrix-hospital.example",
      requestFee: "35",
    });
    expect(holder.status, holder.error?.message).toBe(200);
    const recordsRequestOn = async (caseId: string) => {
      const made = await trpc<{ id: string }>(t.app, cookie.employee!, "records.request", {
        caseId,
        holderId: holder.data.id,
        recordKinds: ["hospital_notes"],
        periodFrom: null,
        periodTo: null,
        specializationIds: [],
        legalBasis: "paia_public",
        authority: "signed_consent",
      });
      expect(made.status, made.error?.message).toBe(200);
      return made.data.id;
    };
    const [myRecordsRequest, theirRecordsRequest] = [await recordsRequestOn(myCase.id), await recordsRequestOn(theirCase.id)];
    // Each request's letter, sent by staff: the attorney downloads their own case's, not another firm's.
    const letterOf = async (id: string) => {
      const sent = await trpc<{ files: { fileId: string }[] }>(t.app, cookie.employee!, "records.send", { id });
      expect(sent.status, sent.error?.message).toBe(200);
      return sent.data.files[0]!.fileId;
    };
    const [myLetter, theirLetter] = [await letterOf(myRecordsRequest), await letterOf(theirRecordsRequest)];
    const courtDates = (caseId: string) => ({
      caseId,
      vehicleIdentified: true,
      rafLodgedOn: null,
      summonsServedOn: null,
      trialDate: "2027-06-14",
      courtDivision: "western_cape",
      preTrialDate: null,
    });
    // A meeting the consultant hosts with the attorney invited, and a demo video assessment of
    // another expert that neither is invited to.
    const adHoc = await trpc<{ id: string; roomId: string }>(t.app, cookie.employee!, "meetings.create", {
      title: "Matrix meeting",
      startsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      durationMinutes: 30,
      hostId: consultant,
      userIds: [attorney],
    });
    expect(adHoc.status, adHoc.error?.message).toBe(200);
    const foreign = await t.db
      .selectFrom("meetings")
      .select(["id", "room_id"])
      .where("host_id", "<>", consultant!)
      .where("status", "<>", "cancelled")
      .executeTakeFirstOrThrow();
    const ownRoom = { roomId: adHoc.data.roomId };
    const otherRoom = { roomId: foreign.room_id };
    const callId = "c".repeat(22);
    const participantId = attorney;
    const roomFx = (own: Record<string, unknown> | undefined, other: Record<string, unknown>, hostOnly = false) => ({
      attorney: { ...(hostOnly ? {} : { own: { ...ownRoom, ...own } }), other: { ...otherRoom, ...other } },
      consultant: { ...(own ? { own: { ...ownRoom, ...own } } : {}), other: { ...otherRoom, ...other } },
    });
    // The demo data's conversations: each side's own thread, and one they take no part in.
    const threadOf = async (userId: string, kind: "query_attorney" | "query_expert") =>
      (
        await t.db
          .selectFrom("message_threads as th")
          .innerJoin("thread_participants as p", "p.thread_id", "th.id")
          .select("th.id")
          .where("p.user_id", "=", userId)
          .where("th.kind", "=", kind)
          .orderBy("th.id")
          .executeTakeFirstOrThrow()
      ).id;
    const [myThread, theirThread, consultantThread] = await Promise.all([
      threadOf(attorney!, "query_attorney"),
      threadOf(nomsa!, "query_attorney"),
      threadOf(consultant!, "query_expert"),
    ]);
    const threadFx = (extra: Record<string, unknown> = {}) => ({
      attorney: { own: { threadId: myThread, ...extra }, other: { threadId: theirThread, ...extra } },
      // The expert is never in an attorney's thread, the attorney never in an expert's.
      consultant: { own: { threadId: consultantThread, ...extra }, other: { threadId: myThread, ...extra } },
    });
    // A query document of each attorney, uploaded the way the web uploads it.
    const uploadDocument = async (who: string, queryId: string) => {
      const body = multipart("matrix.pdf", PDF);
      const answer = await t.app.inject({
        method: "POST",
        url: `/api/queries/${queryId}/documents`,
        headers: { cookie: cookie[who]!, ...body.headers },
        payload: body.payload,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return (answer.json() as { id: string }).id;
    };
    const [myDocument, theirDocument] = [
      await uploadDocument("attorney", consultantsQuery),
      await uploadDocument("nomsa", nomsasOpenQuery.id),
    ];
    // A document of each attorney's case's expert evidence, added the way the web adds it.
    const evidenceFields = {
      section: "defendant_reports",
      party: "defendant",
      author: "Dr P. Botha",
      documentDate: "2026-11-02",
      description: "Matrix report",
    };
    const addEvidence = async (who: string, caseId: string) => {
      const body = multipart("matrix.pdf", ONE_PAGE_PDF, "application/pdf", evidenceFields);
      const answer = await t.app.inject({
        method: "POST",
        url: `/api/cases/${caseId}/evidence`,
        headers: { cookie: cookie[who]!, ...body.headers },
        payload: body.payload,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const { id } = answer.json() as { id: string };
      const version = await t.db
        .selectFrom("evidence_document_versions")
        .select("file_id")
        .where("document_id", "=", id)
        .executeTakeFirstOrThrow();
      return { id, fileId: version.file_id };
    };
    const [myEvidence, theirEvidence] = [await addEvidence("attorney", myCase.id), await addEvidence("nomsa", theirCase.id)];
    // Withdrawn by its own row, so the version upload above still finds its document open.
    const myWithdrawable = await addEvidence("attorney", myCase.id);
    // A bundle of each attorney's case, asked for (made in the background; reading it needs no more).
    const bundleOf = async (who: string, caseId: string) => {
      const made = await trpc<{ id: string }>(t.app, cookie[who]!, "bundles.make", { caseId });
      expect(made.status, made.error?.message).toBe(200);
      return made.data.id;
    };
    const [myBundle, theirBundle] = [await bundleOf("attorney", myCase.id), await bundleOf("nomsa", theirCase.id)];
    // A share of each bundle, written as the fixture (sharing itself needs a served bundle: bundle-shares.test.ts).
    const shareOf = async (bundleId: string) => {
      const bundle = await t.db.selectFrom("bundles").select("made_by").where("id", "=", bundleId).executeTakeFirstOrThrow();
      const share = await t.db
        .insertInto("bundle_shares")
        .values({
          bundle_id: bundleId,
          name: "Adv. Matrix",
          email: "matrix@example.org",
          token_hash: randomUUID(),
          expires_at: new Date(Date.now() + 86_400_000),
          created_by: bundle.made_by,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return share.id;
    };
    const [myShare, theirShare] = [await shareOf(myBundle), await shareOf(theirBundle)];
    const get = (url: string): RestCall => ({ method: "GET", url });
    const upload = (url: string, fields: Record<string, string> = {}, data: Buffer = PDF): RestCall => ({
      method: "POST",
      url,
      body: multipart("matrix.pdf", data, "application/pdf", fields),
    });
    // A recording the consultant starts as the host of the ad hoc meeting, the way the room starts one.
    expect((await trpc(t.app, cookie.consultant!, "meetings.enter", ownRoom)).status).toBe(200);
    expect((await trpc(t.app, cookie.consultant!, "meetings.setConsent", { ...ownRoom, consent: true })).status).toBe(200);
    const started = await trpc(t.app, cookie.consultant!, "meetings.startRecording", { ...ownRoom, contentType: "video/webm" });
    expect(started.status, started.error?.message).toBe(200);
    const recording = (started.data as { recording: { id: string } }).recording.id;
    const period = "from=2026-01-01&to=2026-01-31";
    const proof = (invoiceId: string) => ({ amountCents: "1000", paidOn: "2026-01-15", reference: "Matrix EFT", invoiceIds: invoiceId });
    const theirRafCase = await t.db
      .selectFrom("cases")
      .selectAll()
      .where("attorney_id", "=", nomsa!)
      .where("raf_claim_number", "is not", null)
      .executeTakeFirstOrThrow();
    const myRafCase = await t.db
      .selectFrom("cases")
      .selectAll()
      .where("attorney_id", "=", attorney!)
      .where("raf_claim_number", "is not", null)
      .executeTakeFirstOrThrow();
    const myIdPatient = await t.db
      .selectFrom("patients")
      .selectAll()
      .where("attorney_id", "=", attorney!)
      .where("id_number", "is not", null)
      .executeTakeFirstOrThrow();
    const theirIdPatient = await t.db
      .selectFrom("patients")
      .selectAll()
      .where("attorney_id", "=", nomsa!)
      .where("id_number", "is not", null)
      .executeTakeFirstOrThrow();
    foreignTerms = [
      { term: theirPatient.last_name, ownTerm: myPatient.last_name },
      { term: theirQuery.reference, ownTerm: myQuery.reference },
      { term: theirCase.reference.replace(/-/g, ""), ownTerm: myCase.reference.replace(/-/g, "") },
      { term: theirIdPatient.id_number!, ownTerm: myIdPatient.id_number! },
      { term: theirRafCase.raf_claim_number!, ownTerm: myRafCase.raf_claim_number! },
    ];
    rest = {
      "POST /api/queries/:id/documents": {
        attorney: {
          own: upload(`/api/queries/${consultantsQuery}/documents`),
          other: upload(`/api/queries/${nomsasOpenQuery.id}/documents`),
        },
      },
      "GET /api/files/:id": { attorney: { own: get(`/api/files/${myDocument}`), other: get(`/api/files/${theirDocument}`) } },
      // A records request's letter (records-letters.test.ts): owner kind record_request.
      "GET /api/files/:id (records request letter)": {
        attorney: { own: get(`/api/files/${myLetter}`), other: get(`/api/files/${theirLetter}`) },
      },
      // The case's expert evidence (evidence-documents.test.ts): owner kind evidence_document.
      "POST /api/cases/:id/evidence": {
        attorney: {
          own: upload(`/api/cases/${myCase.id}/evidence`, evidenceFields, ONE_PAGE_PDF),
          other: upload(`/api/cases/${theirCase.id}/evidence`, evidenceFields, ONE_PAGE_PDF),
        },
      },
      "POST /api/evidence/:id/versions": {
        attorney: {
          own: upload(`/api/evidence/${myEvidence.id}/versions`, {}, ONE_PAGE_PDF),
          other: upload(`/api/evidence/${theirEvidence.id}/versions`, {}, ONE_PAGE_PDF),
        },
      },
      "GET /api/files/:id (evidence document)": {
        attorney: { own: get(`/api/files/${myEvidence.fileId}`), other: get(`/api/files/${theirEvidence.fileId}`) },
      },
      "GET /api/documents/:id": { attorney: { own: get(`/api/documents/${myDocument}`), other: get(`/api/documents/${theirDocument}`) } },
      "POST /api/reports/:id/versions": {
        consultant: {
          own: upload(`/api/reports/${consultantReport.id}/versions`),
          other: upload(`/api/reports/${naidooReport.id}/versions`),
        },
      },
      "POST /api/payments/proofs": {
        attorney: {
          own: upload("/api/payments/proofs", proof(myInvoice)),
          other: upload("/api/payments/proofs", proof(theirInvoice)),
          refused: 400,
        },
      },
      "GET /api/payments/statement.pdf": {
        attorney: {
          own: get(`/api/payments/statement.pdf?${period}`),
          other: get(`/api/payments/statement.pdf?attorneyId=${nomsa}&${period}`),
        },
      },
      "POST /api/meetings/recordings/:id/chunks/:seq": {
        consultant: { own: upload(`/api/meetings/recordings/${recording}/chunks/0`) },
        attorney: { other: upload(`/api/meetings/recordings/${recording}/chunks/0`) },
      },
      // A case's bill-of-costs schedule and its billing files (receivables.test.ts).
      "GET /api/cases/:caseId/bill-of-costs-schedule.pdf": {
        attorney: {
          own: get(`/api/cases/${myCase.id}/bill-of-costs-schedule.pdf`),
          other: get(`/api/cases/${theirCase.id}/bill-of-costs-schedule.pdf`),
        },
      },
      "GET /api/cases/:caseId/bill-of-costs-schedule.csv": {
        attorney: {
          own: get(`/api/cases/${myCase.id}/bill-of-costs-schedule.csv`),
          other: get(`/api/cases/${theirCase.id}/bill-of-costs-schedule.csv`),
        },
      },
      "POST /api/cases/:caseId/billing/files/:kind": {
        attorney: {
          own: upload(`/api/cases/${myCase.id}/billing/files/order`),
          other: upload(`/api/cases/${theirCase.id}/billing/files/order`),
        },
      },
      "GET /api/bookings/:id/calendar.ics": {
        attorney: { own: get(`/api/bookings/${myBooking.id}/calendar.ics`), other: get(`/api/bookings/${theirBooking.id}/calendar.ics`) },
        consultant: {
          own: get(`/api/bookings/${consultantBooking.id}/calendar.ics`),
          other: get(`/api/bookings/${naidooBooking.id}/calendar.ics`),
        },
      },
    };
    // A case's Rule 36(9) drafts (rule-36-9.test.ts): the attorney's own served, another's 404; an expert 403 even on a case they report on.
    for (const document of ["notice", "summaries"])
      for (const format of ["docx", "pdf"])
        rest[`GET /api/cases/:caseId/rule-36-9/${document}.${format}`] = {
          attorney: {
            own: get(`/api/cases/${myCase.id}/rule-36-9/${document}.${format}`),
            other: get(`/api/cases/${theirCase.id}/rule-36-9/${document}.${format}`),
          },
          consultant: { other: get(`/api/cases/${myCase.id}/rule-36-9/${document}.${format}`), refused: 403 },
        };
    // A saved view of each attorney's and of the consultant's: one's own is changed, another's (even the same role's) is 404.
    const viewOf = async (who: string, name: string) =>
      (await trpc<{ id: string }>(t.app, cookie[who]!, "savedViews.create", { list: "queries", name, filters: {} })).data.id;
    const [myView, theirView, consultantView] = [
      await viewOf("attorney", "Matrix view"),
      await viewOf("nomsa", "Matrix view"),
      await viewOf("consultant", "Matrix view"),
    ];
    fx = {
      "messages.thread": threadFx(),
      "messages.list": threadFx(),
      "messages.markRead": threadFx(),
      "messages.send": threadFx({ body: "Matrix message" }),
      "messages.queryThreads": {
        attorney: { own: { queryId: myQuery.id }, other: { queryId: theirQuery.id } },
        consultant: { own: { queryId: consultantsQuery }, other: { queryId: unassignedQuery } },
      },
      "messages.openQueryThread": {
        attorney: { own: { queryId: myQuery.id, kind: "query_attorney" }, other: { queryId: theirQuery.id, kind: "query_attorney" } },
        consultant: { own: { queryId: consultantsQuery, kind: "query_expert" }, other: { queryId: unassignedQuery, kind: "query_expert" } },
      },
      "meetings.get": {
        attorney: { own: { id: adHoc.data.id }, other: { id: foreign.id } },
        consultant: { own: { id: adHoc.data.id }, other: { id: foreign.id } },
      },
      "meetings.getRoom": roomFx({}, {}),
      "meetings.getIceServers": roomFx({}, {}),
      "meetings.enter": roomFx({}, {}),
      "meetings.heartbeat": roomFx({}, {}),
      "meetings.leave": roomFx({}, {}),
      "meetings.setConsent": roomFx({ consent: true }, { consent: true }),
      "meetings.listSignals": roomFx({ callId }, { callId }),
      "meetings.signal": roomFx(
        { callId, signals: [{ toParticipantId: participantId, toCallId: callId, kind: "candidate", payload: "{}" }] },
        { callId, signals: [{ toParticipantId: participantId, toCallId: callId, kind: "candidate", payload: "{}" }] },
      ),
      // Host-only acts: the host reaches their own room (refused for the act with 409), anyone gets 404 for another's.
      "meetings.admit": roomFx({ participantId }, { participantId }, true),
      "meetings.deny": roomFx({ participantId }, { participantId }, true),
      "meetings.remove": roomFx({ participantId }, { participantId }, true),
      "meetings.startRecording": roomFx({ contentType: "video/webm" }, { contentType: "video/webm" }, true),
      "meetings.stopRecording": roomFx({}, {}, true),
      "meetings.end": roomFx(undefined, {}, true),
      // Consultants see only their own expert invoices, never one to an attorney.
      "invoices.get": { attorney: { own: { id: myInvoice }, other: { id: theirInvoice } }, consultant: { other: { id: myInvoice } } },
      "invoices.issue": { consultant: { other: { id: myInvoice } } },
      "invoices.discardDraft": { consultant: { other: { id: myInvoice } } },
      // An attorney's own account, payments, proofs and statements; another attorney's are 404.
      "payments.getAccount": { attorney: { own: {}, other: { attorneyId: nomsa } } },
      "payments.list": { attorney: { own: {}, other: { attorneyId: nomsa } } },
      "payments.listProofs": { attorney: { own: {}, other: { attorneyId: nomsa } } },
      "payments.getStatement": {
        attorney: { own: { from: "2026-01-01", to: "2026-01-31" }, other: { attorneyId: nomsa, from: "2026-01-01", to: "2026-01-31" } },
      },
      "payments.listForInvoice": {
        attorney: { own: { invoiceId: myInvoice }, other: { invoiceId: theirInvoice } },
        consultant: { other: { invoiceId: myInvoice } },
      },
      "patients.get": { attorney: { own: { id: myPatient.id }, other: { id: theirPatient.id } } },
      "patients.update": { attorney: { own: patientInput(myPatient), other: patientInput(theirPatient) } },
      "cases.get": { attorney: { own: { id: myCase.id }, other: { id: theirCase.id } } },
      "cases.update": { attorney: { own: caseInput(myCase), other: caseInput(theirCase) } },
      "courtClock.get": { attorney: { own: { caseId: myCase.id }, other: { caseId: theirCase.id } } },
      "courtClock.setDates": { attorney: { own: courtDates(myCase.id), other: courtDates(theirCase.id) } },
      "courtClock.addOrder": {
        attorney: {
          own: { caseId: myCase.id, kind: "other", dueOn: "2027-01-20", text: "Matrix order" },
          other: { caseId: theirCase.id, kind: "other", dueOn: "2027-01-20", text: "Matrix order" },
        },
      },
      "courtClock.removeOrder": { attorney: { own: { id: myOrder }, other: { id: theirOrder } } },
      "courtClock.markNoticesDelivered": {
        attorney: {
          own: { caseId: myCase.id, documents: ["notice"], deliveredOn: "2026-11-20" },
          other: { caseId: theirCase.id, documents: ["notice"], deliveredOn: "2026-11-20" },
        },
      },
      "receivables.caseBilling": { attorney: { own: { caseId: myCase.id }, other: { caseId: theirCase.id } } },
      "receivables.recordEvent": {
        attorney: {
          own: { caseId: myCase.id, kind: "order", occurredOn: "2026-11-20" },
          other: { caseId: theirCase.id, kind: "order", occurredOn: "2026-11-20" },
        },
      },
      "receivables.removeEvent": {
        attorney: { own: { caseId: myCase.id, kind: "raf_paid" }, other: { caseId: theirCase.id, kind: "raf_paid" } },
      },
      "queries.get": {
        attorney: { own: { id: myQuery.id }, other: { id: theirQuery.id } },
        consultant: { own: { id: consultantsQuery }, other: { id: unassignedQuery } },
      },
      "queries.comment": {
        attorney: { own: { queryId: myQuery.id, body: "Thank you" }, other: { queryId: theirQuery.id, body: "Thank you" } },
        consultant: { own: { queryId: consultantsQuery, body: "Noted" }, other: { queryId: unassignedQuery, body: "Noted" } },
      },
      "assignments.respond": {
        // Answering one's own (already answered or open) assignment reaches the record; another's is 404.
        consultant: {
          own: { id: (await assignmentOf(consultant!)).id, accept: false, reason: "matrix" },
          other: { id: (await assignmentOf(naidoo!)).id, accept: true },
        },
      },
      "bookings.get": {
        attorney: { own: { id: myBooking.id }, other: { id: theirBooking.id } },
        consultant: { own: { id: consultantBooking.id }, other: { id: naidooBooking.id } },
      },
      "bookings.cancel": { attorney: { other: { id: theirBooking.id, reason: "matrix" } } },
      "bookings.listExperts": { attorney: { own: { queryId: myQuery.id }, other: { queryId: theirQuery.id } } },
      "bookings.create": {
        attorney: {
          other: { queryId: theirQuery.id, consultantId: naidoo, startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
        },
      },
      "bookings.reschedule": {
        attorney: { other: { id: theirBooking.id, startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString() } },
      },
      "bookings.recordAttendance": { consultant: { other: { id: naidooBooking.id, attended: true } } },
      "reports.get": {
        attorney: { own: { id: myReport.id }, other: { id: theirReport.id } },
        consultant: { own: { id: consultantReport.id }, other: { id: naidooReport.id } },
      },
      // Questions on one's own report reach it (refused with 409 before release); another's is 404.
      "reports.ask": {
        attorney: { own: { id: myReport.id, body: "Matrix question" }, other: { id: theirReport.id, body: "Matrix question" } },
      },
      // The attorney's consent to share a query's reports: their own query, another firm's is 404.
      "disciplineWaits.consentToSharing": { attorney: { own: { id: myQuery.id }, other: { id: theirQuery.id } } },
      // A RAF 4 row is seen as its report is: one's own report reaches it (409 when not a RAF 4 report), another's is 404.
      "raf4.get": {
        attorney: { own: { id: myReport.id }, other: { id: theirReport.id } },
        consultant: { own: { id: consultantReport.id }, other: { id: naidooReport.id } },
      },
      "raf4.saveAssessment": {
        consultant: { own: raf4Input(consultantReport.id), other: raf4Input(naidooReport.id) },
      },
      "raf4.recordOutcome": {
        attorney: {
          own: { reportId: myReport.id, outcome: "accepted", outcomeDate: "2026-11-20" },
          other: { reportId: theirReport.id, outcome: "accepted", outcomeDate: "2026-11-20" },
        },
      },
      "raf4.forCase": { attorney: { own: { caseId: myCase.id }, other: { caseId: theirCase.id } } },
      // A records request is seen as its case is: the attorney's own case's, not another firm's.
      "records.forCase": { attorney: { own: { caseId: myCase.id }, other: { caseId: theirCase.id } } },
      "records.get": { attorney: { own: { id: myRecordsRequest }, other: { id: theirRecordsRequest } } },
      "records.checklistForCase": { attorney: { own: { caseId: myCase.id }, other: { caseId: theirCase.id } } },
      // The case's expert evidence is seen as its case is: the attorney's own, not another firm's.
      "bundles.evidence": { attorney: { own: { caseId: myCase.id }, other: { caseId: theirCase.id } } },
      "bundles.setSelection": {
        attorney: {
          own: { caseId: myCase.id, sectionOrder: [...BUNDLE_SECTIONS], excluded: [] },
          other: { caseId: theirCase.id, sectionOrder: [...BUNDLE_SECTIONS], excluded: [] },
        },
      },
      "bundles.withdrawDocument": { attorney: { own: { id: myWithdrawable.id }, other: { id: theirEvidence.id } } },
      "bundles.list": { attorney: { own: { caseId: myCase.id }, other: { caseId: theirCase.id } } },
      "bundles.get": { attorney: { own: { id: myBundle }, other: { id: theirBundle } } },
      "bundles.make": { attorney: { own: { caseId: myCase.id }, other: { caseId: theirCase.id } } },
      // Serving one's own bundle reaches it (409 while it is being made); another firm's is 404.
      "bundles.serve": {
        attorney: {
          own: { id: myBundle, servedOn: "2026-11-20", servedTo: "The RAF's attorneys" },
          other: { id: theirBundle, servedOn: "2026-11-20", servedTo: "The RAF's attorneys" },
        },
      },
      // Sharing one's own bundle reaches it (409 until it is served); another firm's bundle, and its shares, are 404.
      "bundles.share": {
        attorney: {
          own: { id: myBundle, name: "Adv. Matrix", email: "matrix@example.org" },
          other: { id: theirBundle, name: "Adv. Matrix", email: "matrix@example.org" },
        },
      },
      "bundles.shares": { attorney: { own: { id: myBundle }, other: { id: theirBundle } } },
      "bundles.revokeShare": { attorney: { own: { id: myShare }, other: { id: theirShare } } },
      // A booking's records are seen as the booking is: the expert's own booking, not another expert's.
      "records.forBooking": { consultant: { own: { id: consultantBooking.id }, other: { id: naidooBooking.id } } },
      "raf4.recordTribunal": {
        attorney: {
          own: { reportId: myReport.id, outcome: "upheld", outcomeDate: "2026-11-20" },
          other: { reportId: theirReport.id, outcome: "upheld", outcomeDate: "2026-11-20" },
        },
      },
      // Opening a claimant found by ID number is logged for one's own claimant; another firm's is 404.
      "search.identityOpened": { attorney: { own: { patientId: myPatient.id }, other: { patientId: theirPatient.id } } },
      "availability.get": { consultant: { own: {}, other: { consultantId: naidoo } } },
      "availability.setWeekly": { consultant: { other: { consultantId: naidoo, dailyCapacity: 3, days: [] } } },
      "availability.setOverride": { consultant: { other: { consultantId: naidoo, date: "2099-01-05", unavailable: true } } },
      "availability.removeOverride": { consultant: { other: { consultantId: naidoo, date: "2099-01-05" } } },
      // A booking's logistics are seen as the booking is: one's own served, another's 404.
      "logistics.get": {
        attorney: { own: { bookingId: myBooking.id }, other: { bookingId: theirBooking.id } },
        consultant: { own: { bookingId: consultantBooking.id }, other: { bookingId: naidooBooking.id } },
      },
      // The demo interpreter is named on the Mokoena day (seed/claimant-day.ts): that booking served, another firm's 404.
      "interpreting.booking": {
        interpreter: { own: { bookingId: interpretersBooking.booking_id }, other: { bookingId: theirBooking.id } },
      },
      "interpreting.joinMeeting": { interpreter: { other: { bookingId: theirBooking.id } } },
      "interpreting.answer": { interpreter: { other: { bookingId: theirBooking.id, answer: "declined" } } },
      "savedViews.update": {
        attorney: { own: { id: myView, name: "Matrix view renamed" }, other: { id: theirView, name: "Mine now" } },
        consultant: { own: { id: consultantView, name: "Matrix view renamed" }, other: { id: myView, name: "Mine now" } },
      },
      "savedViews.delete": {
        attorney: { own: { id: myView }, other: { id: theirView } },
        consultant: { own: { id: consultantView }, other: { id: theirView } },
      },
    };
  });
  afterAll(() => t.close());

  it("finds an attorney nothing of another firm by name, reference, ID or RAF number, without an error", async () => {
    type Found = { groups: { kind: string; hits: { id: string; targetId: string | null }[] }[] };
    const attorneyId = (await t.db.selectFrom("users").select("id").where("username", "=", "attorney").executeTakeFirstOrThrow()).id;
    const TABLES = {
      claimant: "patients",
      case: "cases",
      query: "queries",
      booking: "bookings",
      report: "reports",
      invoice: "invoices",
    } as const;
    const ownerOf = async (kind: string, hit: { id: string; targetId: string | null }) => {
      const table = TABLES[kind as keyof typeof TABLES];
      const row = await t.db
        .selectFrom(table)
        .select("attorney_id")
        .where("id", "=", kind === "invoice" ? (hit.targetId ?? hit.id) : hit.id)
        .executeTakeFirstOrThrow();
      return row.attorney_id;
    };
    for (const { term, ownTerm } of foreignTerms) {
      const staff = await trpc<Found>(t.app, cookie.employee!, "search.global", { term });
      expect(staff.data.groups.length, `staff find ${term}`).toBeGreaterThan(0);
      const theirs = await trpc<Found>(t.app, cookie.attorney!, "search.global", { term });
      expect(theirs.status, term).toBe(200);
      // A surname both firms share may find the attorney's own claimant: never the other firm's rows.
      for (const group of theirs.data.groups)
        for (const hit of group.hits) expect(await ownerOf(group.kind, hit), `${term}: ${group.kind}`).toBe(attorneyId);
      const own = await trpc<Found>(t.app, cookie.attorney!, "search.global", { term: ownTerm });
      expect(own.data.groups.length, `own ${ownTerm}`).toBeGreaterThan(0);
    }
  });

  it("classifies every procedure of the record routers", () => {
    const recordProcedures = procedures.map((p) => p.path).filter((path) => RECORD_ROUTERS.includes(path.split(".")[0]!));
    const unclassified = recordProcedures.filter((path) => !NOT_ONE_RECORD.has(path) && !STAFF_ONLY_RECORDS.has(path) && !(path in fx));
    expect(unclassified).toEqual([]);
  });

  it("serves a role its own record over the REST file routes and answers someone else's with 404", async () => {
    const who: Record<string, string> = { attorney: "attorney", consultant: "consultant" };
    const send = (role: string, call: RestCall) =>
      t.app.inject({
        method: call.method,
        url: call.url,
        headers: { cookie: cookie[who[role]!]!, ...call.body?.headers },
        payload: call.body?.payload,
      });
    for (const [route, byRole] of Object.entries(rest)) {
      for (const [role, { own, other, refused = 404 }] of Object.entries(byRole)) {
        if (other) {
          const answer = await send(role, other);
          expect(answer.statusCode, `${role} on someone else's record via ${route}: ${answer.body}`).toBe(refused);
        }
        if (own) {
          const answer = await send(role, own);
          expectServed(answer.statusCode, [401, 403, 404], `${role} on their own record via ${route}: ${answer.body}`);
        }
      }
    }
  });

  it("serves a role its own record and answers someone else's with 404", async () => {
    const who: Record<string, string> = { attorney: "attorney", consultant: "consultant", interpreter: "interpreter" };
    for (const [path, byRole] of Object.entries(fx)) {
      for (const [role, inputs] of Object.entries(byRole) as [string, { own?: unknown; other?: unknown }][]) {
        if (inputs.other !== undefined) {
          const other = await trpc(t.app, cookie[who[role]!]!, path, inputs.other);
          expect(other.status, `${role} on someone else's record via ${path}`).toBe(404);
        }
        if (inputs.own !== undefined) {
          const own = await trpc(t.app, cookie[who[role]!]!, path, inputs.own);
          expectServed(own.status, [401, 403, 404], `${role} on their own record via ${path}: ${own.error?.message}`);
        }
      }
    }
  });
});

/**
 * Joint minutes at the object level (docs/decisions.md "Joint minutes"): two released reports of
 * different experts and attorneys, a minute on each; each role gets its own minute served and the
 * other's answered 404. The attorney's minute is marked signed and released in the fixture (the
 * signing itself is joint-minutes.test.ts's).
 */
describe("the object-level matrix of joint minutes", () => {
  let t: TestApp;
  const cookie = {} as Record<"attorney" | "consultant", string>;
  let fx: Record<string, { attorney?: { own?: unknown; other: unknown }; consultant?: { own?: unknown; other: unknown } }>;
  /** Procedures on one minute that only staff reach (staff see every minute), and the guest's and public ones. */
  const ELSEWHERE = new Set([
    "list",
    "create",
    "updateOpposingExpert",
    "sendGuestLink",
    "revokeGuestLink",
    "release",
    "releaseEarly",
    "createAddendum",
    "arrangeMeeting",
    "guestOpen",
    "guestVerify",
    "guestGet",
    "guestSaveIssues",
    "guestRequestSignCode",
    "guestSign",
  ]);

  beforeAll(async () => {
    t = await createTestApp("pglite", {}, { workflow: true });
    const released = await t.db
      .selectFrom("reports")
      .innerJoin("users as expert", "expert.id", "reports.consultant_id")
      .innerJoin("users as attorney", "attorney.id", "reports.attorney_id")
      .select(["reports.id", "reports.consultant_id", "reports.attorney_id", "expert.username as expert", "attorney.username as attorney"])
      .where("reports.status", "=", "released")
      .where("reports.kind", "<>", "joint_minute")
      .orderBy("reports.reference")
      .execute();
    const mine = released[0]!;
    const theirs = released.find((r) => r.consultant_id !== mine.consultant_id)!;
    expect(theirs, "two released reports of different experts").toBeDefined();
    // The demo releases reports of one firm only: another firm's minute sits on a report of theirs not yet released.
    const foreign = await t.db
      .selectFrom("reports")
      .select("id")
      .where("attorney_id", "<>", mine.attorney_id)
      .orderBy("reference")
      .executeTakeFirstOrThrow();
    cookie.attorney = (await login(t.app, mine.attorney)).cookie;
    cookie.consultant = (await login(t.app, mine.expert)).cookie;
    const employee = (await login(t.app, "employee")).cookie;
    const opposing = {
      name: "Dr Matrix",
      discipline: "Orthopaedics",
      hpcsaNumber: "MP 0000001",
      practice: "Matrix Practice",
      email: "matrix@example.org",
      phone: "021 555 0000",
      instructingFirm: "Matrix Inc",
      side: "defendant",
    };
    const minuteOf = async (reportId: string) => {
      const made = await trpc<{ id: string }>(t.app, employee, "jointMinutes.create", { reportId, opposing, dueOn: null });
      expect(made.status, made.error?.message).toBe(200);
      return made.data.id;
    };
    const own = await minuteOf(mine.id);
    const creator = (await t.db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow()).id;
    const { id: other } = await t.db
      .insertInto("joint_minutes")
      .values({
        report_id: foreign.id,
        opposing_name: "Dr Matrix",
        opposing_discipline: "Orthopaedics",
        opposing_hpcsa: "MP 0000001",
        opposing_practice: "Matrix Practice",
        opposing_email: "matrix@example.org",
        opposing_phone: "021 555 0000",
        opposing_firm: "Matrix Inc",
        opposing_side: "defendant",
        created_by: creator,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const id of [own, other])
      await t.db.updateTable("joint_minutes").set({ frozen_at: new Date(), released_at: new Date() }).where("id", "=", id).execute();
    const [ownDraft, otherDraft] = [await minuteOf(mine.id), await minuteOf(theirs.id)];
    const today = new Date().toISOString().slice(0, 10);
    fx = {
      listForReport: {
        attorney: { own: { reportId: mine.id }, other: { reportId: foreign.id } },
        consultant: { own: { reportId: mine.id }, other: { reportId: theirs.id } },
      },
      get: { attorney: { own: { id: own }, other: { id: other } }, consultant: { own: { id: ownDraft }, other: { id: otherDraft } } },
      saveIssues: {
        consultant: { own: { id: ownDraft, baseVersion: 0, issues: [] }, other: { id: otherDraft, baseVersion: 0, issues: [] } },
      },
      requestSignCode: { consultant: { own: { id: ownDraft }, other: { id: otherDraft } } },
      sign: {
        consultant: {
          own: { id: ownDraft, typedName: "Matrix Name", code: "123456" },
          other: { id: otherDraft, typedName: "Matrix Name", code: "123456" },
        },
      },
      repudiate: {
        attorney: {
          own: { id: own, party: "ours", repudiatedOn: today, reasons: "Matrix" },
          other: { id: other, party: "ours", repudiatedOn: today, reasons: "Matrix" },
        },
      },
    };
    // The attorney of the matter reaches a minute not yet released (issue 37): what it waits for, never its words.
    const early = await trpc<{ withheld: boolean; issues: unknown[]; waitingFor: string | null }>(
      t.app,
      cookie.attorney,
      "jointMinutes.get",
      { id: ownDraft },
    );
    expect(early.status).toBe(200);
    expect(early.data).toMatchObject({ withheld: true, issues: [], waitingFor: "The experts have not recorded the issues yet." });
  });
  afterAll(() => t.close());

  it("classifies every joint-minute procedure", () => {
    const paths = procedures.map((p) => p.path).filter((path) => path.startsWith("jointMinutes."));
    expect(paths.filter((path) => !ELSEWHERE.has(path.split(".")[1]!) && !(path.split(".")[1]! in fx))).toEqual([]);
  });

  it("serves a role its own minute and answers someone else's with 404", async () => {
    for (const [name, byRole] of Object.entries(fx)) {
      for (const [role, inputs] of Object.entries(byRole) as [keyof typeof cookie, { own?: unknown; other: unknown }][]) {
        const other = await trpc(t.app, cookie[role], `jointMinutes.${name}`, inputs.other);
        expect(other.status, `${role} on someone else's minute via ${name}`).toBe(404);
        if (inputs.own !== undefined) {
          const own = await trpc(t.app, cookie[role], `jointMinutes.${name}`, inputs.own);
          expectServed(own.status, [401, 403, 404], `${role} on their own minute via ${name}: ${own.error?.message}`);
        }
      }
    }
    // The list of joint minutes (issue 37) holds one's own and never someone else's.
    for (const role of ["attorney", "consultant"] as const) {
      const listed = await trpc<{ items: { id: string }[] }>(t.app, cookie[role], "jointMinutes.list", {});
      expect(listed.status, listed.error?.message).toBe(200);
      const ids = listed.data.items.map((m) => m.id);
      expect(ids, `${role}'s list`).toContain((fx.get![role]!.own as { id: string }).id);
      expect(ids, `${role}'s list`).not.toContain((fx.get![role]!.other as { id: string }).id);
    }
    // The PDF route too.
    const pdf = (id: unknown) =>
      t.app.inject({ method: "GET", url: `/api/joint-minutes/${id as string}/minute.pdf`, headers: { cookie: cookie.attorney } });
    expect((await pdf((fx.get!.attorney!.other as { id: string }).id)).statusCode).toBe(404);
    expectServed(
      (await pdf((fx.get!.attorney!.own as { id: string }).id)).statusCode,
      [401, 403, 404],
      "the attorney's own released minute as PDF",
    );
  });
});
