import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { SpecializationItem, UserDetail, UserSummary } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, resetTokenIn, trpc, uniqueSuffix, validAttorney } from "./helpers";
import { TEST_AGENCY } from "./invoice-kit";

describe.each(testDialects())("user administration on %s", (kind) => {
  let t: TestApp;
  let admin: { cookie: string; id: string };
  let employeeCookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const a = await login(t.app, "admin");
    admin = { cookie: a.cookie, id: a.response.json().id };
    employeeCookie = (await login(t.app, "employee")).cookie;
  });
  afterAll(() => t.close());

  const newEmployee = (n = uniqueSuffix()) => ({
    role: "employee",
    username: `emp_${n}`,
    email: `emp_${n}@agency.example`,
    firstName: "Zanele",
    lastName: `Khumalo ${n}`,
    password: "Str0ng!Password",
  });

  it("creates an employee who can then sign in", async () => {
    const input = newEmployee();
    const created = await trpc<UserDetail>(t.app, admin.cookie, "users.create", input);
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ username: input.username, role: "employee", isActive: true });
    const signIn = await login(t.app, input.username, input.password);
    expect(signIn.response.statusCode).toBe(200);
    expect(signIn.response.json().role).toBe("employee");
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", created.data.id).execute();
    expect(audit.map((a) => a.action)).toContain("user.create");
    expect(JSON.stringify(audit)).not.toContain("Str0ng!Password");
  });

  it("applies the sign-up rules to attorneys it creates", async () => {
    const bad = await trpc(t.app, admin.cookie, "users.create", { ...validAttorney(), emails: ["nope"] });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("Please enter valid email addresses");
    const good = await trpc<UserDetail>(t.app, admin.cookie, "users.create", validAttorney());
    expect(good.status).toBe(200);
    expect(good.data.addresses).toEqual(["12 Long Street, Cape Town"]);
  });

  it("records an attorney firm's VAT number, refuses a malformed one and audits the change", async () => {
    const vatMessage = "A VAT number has 10 digits and starts with 4.";
    const malformed = validAttorney({ vatNumber: "5123456789" });
    const refused = await trpc(t.app, admin.cookie, "users.create", malformed);
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(vatMessage);
    expect(await t.db.selectFrom("users").select("id").where("username", "=", malformed.username).executeTakeFirst()).toBeUndefined();

    const created = await trpc<UserDetail>(t.app, admin.cookie, "users.create", validAttorney({ vatNumber: " 4111222333 " }));
    expect(created.status).toBe(200);
    expect(created.data.vatNumber).toBe("4111222333");
    const { password: _p, username: _u, ...saved } = validAttorney();
    const edit = { ...saved, id: created.data.id, email: created.data.email };

    const tooShort = await trpc(t.app, admin.cookie, "users.update", { ...edit, vatNumber: "411122233" });
    expect(tooShort.error?.message).toBe(vatMessage);
    // An edit that does not send the field (an older page) keeps the number.
    expect((await trpc<UserDetail>(t.app, admin.cookie, "users.get", { id: created.data.id })).data.vatNumber).toBe("4111222333");
    expect((await trpc<UserDetail>(t.app, admin.cookie, "users.update", edit)).data.vatNumber).toBe("4111222333");

    const changed = await trpc<UserDetail>(t.app, admin.cookie, "users.update", { ...edit, vatNumber: "4999888777" });
    expect(changed.data.vatNumber).toBe("4999888777");
    const cleared = await trpc<UserDetail>(t.app, admin.cookie, "users.update", { ...edit, vatNumber: "" });
    expect(cleared.data.vatNumber).toBeNull();
    const audits = await t.db
      .selectFrom("audit_log")
      .select(["action", "before", "after"])
      .where("entity_id", "=", created.data.id)
      .where("action", "=", "user.update")
      .execute();
    const vatChanges = audits.map((a) => [a.before, a.after]).filter(([, after]) => after && "vatNumber" in after);
    expect(vatChanges).toHaveLength(2);
    expect(vatChanges).toEqual(
      expect.arrayContaining([
        [{ vatNumber: "4111222333" }, { vatNumber: "4999888777" }],
        [{ vatNumber: "4999888777" }, { vatNumber: null }],
      ]),
    );

    // Another role has no firm VAT number.
    const employee = await trpc<UserDetail>(t.app, admin.cookie, "users.update", { ...edit, vatNumber: "4999888777", role: "employee" });
    expect(employee.data.vatNumber).toBeNull();
  });

  it("is for administrators only: others get 403, nobody gets 401", async () => {
    expect((await trpc(t.app, employeeCookie, "users.list", {})).status).toBe(403);
    expect((await trpc(t.app, employeeCookie, "users.create", newEmployee())).status).toBe(403);
    expect((await trpc(t.app, "", "users.list", {})).status).toBe(401);
  });

  it("searches by name, username, email and firm, filters, and pages with a cursor", async () => {
    const firm = await trpc<{ items: UserSummary[] }>(t.app, admin.cookie, "users.list", { search: "van der merwe attorneys" });
    expect(firm.data.items.map((u) => u.username)).toEqual(["attorney"]);
    const byEmail = await trpc<{ items: UserSummary[] }>(t.app, admin.cookie, "users.list", { search: "CONSULTANT@medlegal" });
    expect(byEmail.data.items.map((u) => u.username)).toEqual(["consultant"]);
    const consultants = await trpc<{ items: UserSummary[] }>(t.app, admin.cookie, "users.list", { role: "consultant" });
    expect(consultants.data.items.every((u) => u.role === "consultant")).toBe(true);

    for (let i = 0; i < 5; i++) await trpc(t.app, admin.cookie, "users.create", newEmployee(`page${i}`));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { items: UserSummary[]; nextCursor: string | null } } = await trpc(t.app, admin.cookie, "users.list", {
        role: "employee",
        limit: 2,
        cursor,
      });
      expect(page.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.items.map((u) => u.id));
      cursor = page.data.nextCursor;
    } while (cursor);
    const all = await trpc<{ items: UserSummary[] }>(t.app, admin.cookie, "users.list", { role: "employee", limit: 100 });
    expect(seen).toEqual(all.data.items.map((u) => u.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("changes a user's role, audited with before and after", async () => {
    const created = await trpc<UserDetail>(t.app, admin.cookie, "users.create", newEmployee());
    const updated = await trpc<UserDetail>(t.app, admin.cookie, "users.update", {
      id: created.data.id,
      role: "administrator",
      email: created.data.email,
      firstName: created.data.firstName,
      lastName: created.data.lastName,
    });
    expect(updated.data.role).toBe("administrator");
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", created.data.id)
      .where("action", "=", "user.role_change")
      .executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ role: "employee" });
    expect(audit.after).toEqual({ role: "administrator" });
  });

  it("refuses to let administrators deactivate or demote themselves", async () => {
    const deactivate = await trpc(t.app, admin.cookie, "users.setActive", { id: admin.id, active: false });
    expect(deactivate.status).toBe(403);
    expect(deactivate.error?.message).toBe("You cannot deactivate your own account.");
    const me = await trpc<UserDetail>(t.app, admin.cookie, "users.get", { id: admin.id });
    const demote = await trpc(t.app, admin.cookie, "users.update", { ...me.data, role: "employee" });
    expect(demote.status).toBe(403);
    expect(demote.error?.message).toBe("You cannot change your own role.");
  });

  it("deactivation ends the user's sessions at once and sign-in then fails with the generic message", async () => {
    const input = newEmployee();
    const created = await trpc<UserDetail>(t.app, admin.cookie, "users.create", input);
    const { cookie } = await login(t.app, input.username, input.password);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(200);
    const off = await trpc<UserDetail>(t.app, admin.cookie, "users.setActive", { id: created.data.id, active: false });
    expect(off.data.isActive).toBe(false);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(401);
    const again = await login(t.app, input.username, input.password);
    expect(again.response.statusCode).toBe(401);
    expect(again.response.json()).toEqual({ message: "Invalid username or password" });
    await trpc(t.app, admin.cookie, "users.setActive", { id: created.data.id, active: true });
    expect((await login(t.app, input.username, input.password)).response.statusCode).toBe(200);
  });

  it("sends a password-reset link by e-mail", async () => {
    const input = newEmployee();
    const created = await trpc<UserDetail>(t.app, admin.cookie, "users.create", input);
    const sent = await trpc<{ message: string }>(t.app, admin.cookie, "users.sendPasswordReset", { id: created.data.id });
    expect(sent.data.message).toBe(`A password reset link has been sent to ${input.email}.`);
    expect(resetTokenIn(await t.mailbox.waitFor(input.email))).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it("answers 404 for a user that does not exist", async () => {
    const missing = await trpc(t.app, admin.cookie, "users.get", { id: "00000000-0000-4000-8000-000000000000" });
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe("That user does not exist.");
  });
});

