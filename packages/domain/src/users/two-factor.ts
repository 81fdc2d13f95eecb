import { z } from "zod";
import { idInputSchema, text } from "../platform/input-primitives";

/* Two-factor sign-in (TOTP, RFC 6238) for every role; compulsory for staff when the agency says so. */

export const TOTP_ISSUER = "MedLegal";
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the previous and the next 30-second step are accepted too (clock drift). */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** After the password, the second step must follow within 5 minutes, in the same browser. */
export const TWO_FACTOR_PENDING_MS = 5 * 60 * 1000;
/** Wrong codes allowed per pending sign-in; then the password must be given again. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

export { isTwoFactorChallenge, type TwoFactorChallenge } from "../constants";

/**
 * A code as typed: six digits from the authenticator, or a recovery code ("abcde-12345"). Spaces
 * and hyphens are dropped and letters lowered, so pasted or grouped codes work.
 */
export const twoFactorCodeSchema = text("Enter the code from your authenticator app")
  .max(40, "That code is too long")
  .transform((code) => code.replace(/[\s-]/g, "").toLowerCase())
  .pipe(z.string().min(1, "Enter the code from your authenticator app"));

export const twoFactorVerifySchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorVerifyInput = z.input<typeof twoFactorVerifySchema>;

export const twoFactorDisableSchema = z.object({
  currentPassword: text("Enter your current password").min(1, "Enter your current password").max(256),
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

export const twoFactorResetSchema = idInputSchema;

/** Whether a normalised code is a TOTP code (else it is taken for a recovery code). */
export const isTotpCode = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/* ---------- the agency's security settings (administrators) ---------- */

export const securitySettingsSchema = z.object({
  requireTwoFactorForStaff: z.boolean({ error: "Say whether staff must use two-factor sign-in" }),
});
export type SecuritySettings = z.output<typeof securitySettingsSchema>;
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = { requireTwoFactorForStaff: false };
