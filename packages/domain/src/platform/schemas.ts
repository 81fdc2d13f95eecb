import { z } from "zod";
import {
  attorneyListErrors,
  isValidEmail,
  isValidPhone,
  missingPasswordRequirements,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_TYPES,
  USERNAME_PATTERN,
  USERNAME_RULE,
} from "../users/passwords";
import { FORM_MESSAGES } from "./form-messages";
import { DEFAULT_PHONE_TYPE } from "../constants";
import { pastCalendarDate, text, vatNumber } from "./input-primitives";

export const GENDERS = ["male", "female", "other", "prefer_not_to_say"] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABEL: Record<Gender, string> = {
  male: "Male",
  female: "Female",
  other: "Other",
  prefer_not_to_say: "Prefer not to say",
};

export const required = (label: string, max = 100) =>
  text(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const emailSchema = text("Email is required")
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .refine(isValidEmail, "Please enter a valid email address");

export const passwordSchema = text("Password is required")
  .max(256, "Password must be at most 256 characters")
  .superRefine((password, ctx) => {
    const missing = missingPasswordRequirements(password);
    if (missing.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `Password must include: ${missing.map((r) => r.label.toLowerCase()).join(", ")}`,
      });
    }
  });

export const phoneNumberSchema = text("Phone number is required")
  .trim()
  .max(30, "Phone number must be at most 30 characters")
  .refine(isValidPhone, "Please enter a valid phone number");

/** YYYY-MM-DD, a real calendar date, not in the future. */
export const pastDateSchema = pastCalendarDate;

export const birthDateSchema = pastDateSchema("Birth date");