describe.each(testDialects())("the last active administrator on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("survives two administrators removing each other at the same moment", async () => {
    const a = await login(t.app, "admin");
    const created = await trpc<UserDetail>(t.app, a.cookie, "users.create", {
      role: "administrator",
      username: "second_admin",
      email: "second@agency.example",
      firstName: "Second",
      lastName: "Admin",
      password: "Str0ng!Password",
    });
    const b = await login(t.app, "second_admin", "Str0ng!Password");
    const adminA = await trpc<UserDetail>(t.app, a.cookie, "users.get", { id: a.response.json().id });

    const [aDemotesB, bDeactivatesA] = await Promise.all([
      trpc(t.app, a.cookie, "users.update", { ...created.data, role: "employee" }),
      trpc(t.app, b.cookie, "users.setActive", { id: adminA.data.id, active: false }),
    ]);
    // Whichever lands second is refused: by the role check (403) when the first has already
    // committed, by the locked last-administrator check (409) when both were in flight, or as
    // signed out (401) when A's deactivation ended A's session before A's request was admitted.
    const answers = [aDemotesB, bDeactivatesA].map((r) => r.status).sort();
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s !== 200).every((s) => [401, 403, 409].includes(s))).toBe(true);
    const active = await t.db.selectFrom("users").select("id").where("role", "=", "administrator").where("is_active", "=", true).execute();
    expect(active).toHaveLength(1);
  });
});

