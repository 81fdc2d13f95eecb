import { z } from "zod";
import { NOTIFICATION_TYPES } from "../notifications/notifications";
import type { NotificationType } from "../notifications/notifications";
import type { Role } from "./roles";
import { ROLES } from "./roles";
import {
  calendarDate,
  id,
  idInputSchema,
  listInput,
  optionalText,
  pageCursor,
  pageLimit,
  searchText,
  text,
  vatNumber,
} from "../platform/input-primitives";
import {
  attorneyListFields,
  birthDateSchema,
  emailSchema,
  GENDERS,
  passwordSchema,
  phoneNumberSchema,
  registrationBase,
  required,
} from "../platform/schemas";
import { attorneyListErrors } from "./passwords";
import { HOME_LANGUAGES } from "../claimants/claimants";

/* ---------- users (administrators manage every account) ---------- */

const attorneyFields = {
  firmName: required("Firm name", 200),
  /** Optional: left out, the saved one stays (see `roleColumns`); "" or null means not a VAT vendor. */
  vatNumber: vatNumber.nullish(),
  gender: z.enum(GENDERS, { error: "Gender is required" }),
  birthDate: birthDateSchema,
  ...attorneyListFields,
};
const consultantFields = {
  specialization: required("Specialization"),
  licenseNumber: required("License number", 50),
  phone: phoneNumberSchema,
  address: required("Address", 300),
};
/** An interpreter's phone: reception and the driver reach them on the day (issue 28). */
const interpreterFields = {
  phone: phoneNumberSchema,
  /** The languages they interpret (issue 37): staff are offered interpreters by language. Left out, the saved ones stay. */
  interpreterLanguages: z
    .array(z.enum(HOME_LANGUAGES, { error: "Choose languages from the list" }))
    .max(HOME_LANGUAGES.length)
    .optional()
    .transform((v) => (v ? [...new Set(v)] : v)),
};
const personFields = {
  email: emailSchema,
  firstName: required("First name"),
  lastName: required("Last name"),
};

function withAttorneyLists<T extends z.ZodObject>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const errors = attorneyListErrors(value as never);
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [path], message });
  });
}

/** The fields an account holds beyond the shared ones, by role (the same rules as sign-up). */
function byRole<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.discriminatedUnion(
    "role",
    [
      z.object({ ...extra, role: z.literal("administrator") }),
      z.object({ ...extra, role: z.literal("employee") }),
      withAttorneyLists(z.object({ ...extra, role: z.literal("attorney"), ...attorneyFields })),
      z.object({ ...extra, role: z.literal("consultant"), ...consultantFields }),
      // Interpreters (issue 28) are created here only: no self-registration; their phone is their one field.
      z.object({ ...extra, role: z.literal("interpreter"), ...interpreterFields }),
    ],
    { error: "Role must be administrator, employee, attorney, consultant or interpreter" },
  );
}

/** An administrator creates an account of any role. */
export const adminUserCreateSchema = byRole({ ...registrationBase });
export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>;

/** An administrator edits an account: the username stays fixed, passwords go by reset link. */
export const adminUserUpdateSchema = byRole({ id: id(), ...personFields });
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;

export const userListInputSchema = listInput({
  search: searchText,
  role: z.enum(ROLES, { error: "Choose a role" }).optional(),
  active: z.boolean().optional(),
  specializationId: id("Choose a specialization").optional(),
  cursor: pageCursor,
  limit: pageLimit().default(25),
});
export type UserListInput = z.input<typeof userListInputSchema>;

/** The agency's directory of experts (`consultants.list`). */
export const consultantListInputSchema = listInput({ search: searchText, specializationId: id("Choose a specialization").optional() });

export const setUserActiveSchema = idInputSchema.extend({ active: z.boolean({ error: "Say whether the user is active" }) });

export const ADMIN_MESSAGES = {
  selfDeactivate: "You cannot deactivate your own account.",
  selfDemote: "You cannot change your own role.",
  lastAdministrator: "At least one active administrator must remain.",
  userNotFound: "That user does not exist.",
} as const;

/* ---------- the audit trail (administrators) ---------- */

