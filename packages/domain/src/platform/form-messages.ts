/**
 * Messages the forms show for rules of their own (not carried by a schema); the services use the
 * same sentences when they refuse the same input. A leaf: the schemas and the account form both import it.
 */
export const FORM_MESSAGES = {
  roleRequired: "Role is required",
  confirmPassword: "Please confirm the password",
  confirmYourPassword: "Please confirm your password",
  passportRequired: "Enter the passport number",
  wholeNumber: "Enter a whole number",
  randAmount: "Enter an amount in rand, for example R 2 500.00",
  dateRangeOrder: "The end date is before the start date.",
  dateRangeChoose: "Choose an end date on or after the start date.",
} as const;