describe.each(testDialects())("the last-administrator guard in the service on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("refuses to remove the only active administrator even for a caller whose check already passed", async () => {
    const { userAdminService } = await import("@medlegal/api");
    const a = await login(t.app, "admin");
    const created = await trpc<UserDetail>(t.app, a.cookie, "users.create", {
      role: "administrator",
      username: "other_admin",
      email: "other@agency.example",
      firstName: "Other",
      lastName: "Admin",
      password: "Str0ng!Password",
    });
    // The demo admin loses their role between the role check and the change (a race).
    await t.db.updateTable("users").set({ is_active: false }).where("username", "=", "admin").execute();
    const actor = { user: a.response.json(), meta: { ip: "127.0.0.1", userAgent: "test", requestId: "r1", appUrl: "" } };
    await expect(userAdminService.setUserActive({ db: t.db, actor }, { id: created.data.id, active: false })).rejects.toThrow(
      "At least one active administrator must remain.",
    );
    await expect(userAdminService.updateUser({ db: t.db, actor }, { ...created.data, role: "employee" })).rejects.toThrow(
      "At least one active administrator must remain.",
    );
    const active = await t.db
      .selectFrom("users")
      .select("username")
      .where("role", "=", "administrator")
      .where("is_active", "=", true)
      .execute();
    expect(active).toEqual([{ username: "other_admin" }]);
  });
});

describe.each(testDialects())("specializations on %s", (kind) => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    adminCookie = (await login(t.app, "admin")).cookie;
  });
  afterAll(() => t.close());

  it("adds, renames, describes and prices a specialization; names are unique in any case", async () => {
    const created = await trpc<SpecializationItem>(t.app, adminCookie, "specializations.create", {
      name: "Speech Therapist",
      defaultReportFeeCents: 250000,
    });
    expect(created.data).toMatchObject({ name: "Speech Therapist", active: true, defaultReportFeeCents: 250000, usersCount: 0 });
    const duplicate = await trpc(t.app, adminCookie, "specializations.create", { name: "speech THERAPIST" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.message).toBe("A specialization with that name already exists");
    const renamed = await trpc<SpecializationItem>(t.app, adminCookie, "specializations.update", {
      id: created.data.id,
      name: "Speech-Language Therapist",
      description: "Speech, language and swallowing",
      defaultReportFeeCents: 300000,
    });
    expect(renamed.data).toMatchObject({
      name: "Speech-Language Therapist",
      description: "Speech, language and swallowing",
      defaultReportFeeCents: 300000,
    });
    const clash = await trpc(t.app, adminCookie, "specializations.update", { id: created.data.id, name: "neurosurgeon" });
    expect(clash.status).toBe(409);
  });

  it("deletes an unused one, deactivates one in use, and hides inactive ones from sign-up", async () => {
    const unused = await trpc<SpecializationItem>(t.app, adminCookie, "specializations.create", { name: "Podiatrist" });
    expect((await trpc(t.app, adminCookie, "specializations.remove", { id: unused.data.id })).data).toEqual({
      removed: true,
      deactivated: false,
    });

    const all = await trpc<SpecializationItem[]>(t.app, adminCookie, "specializations.list");
    const ortho = all.data.find((s) => s.name === "Orthopaedic Surgeon")!;
    expect(ortho.usersCount).toBe(1);
    expect((await trpc(t.app, adminCookie, "specializations.remove", { id: ortho.id })).data).toEqual({
      removed: false,
      deactivated: true,
    });

    const active = await trpc<{ name: string }[]>(t.app, "", "specializations.listActive");
    expect(active.status).toBe(200);
    expect(active.data.map((s) => s.name)).not.toContain("Orthopaedic Surgeon");
    // The consultant keeps it on their record.
    const consultant = await login(t.app, "consultant");
    expect(consultant.response.json().specialization).toBe("Orthopaedic Surgeon");
    // And sign-up refuses it.
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        username: "dr_inactive",
        password: "Str0ng!Password",
        email: "dr_inactive@x.example",
        firstName: "A",
        lastName: "B",
        role: "consultant",
        specialization: "Orthopaedic Surgeon",
        licenseNumber: "MP 1",
        phone: "0821234567",
        address: "1 Road",
      },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toEqual({ message: "Please choose a specialization from the list" });
    await trpc(t.app, adminCookie, "specializations.setActive", { id: ortho.id, active: true });
    expect((await trpc<{ name: string }[]>(t.app, "", "specializations.listActive")).data.map((s) => s.name)).toContain(
      "Orthopaedic Surgeon",
    );
  });

  it("is managed by administrators only", async () => {
    const employee = (await login(t.app, "employee")).cookie;
    expect((await trpc(t.app, employee, "specializations.create", { name: "Anything" })).status).toBe(403);
    expect((await trpc(t.app, employee, "specializations.list")).status).toBe(403);
  });
});