const auditFilters = {
  actorId: id("Choose a user").optional(),
  entityType: optionalText(50, "Entity type"),
  entityId: optionalText(100, "Entity id"),
  action: optionalText(100, "Action"),
  from: calendarDate("From date").optional(),
  to: calendarDate("To date").optional(),
};
/** The CSV export takes the filters alone; the screen pages through them too. */
export const auditExportInputSchema = listInput(auditFilters);
export const auditListInputSchema = listInput({ ...auditFilters, cursor: pageCursor, limit: pageLimit(200).default(50) });
export type AuditListInput = z.input<typeof auditListInputSchema>;

/* ---------- your own account (/settings) ---------- */

const profileBase = { ...personFields, currentPassword: optionalText(256, "Password") };

/** What a user may change about themselves, by their role; username and role stay fixed. */
export function profileSchemaFor(role: Role) {
  if (role === "attorney") return withAttorneyLists(z.object({ ...profileBase, ...attorneyFields }));
  if (role === "consultant") return z.object({ ...profileBase, ...consultantFields });
  if (role === "interpreter") return z.object({ ...profileBase, ...interpreterFields });
  return z.object(profileBase);
}

/**
 * What /settings sends: the shared fields plus those of the caller's role (the form may send the
 * other roles' fields empty or null). The door checks every field's form; which fields the caller's role
 * requires is checked by the service with `profileSchemaFor`, as only it knows the role (both
 * parses only trim, so the second changes nothing).
 */
