import { describe, expect, it } from "vitest";
import { Signer } from "@fastify/cookie";
import { rememberingSigner } from "../src/session-signer";

const secret = "a-session-secret-of-at-least-32-characters";

describe("the session cookie's remembering signer", () => {
  it("signs and verifies exactly as the cookie library does, the first time and every time after", () => {
    const signer = rememberingSigner(secret);
    const plain = new Signer(secret, "sha256");
    const cookie = signer.sign("session-id-1");
    expect(cookie).toBe(plain.sign("session-id-1"));
    for (let i = 0; i < 3; i++) expect(signer.unsign(cookie)).toEqual({ valid: true, renew: false, value: "session-id-1" });
  });

  it("refuses a forged or altered cookie even after the genuine one was verified", () => {
    const signer = rememberingSigner(secret);
    const cookie = signer.sign("session-id-2");
    expect(signer.unsign(cookie).valid).toBe(true);
    const forged = new Signer("another-secret-of-at-least-32-characters", "sha256").sign("session-id-2");
    for (const bad of [forged, `${cookie}x`, cookie.replace("session-id-2", "session-id-3"), "session-id-2", ""]) {
      expect(signer.unsign(bad)).toEqual({ valid: false, renew: false, value: null });
      expect(signer.unsign(bad).valid).toBe(false);
    }
  });

  it("refuses a secret shorter than 32 characters", () => {
    expect(() => rememberingSigner("short")).toThrow("32 characters");
  });
});