describe.each(testDialects())("account and agency settings on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("lets an attorney edit their profile and rows with the sign-up rules", async () => {
    const { cookie } = await login(t.app, "attorney");
    const me = await trpc<UserDetail>(t.app, cookie, "account.get");
    expect(me.data.phones).toHaveLength(2);
    const invalid = await trpc(t.app, cookie, "account.updateProfile", { ...me.data, phones: [{ number: "12", type: "office" }] });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.message).toBe("Please enter valid phone numbers");
    const updated = await trpc<UserDetail>(t.app, cookie, "account.updateProfile", {
      ...me.data,
      firmName: "Van der Merwe & Mokoena Inc.",
      addresses: ["1 New Street, Sandton", "PO Box 12, Sandton"],
    });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({
      firmName: "Van der Merwe & Mokoena Inc.",
      addresses: ["1 New Street, Sandton", "PO Box 12, Sandton"],
      username: "attorney",
    });
  });

  it("lets an attorney set their firm's VAT number, refusing a malformed one without changing anything", async () => {
    const { cookie } = await login(t.app, "attorney");
    const me = await trpc<UserDetail>(t.app, cookie, "account.get");
    expect(me.data.vatNumber).toBe("4987654321");
    const refused = await trpc(t.app, cookie, "account.updateProfile", { ...me.data, vatNumber: "47654321", firstName: "Changed" });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe("A VAT number has 10 digits and starts with 4.");
    expect((await trpc<UserDetail>(t.app, cookie, "account.get")).data).toMatchObject({
      vatNumber: "4987654321",
      firstName: me.data.firstName,
    });

    const none = await trpc<UserDetail>(t.app, cookie, "account.updateProfile", { ...me.data, vatNumber: "" });
    expect(none.status).toBe(200);
    expect(none.data.vatNumber).toBeNull();
    const again = await trpc<UserDetail>(t.app, cookie, "account.updateProfile", { ...me.data, vatNumber: "4000000001" });
    expect(again.data.vatNumber).toBe("4000000001");
    const audits = await t.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("entity_id", "=", me.data.id)
      .where("action", "=", "account.update_profile")
      .execute();
    const vatChanges = audits.map((a) => [a.before, a.after]).filter(([, after]) => after && "vatNumber" in after);
    expect(vatChanges).toHaveLength(2);
    expect(vatChanges).toEqual(
      expect.arrayContaining([
        [{ vatNumber: "4987654321" }, { vatNumber: null }],
        [{ vatNumber: null }, { vatNumber: "4000000001" }],
      ]),
    );
  });

  it("needs the current password to change the e-mail", async () => {
    const { cookie } = await login(t.app, "consultant");
    const me = await trpc<UserDetail>(t.app, cookie, "account.get");
    const without = await trpc(t.app, cookie, "account.updateProfile", { ...me.data, email: "thandi@new.example" });
    expect(without.status).toBe(400);
    expect(without.error?.message).toBe("Enter your current password to change your email");
    const wrong = await trpc(t.app, cookie, "account.updateProfile", {
      ...me.data,
      email: "thandi@new.example",
      currentPassword: "Wrong!Password1",
    });
    expect(wrong.error?.message).toBe("Your current password is not correct");
    const right = await trpc<UserDetail>(t.app, cookie, "account.updateProfile", {
      ...me.data,
      email: "thandi@new.example",
      currentPassword: "Demo@Password1",
    });
    expect(right.data.email).toBe("thandi@new.example");
  });

  it("changes the password with the current one and ends the other sessions only", async () => {
    const first = await login(t.app, "employee");
    const second = await login(t.app, "employee");
    const weak = await trpc(t.app, first.cookie, "account.changePassword", { currentPassword: "Demo@Password1", newPassword: "weak" });
    expect(weak.status).toBe(400);
    const wrong = await trpc(t.app, first.cookie, "account.changePassword", { currentPassword: "nope", newPassword: "N3w!Password-ok" });
    expect(wrong.error?.message).toBe("Your current password is not correct");
    const done = await trpc<{ message: string }>(t.app, first.cookie, "account.changePassword", {
      currentPassword: "Demo@Password1",
      newPassword: "N3w!Password-ok",
    });
    expect(done.data.message).toBe("Your password has been changed. Other sessions have been signed out.");
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: first.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: second.cookie } })).statusCode).toBe(401);
    expect((await login(t.app, "employee", "N3w!Password-ok")).response.statusCode).toBe(200);
  });

  it("keeps notification preferences, and a type turned off for the bell is not added", async () => {
    const { cookie, response } = await login(t.app, "consultant");
    const defaults = await trpc<{ type: string; bell: boolean; email: boolean }[]>(t.app, cookie, "account.getNotificationPreferences");
    expect(defaults.data).toHaveLength(6);
    // Unread messages are e-mailed by default: that e-mail is the only news of a message to someone signed out.
    expect(defaults.data.every((p) => p.bell && p.email === (p.type === "message"))).toBe(true);
    const saved = await trpc<{ type: string; bell: boolean; email: boolean }[]>(t.app, cookie, "account.setNotificationPreferences", {
      preferences: [{ type: "system_alert", bell: false, email: true }],
    });
    expect(saved.data.find((p) => p.type === "system_alert")).toEqual({ type: "system_alert", bell: false, email: true });
    const { notificationsService } = await import("@medlegal/api");
    expect(await notificationsService.notify(t.db, { userId: response.json().id, type: "system_alert", title: "x", message: "y" })).toBe(
      false,
    );
    expect(await notificationsService.notify(t.db, { userId: response.json().id, type: "query_update", title: "x", message: "y" })).toBe(
      true,
    );
  });

  it("lets administrators, and only them, edit the agency details and SLA defaults", async () => {
    const admin = (await login(t.app, "admin")).cookie;
    // An employee of its own: the demo employee's password is another test's to change.
    const n = uniqueSuffix();
    const staff = {
      role: "employee",
      username: `emp_${n}`,
      email: `emp_${n}@agency.example`,
      firstName: "Ayanda",
      lastName: "Mthembu",
      password: "Str0ng!Password",
    };
    expect((await trpc(t.app, admin, "users.create", staff)).status).toBe(200);
    const employee = (await login(t.app, staff.username, staff.password)).cookie;
    const sla = await trpc<Record<string, number | string>>(t.app, admin, "settings.getSla");
    expect(sla.data).toEqual({
      queryAcknowledgementHours: 24,
      acknowledgementClock: "working_hours",
      bookingOfferedDays: 14,
      reportDeliveryDays: 14,
      reportReleaseDays: 2,
      atRiskPercent: 75,
    });
    const bad = await trpc(t.app, admin, "settings.updateSla", { ...sla.data, atRiskPercent: 120 });
    expect(bad.status).toBe(400);
    const good = await trpc(t.app, admin, "settings.updateSla", { ...sla.data, reportDeliveryDays: 21 });
    expect(good.status).toBe(200);
    expect((await trpc<Record<string, number>>(t.app, admin, "settings.getSla")).data.reportDeliveryDays).toBe(21);

    const agency = {
      ...TEST_AGENCY,
      informationOfficer: "Lindiwe Dube",
      informationOfficerContact: "privacy@medlegal.example",
      deputyInformationOfficer: "",
      regulatorRegistration: "IR-2026-0042",
    };
    expect((await trpc(t.app, admin, "settings.updateAgency", { ...agency, vatNumber: "12345" })).error?.message).toBe(
      "A VAT number has 10 digits and starts with 4.",
    );
    expect((await trpc(t.app, admin, "settings.updateAgency", agency)).status).toBe(200);
    expect((await trpc(t.app, admin, "settings.getAgency")).data).toEqual(agency);

    expect((await trpc(t.app, employee, "settings.getSla")).status).toBe(403);
    expect((await trpc(t.app, employee, "settings.updateAgency", agency)).status).toBe(403);
  });
});