export const loginSchema = z.object({
  username: required("Username", 254),
  password: text("Password is required").min(1, "Password is required").max(256, "Password must be at most 256 characters"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registrationBase = {
  username: text("Username is required").trim().regex(USERNAME_PATTERN, USERNAME_RULE),
  password: passwordSchema,
  email: emailSchema,
  firstName: required("First name"),
  lastName: required("Last name"),
};

export const attorneyPhoneSchema = z.object({
  number: text().trim().max(30, "Phone number must be at most 30 characters"),
  type: z.enum(PHONE_TYPES).default(DEFAULT_PHONE_TYPE),
});

/** The attorney's address, e-mail and phone rows (sign-up, administration, own profile). */
export const attorneyListFields = {
  addresses: z.array(text().trim().max(300, "An address must be at most 300 characters")).max(10, "At most 10 addresses"),
  emails: z.array(text().trim().max(254, "Email must be at most 254 characters")).max(10, "At most 10 emails"),
  phones: z.array(attorneyPhoneSchema).max(10, "At most 10 phone numbers"),
};

export const attorneyRegistrationSchema = z
  .object({
    ...registrationBase,
    role: z.literal("attorney"),
    firmName: required("Firm name", 200),
    vatNumber: vatNumber.optional(),
    gender: z.enum(GENDERS, { error: "Gender is required" }),
    birthDate: birthDateSchema,
    ...attorneyListFields,
  })
  .superRefine((value, ctx) => {
    const errors = attorneyListErrors(value);
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [path], message });
  });

export const consultantRegistrationSchema = z.object({
  ...registrationBase,
  role: z.literal("consultant"),
  specialization: required("Specialization"),
  licenseNumber: required("License number", 50),
  phone: phoneNumberSchema,
  address: required("Address", 300),
});

export const registrationSchema = z.discriminatedUnion("role", [attorneyRegistrationSchema, consultantRegistrationSchema], {
  error: "Role must be attorney or consultant",
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** How long a sign-up's confirmation link stays valid (docs/decisions.md "Sign-up confirms the e-mail"). */
export const SIGN_UP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The sentences of sign-up by e-mail confirmation; the first is the answer whether or not the address has an account. */
export const SIGN_UP_MESSAGES = {
  checkEmail:
    "Check your e-mail: we have sent a link to finish creating your account. It is valid for 24 hours. If you already have an account, the e-mail says so.",
  linkInvalid: "This sign-up link is invalid, has expired or was already used. Please sign up again.",
  addressTaken: "An account with this e-mail address already exists. Sign in, or reset your password.",
  usernameTakenSince: "Someone took that username while your sign-up waited. Please sign up again with another username.",
} as const;

export const confirmRegistrationSchema = z.object({
  token: text(SIGN_UP_MESSAGES.linkInvalid).min(16, SIGN_UP_MESSAGES.linkInvalid).max(200, SIGN_UP_MESSAGES.linkInvalid),
});

export const resetPasswordSchema = z.object({
  token: text("The reset link is invalid").min(16, "The reset link is invalid").max(200, "The reset link is invalid"),
  password: passwordSchema,
});

/** Everything the Sign Up form holds, for every role; the form keeps all fields while the role changes. */
export interface RegistrationForm {
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "attorney" | "consultant" | "";
  firmName: string;
  /** The firm's VAT number; empty when it is not a VAT vendor. */
  vatNumber: string;
  gender: Gender | "";
  birthDate: string;
  addresses: string[];
  emails: string[];
  phones: { number: string; type: (typeof PHONE_TYPES)[number] }[];
  specialization: string;
  licenseNumber: string;
  phone: string;
  address: string;
}

export function emptyRegistrationForm(): RegistrationForm {
  return {
    username: "",
    password: "",
    confirmPassword: "",
    email: "",
    firstName: "",
    lastName: "",
    role: "",
    firmName: "",
    vatNumber: "",
    gender: "",
    birthDate: "",
    addresses: [""],
    emails: [""],
    phones: [{ number: "", type: DEFAULT_PHONE_TYPE }],
    specialization: "",
    licenseNumber: "",
    phone: "",
    address: "",
  };
}

/** The payload sent to POST /api/register: confirmPassword and the other role's fields removed. */
export function toRegistrationPayload(form: RegistrationForm): RegistrationInput | null {
  const base = {
    username: form.username,
    password: form.password,
    email: form.email,
    firstName: form.firstName,
    lastName: form.lastName,
  };
  if (form.role === "attorney") {
    return {
      ...base,
      role: "attorney",
      firmName: form.firmName,
      vatNumber: form.vatNumber,
      gender: form.gender as Gender,
      birthDate: form.birthDate,
      addresses: form.addresses,
      emails: form.emails,
      phones: form.phones,
    };
  }
  if (form.role === "consultant") {
    return {
      ...base,
      role: "consultant",
      specialization: form.specialization,
      licenseNumber: form.licenseNumber,
      phone: form.phone,
      address: form.address,
    };
  }
  return null;
}

/** Field errors of the Sign Up form, keyed by field name; an empty object means the form may be sent. */
export function registrationFormErrors(form: RegistrationForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.role) errors.role = FORM_MESSAGES.roleRequired;
  const payload = toRegistrationPayload(form);
  if (payload) {
    const result = registrationSchema.safeParse(payload);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = String(issue.path[0] ?? "form");
        errors[key] ??= issue.message;
      }
    }
  } else {
    // Without a role only the shared fields can be judged.
    const shared = z.object(registrationBase).safeParse(form);
    if (!shared.success) {
      for (const issue of shared.error.issues) errors[String(issue.path[0])] ??= issue.message;
    }
  }
  // zod skips object-level refinements while fields fail, so the list rules are merged in directly.
  if (form.role === "attorney") {
    for (const [key, message] of Object.entries(attorneyListErrors(form))) errors[key] ??= message;
  }
  if (!form.confirmPassword) errors.confirmPassword = FORM_MESSAGES.confirmYourPassword;
  else if (form.confirmPassword !== form.password) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return errors;
}

export function isRegistrationFormValid(form: RegistrationForm): boolean {
  return Object.keys(registrationFormErrors(form)).length === 0;
}

export const REGISTRATION_INVALID_HINT = "Please complete all required fields and ensure passwords are valid";

/** An account created by an administrator or the `user:create` command: any role, no attorney lists. */
export const staffUserSchema = z.object({
  ...registrationBase,
  role: z.enum(["administrator", "employee", "attorney", "consultant", "interpreter"], {
    error: "Role must be administrator, employee, attorney, consultant or interpreter",
  }),
});
