import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { DatabaseHandle } from "@medlegal/db";
import { createDatabase, grantAppRole } from "@medlegal/db";
import { createTestDatabase, dropTestRole, pgError, testDialects } from "@medlegal/db/testing";
import { createSmtpMailer, seedDemoData } from "@medlegal/api";
import { DEFAULT_AGENCY_SETTINGS } from "@medlegal/domain";
import { buildApp } from "../src/app";
import { sessionSecret } from "../src/secrets";
import { login, MailBox, RELAXED_LIMITS, trpc } from "./helpers";

// The whole app on the least-privilege role (docs/decisions.md, "Platform"): PostgreSQL only, as
// roles are cluster-wide (a name of its own, dropped at the end).
describe.skipIf(!testDialects().includes("pg"))("the server on the app's least-privilege database role on pg", () => {
  const roleName = `medlegal_app_test_${randomBytes(5).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let appDb: DatabaseHandle;
  let mailbox: MailBox;
  let app: FastifyInstance;

  beforeAll(async () => {
    owner = await createTestDatabase("pg");
    await seedDemoData(owner.db);
    await grantAppRole(owner.db, { name: roleName, password });
    const url = new URL(owner.url!);
    url.username = roleName;
    url.password = password;
    appDb = createDatabase({ url: url.toString(), poolSize: 4 });
    mailbox = await new MailBox().start();
    app = await buildApp({
      db: appDb.db,
      mailer: createSmtpMailer(mailbox.url),
      sessionSecret: await sessionSecret(appDb.db),
      appUrl: "http://localhost:3000",
      rateLimits: RELAXED_LIMITS,
    });
  });

  afterAll(async () => {
    await app?.close();
    await appDb?.close();
    await mailbox?.stop();
    if (owner) {
      await dropTestRole(owner.db, roleName);
      await owner.close();
    }
  });

  it("connects as a role that is not the owner", async () => {
    const { rows } = await sql<{ me: string }>`SELECT current_user AS me`.execute(appDb.db);
    expect(rows[0]!.me).toBe(roleName);
  });

  it("signs in, changes data with its audit row, and signs out with every grant it needs", async () => {
    const { response, cookie } = await login(app, "admin");
    expect(response.statusCode).toBe(200);
    const agency = await trpc(app, cookie, "settings.updateAgency", {
      ...DEFAULT_AGENCY_SETTINGS,
      name: "MedLegal Least Privilege",
      address: "1 Main Road",
    });
    expect(agency.error?.message ?? null).toBeNull();
    const audit = await appDb.db.selectFrom("audit_log").select("action").where("action", "like", "settings.%").execute();
    expect(audit.length).toBeGreaterThan(0);
    expect((await app.inject({ method: "POST", url: "/api/logout", headers: { cookie } })).statusCode).toBe(200);
  });

  it("cannot rewrite the audit trail even through the app's own connection", async () => {
    await expect(sql`UPDATE audit_log SET action = 'tampered'`.execute(appDb.db)).rejects.toMatchObject(
      pgError("insufficient_privilege", { message: "permission denied for table audit_log" }),
    );
    await expect(sql`ALTER TABLE audit_log DISABLE TRIGGER ALL`.execute(appDb.db)).rejects.toMatchObject(
      pgError("insufficient_privilege", { message: "must be owner of table audit_log" }),
    );
  });
});
