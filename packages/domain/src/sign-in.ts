// What the sign-in page's forms need (username and password, the second factor, a forgotten
// password), apart from the barrel: the web's sign-in form loads these schemas and zod, not every
// module of the domain (docs/decisions.md, "Performance").
export { forgotPasswordSchema, loginSchema, type LoginInput } from "./platform/schemas";
export { isTotpCode, TOTP_DIGITS, twoFactorVerifySchema } from "./users/two-factor";
export { isTwoFactorChallenge, TWO_FACTOR_MESSAGES } from "./constants";
