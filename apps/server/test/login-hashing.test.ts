import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { TestApp } from "./helpers";
import { createTestApp, DEMO_PASSWORD, login } from "./helpers";

// The real password module, with its verification watched (it still does the real argon2 work):
// the sign-in service imports it, so every check it makes is counted here. Timing would be flaky;
// which hash each sign-in verifies against is exact.
vi.mock(import("../../../packages/api/src/services/credentials/passwords"), async (original) => {
  const real = await original();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const passwords = await import("../../../packages/api/src/services/credentials/passwords");
const verifyPassword = vi.mocked(passwords.verifyPassword);

/** The argon2 variant and cost an encoded hash names ("$argon2id$v=19$m=19456,t=2,p=1"). */
const costOf = (encoded: string) => encoded.split("$").slice(0, 4).join("$");

describe.each(testDialects())("sign-in does the same hashing work whether or not the account exists, on %s", (kind) => {
  let t: TestApp;
  let storedHash: (username: string) => Promise<string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    storedHash = async (username) =>
      (await t.db.selectFrom("users").select("password_hash").where("username", "=", username).executeTakeFirstOrThrow()).password_hash;
  });
  afterAll(() => t.close());
  beforeEach(() => verifyPassword.mockClear());

  it("verifies an unknown username's password once, against a real hash of the same cost", async () => {
    const { response } = await login(t.app, "nobody_at_all", "Wrong!Password1");
    expect(response.statusCode).toBe(401);
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    const [hash, password] = verifyPassword.mock.calls[0]!;
    expect(password).toBe("Wrong!Password1");
    expect(hash).toBe(await passwords.dummyPasswordHash());
    expect(costOf(hash)).toBe(costOf(await storedHash("attorney")));
    expect(costOf(hash)).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
  });

  it("verifies a known user's wrong password once, against their own hash, with the same answer", async () => {
    const unknown = await login(t.app, "nobody_at_all", "Wrong!Password1");
    verifyPassword.mockClear();
    const known = await login(t.app, "attorney", "Wrong!Password1");
    expect(known.response.statusCode).toBe(401);
    expect(known.response.json()).toEqual(unknown.response.json());
    expect(verifyPassword.mock.calls).toEqual([[await storedHash("attorney"), "Wrong!Password1"]]);
  });

  it("verifies a deactivated user's password too, before refusing them like anyone else", async () => {
    await t.db.updateTable("users").set({ is_active: false }).where("username", "=", "nomsa").execute();
    onTestFinished(async () => {
      await t.db.updateTable("users").set({ is_active: true }).where("username", "=", "nomsa").execute();
    });
    const { response } = await login(t.app, "nomsa", DEMO_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(verifyPassword.mock.calls).toEqual([[await storedHash("nomsa"), DEMO_PASSWORD]]);
  });
});
