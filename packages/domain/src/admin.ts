import { z } from "zod";
import { NOTIFICATION_TYPES } from "./notifications";
import type { NotificationType } from "./notifications";
import type { Role } from "./roles";
import {
  attorneyPhoneSchema,
  birthDateSchema,
  emailSchema,
  GENDERS,
  passwordSchema,
  phoneNumberSchema,
  registrationBase,
  required,
} from "./schemas";
import { attorneyListErrors } from "./validation";
import type { PhoneType } from "./validation";

/* ---------- users (administrators manage every account) ---------- */

const attorneyFields = {
  firmName: required("Firm name", 200),
  gender: z.enum(GENDERS, { error: "Gender is required" }),
  birthDate: birthDateSchema,
  addresses: z.array(z.string().trim().max(300, "An address must be at most 300 characters")).max(10),
  emails: z.array(z.string().trim().max(254)).max(10),
  phones: z.array(attorneyPhoneSchema).max(10),
};
const consultantFields = {
  specialization: required("Specialization"),
  licenseNumber: required("License number", 50),
  phone: phoneNumberSchema,
  address: required("Address", 300),
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
    ],
    { error: "Role must be administrator, employee, attorney or consultant" },
  );
}

/** An administrator creates an account of any role. */
export const adminUserCreateSchema = byRole({ ...registrationBase });
export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>;

/** An administrator edits an account: the username stays fixed, passwords go by reset link. */
export const adminUserUpdateSchema = byRole({ id: z.string().uuid("That is not a valid id"), ...personFields });
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;

export const userListInputSchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(["administrator", "employee", "attorney", "consultant"]).optional(),
  active: z.boolean().optional(),
  specializationId: z.string().uuid().optional(),
  cursor: z.string().max(500).nullish(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type UserListInput = z.input<typeof userListInputSchema>;

export interface UserSummary {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  isActive: boolean;
  specializationId: string | null;
  specialization: string | null;
  firmName: string | null;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface UserDetail extends UserSummary {
  gender: (typeof GENDERS)[number] | null;
  birthDate: string | null;
  licenseNumber: string | null;
  phone: string | null;
  address: string | null;
  addresses: string[];
  emails: string[];
  phones: { number: string; type: PhoneType }[];
  twoFactorEnabled: boolean;
}

export const ADMIN_MESSAGES = {
  selfDeactivate: "You cannot deactivate your own account.",
  selfDemote: "You cannot change your own role.",
  lastAdministrator: "At least one active administrator must remain.",
  userNotFound: "That user does not exist.",
} as const;

/* ---------- your own account (/settings) ---------- */

/** What a user may change about themselves, by their role; username and role stay fixed. */
export function profileSchemaFor(role: Role) {
  const base = { ...personFields, currentPassword: z.string().max(256).optional() };
  if (role === "attorney") return withAttorneyLists(z.object({ ...base, ...attorneyFields }));
  if (role === "consultant") return z.object({ ...base, ...consultantFields });
  return z.object(base);
}
/** What /settings sends: the shared fields plus those of the caller's role. */
export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword?: string;
  firmName?: string;
  gender?: (typeof GENDERS)[number];
  birthDate?: string;
  addresses?: string[];
  emails?: string[];
  phones?: { number: string; type: PhoneType }[];
  specialization?: string;
  licenseNumber?: string;
  phone?: string;
  address?: string;
}

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(256),
  newPassword: passwordSchema,
});

export const ACCOUNT_MESSAGES = {
  wrongCurrentPassword: "Your current password is not correct",
  currentPasswordForEmail: "Enter your current password to change your email",
  passwordChanged: "Your password has been changed. Other sessions have been signed out.",
} as const;

export interface NotificationPreference {
  type: NotificationType;
  bell: boolean;
  email: boolean;
}

export const NOTIFICATION_TYPE_LABEL: Record<NotificationType, string> = {
  query_update: "Query updates",
  query_completed: "Completed queries",
  payment_reminder: "Payment reminders",
  system_alert: "System alerts",
  other: "Other",
};

export const notificationPreferencesSchema = z.object({
  preferences: z
    .array(z.object({ type: z.enum(NOTIFICATION_TYPES), bell: z.boolean(), email: z.boolean() }))
    .max(NOTIFICATION_TYPES.length),
});

/** Without a saved choice every type shows in the bell, and none is e-mailed. */
export function defaultNotificationPreference(type: NotificationType): NotificationPreference {
  return { type, bell: true, email: false };
}

/* ---------- specializations ---------- */

export const specializationInputSchema = z.object({
  name: required("Name", 100),
  description: z.string().trim().max(500, "Description must be at most 500 characters").nullish(),
  /** Whole rand amounts are entered in the UI; stored in cents. */
  defaultReportFeeCents: z
    .number({ error: "Default report fee must be an amount" })
    .int("Default report fee must be whole cents")
    .min(0, "Default report fee cannot be negative")
    .max(100_000_000, "Default report fee is too large")
    .nullish(),
});

export interface SpecializationItem {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  defaultReportFeeCents: number | null;
  usersCount: number;
}

export const SPECIALIZATION_MESSAGES = {
  nameTaken: "A specialization with that name already exists",
  notFound: "That specialization does not exist.",
} as const;

/* ---------- agency settings (administrators) ---------- */

/** A South African VAT number: 10 digits starting with 4. */
const vatNumber = z
  .string()
  .trim()
  .regex(/^4\d{9}$/, "A VAT number is 10 digits starting with 4")
  .or(z.literal(""));

export const agencySettingsSchema = z.object({
  name: required("Agency name", 200),
  address: required("Address", 500),
  vatNumber,
  email: emailSchema.or(z.literal("")),
  phone: phoneNumberSchema.or(z.literal("")),
  bankName: z.string().trim().max(100),
  accountName: z.string().trim().max(200),
  accountNumber: z.string().trim().regex(/^\d{0,20}$/, "An account number has only digits"),
  branchCode: z.string().trim().regex(/^(\d{6})?$/, "A branch code is 6 digits"),
});
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
};

/** SLA defaults of DESIGN.md section 6, editable by administrators. */
export const slaDefaultsSchema = z.object({
  queryAcknowledgementHours: z.number().int().min(1, "Use at least 1 hour").max(720),
  bookingOfferedDays: z.number().int().min(1, "Use at least 1 day").max(365),
  reportDeliveryDays: z.number().int().min(1, "Use at least 1 day").max(365),
  reportReleaseDays: z.number().int().min(1, "Use at least 1 day").max(365),
  atRiskPercent: z.number().int().min(1, "Use a percentage from 1 to 99").max(99, "Use a percentage from 1 to 99"),
});
export type SlaDefaults = z.output<typeof slaDefaultsSchema>;

export const DEFAULT_SLA: SlaDefaults = {
  queryAcknowledgementHours: 24,
  bookingOfferedDays: 14,
  reportDeliveryDays: 14,
  reportReleaseDays: 2,
  atRiskPercent: 75,
};