export const profileInputSchema = z.object({
  ...profileBase,
  firmName: optionalText(200, "Firm name").nullable(),
  vatNumber: vatNumber.nullish(),
  gender: z.enum(GENDERS, { error: "Gender is required" }).or(z.literal("")).nullish(),
  birthDate: optionalText(10, "Birth date").nullable(),
  ...z.object(attorneyListFields).partial().shape,
  specialization: optionalText(100, "Specialization").nullable(),
  licenseNumber: optionalText(50, "License number").nullable(),
  phone: optionalText(30, "Phone number").nullable(),
  address: optionalText(300, "Address").nullable(),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

export const changePasswordSchema = z.object({
  currentPassword: text("Enter your current password").min(1, "Enter your current password").max(256),
  newPassword: passwordSchema,
});

export const ACCOUNT_MESSAGES = {
  wrongCurrentPassword: "Your current password is not correct",
  currentPasswordForEmail: "Enter your current password to change your email",
  passwordChanged: "Your password has been changed. Other sessions have been signed out.",
} as const;

export const NOTIFICATION_TYPE_LABEL: Record<NotificationType, string> = {
  query_update: "Query updates",
  query_completed: "Completed queries",
  payment_reminder: "Payment reminders",
  system_alert: "System alerts",
  other: "Other",
  message: "Unread messages",
};

export const notificationPreferencesSchema = z.object({
  preferences: z
    .array(z.object({ type: z.enum(NOTIFICATION_TYPES), bell: z.boolean(), email: z.boolean() }))
    .max(NOTIFICATION_TYPES.length),
});

/**
 * Without a saved choice every type shows in the bell, and none is e-mailed except unread
 * messages: that e-mail is the only news of a message to someone not signed in (docs/decisions.md, "Messages").
 */
/** A user's choice for one notification type: shown in the bell, e-mailed. */
export const notificationPreferenceOutputSchema = z.object({ type: z.enum(NOTIFICATION_TYPES), bell: z.boolean(), email: z.boolean() });
export type NotificationPreference = z.output<typeof notificationPreferenceOutputSchema>;

export function defaultNotificationPreference(type: NotificationType): NotificationPreference {
  return { type, bell: true, email: type === "message" };
}

/* ---------- specializations ---------- */

export const specializationInputSchema = z.object({
  name: required("Name", 100),
  description: text().trim().max(500, "Description must be at most 500 characters").nullish(),
  /** Whole rand amounts are entered in the UI; stored in cents. */
  defaultReportFeeCents: z
    .number({ error: "Default report fee must be an amount" })
    .int("Default report fee must be whole cents")
    .min(0, "Default report fee cannot be negative")
    .max(100_000_000, "Default report fee is too large")
    .nullish(),
});

export const specializationUpdateSchema = specializationInputSchema.extend(idInputSchema.shape);
export const setSpecializationActiveSchema = idInputSchema.extend({
  active: z.boolean({ error: "Say whether the specialization is active" }),
});

export const SPECIALIZATION_MESSAGES = {
  nameTaken: "A specialization with that name already exists",
  notFound: "That specialization does not exist.",
} as const;

/* ---------- agency settings (administrators) ---------- */

/** A bank account as printed on invoices: the agency's, and an expert's own (each field may be empty). */
export const bankAccountFields = {
  bankName: text().trim().max(100, "Bank name must be at most 100 characters"),
  accountName: text().trim().max(200, "Account name must be at most 200 characters"),
  accountNumber: text()
    .trim()
    .regex(/^\d{0,20}$/, "An account number has only digits"),
  branchCode: text()
    .trim()
    .regex(/^(\d{6})?$/, "A branch code is 6 digits"),
};

export const agencySettingsSchema = z.object({
  name: required("Agency name", 200),
  address: required("Address", 500),
  vatNumber,
  email: emailSchema.or(z.literal("")),
  phone: phoneNumberSchema.or(z.literal("")),
  ...bankAccountFields,
  // POPIA section 55 and PAIA: the agency's Information Officer and deputy, printed on access reports.
  informationOfficer: text().trim().max(200, "The Information Officer's name must be at most 200 characters").default(""),
  informationOfficerContact: text().trim().max(200, "The Information Officer's contact must be at most 200 characters").default(""),
  deputyInformationOfficer: text().trim().max(200, "The deputy's name must be at most 200 characters").default(""),
  regulatorRegistration: text().trim().max(100, "The registration reference must be at most 100 characters").default(""),
});

/** An expert's billing details (`/settings`, consultants): their VAT number (empty: not a VAT vendor) and bank account. */
export const expertBillingDetailsSchema = z.object({ vatNumber, ...bankAccountFields });
export type ExpertBillingDetails = z.output<typeof expertBillingDetailsSchema>;
export const EMPTY_EXPERT_BILLING_DETAILS: ExpertBillingDetails = {
  vatNumber: "",
  bankName: "",
  accountName: "",
  accountNumber: "",
  branchCode: "",
};
export type AgencySettings = z.output<typeof agencySettingsSchema>;

export const DEFAULT_AGENCY_SETTINGS: AgencySettings = {
  name: "MedLegal Agency",
  address: "",
  vatNumber: "",
  email: "",
  phone: "",
  bankName: "",
  accountName: "",
  accountNumber: "",
  branchCode: "",
  informationOfficer: "",
  informationOfficerContact: "",
  deputyInformationOfficer: "",
  regulatorRegistration: "",
};

/** SLA defaults (docs/product-rules.md#service-levels), editable by administrators. */
/** Whether query acknowledgement counts the agency's working hours only, or every hour. */
export const ACKNOWLEDGEMENT_CLOCKS = ["working_hours", "all_hours"] as const;

export const slaDefaultsSchema = z.object({
  queryAcknowledgementHours: z.number().int().min(1, "Use at least 1 hour").max(720),
  acknowledgementClock: z.enum(ACKNOWLEDGEMENT_CLOCKS, { error: "Choose which hours acknowledgement counts" }),
  bookingOfferedDays: z.number().int().min(1, "Use at least 1 day").max(365),
  reportDeliveryDays: z.number().int().min(1, "Use at least 1 day").max(365),
  reportReleaseDays: z.number().int().min(1, "Use at least 1 day").max(365),
  atRiskPercent: z.number().int().min(1, "Use a percentage from 1 to 99").max(99, "Use a percentage from 1 to 99"),
});
export type SlaDefaults = z.output<typeof slaDefaultsSchema>;

export const DEFAULT_SLA: SlaDefaults = {
  queryAcknowledgementHours: 24,
  acknowledgementClock: "working_hours",
  bookingOfferedDays: 14,
  reportDeliveryDays: 14,
  reportReleaseDays: 2,
  atRiskPercent: 75,
};
