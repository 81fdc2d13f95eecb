import type { AdminUserCreateInput, AdminUserUpdateInput, Role, UserDetail } from "@medlegal/domain";
import {
  ADMIN_MESSAGES,
  adminUserCreateSchema,
  adminUserUpdateSchema,
  attorneyListErrors,
  PASSWORDS_DO_NOT_MATCH,
  ROLE_LABEL,
  ROLES,
} from "@medlegal/domain";
import * as React from "react";
import { focusFirstInvalid, schemaErrors, useFormFeedback } from "@/hooks/use-form-feedback";
import { PasswordChecklist, PasswordMatchHint } from "../auth/password-checklist";
import { PasswordInput } from "../auth/password-input";
import type { AttorneyDetails, ConsultantDetails, SpecializationOption } from "../forms/role-fields";
import {
  attorneyPayload,
  AttorneyFields,
  ConsultantFields,
  consultantPayload,
  emptyAttorneyDetails,
  emptyConsultantDetails,
  roleDetailsOf,
} from "../forms/role-fields";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Spinner } from "../ui/spinner";

export interface UserFormState extends AttorneyDetails, ConsultantDetails {
  role: Role | "";
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  firstName: string;
  lastName: string;
}

function initialState(user?: UserDetail): UserFormState {
  if (!user) {
    return {
      role: "",
      username: "",
      password: "",
      confirmPassword: "",
      email: "",
      firstName: "",
      lastName: "",
      ...emptyAttorneyDetails(),
      ...emptyConsultantDetails(),
    };
  }
  return {
    role: user.role,
    username: user.username,
    password: "",
    confirmPassword: "",
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    ...roleDetailsOf(user),
  };
}

/** The role's own fields for a payload; administrators and employees have none. */
function roleFields(form: UserFormState) {
  if (form.role === "attorney") return { role: "attorney" as const, ...attorneyPayload(form) };
  if (form.role === "consultant") return { role: "consultant" as const, ...consultantPayload(form) };
  return { role: form.role as "administrator" | "employee" };
}

export function toCreatePayload(form: UserFormState): AdminUserCreateInput {
  const { username, password, email, firstName, lastName } = form;
  return { username, password, email, firstName, lastName, ...roleFields(form) } as AdminUserCreateInput;
}

export function toUpdatePayload(id: string, form: UserFormState): AdminUserUpdateInput {
  const { email, firstName, lastName } = form;
  return { id, email, firstName, lastName, ...roleFields(form) } as AdminUserUpdateInput;
}

/** The same rules as the server's schema, plus the attorney lists and the password confirmation. */
function formErrors(form: UserFormState, mode: "create" | "edit", id: string): Record<string, string> {
  const errors: Record<string, string> =
    mode === "create" ? schemaErrors(adminUserCreateSchema, toCreatePayload(form)) : schemaErrors(adminUserUpdateSchema, toUpdatePayload(id, form));
  if (!form.role) {
    errors.role = "Role is required";
  }
  // zod skips the list refinement while other fields fail, so the list rules are merged in directly.
  if (form.role === "attorney") for (const [k, m] of Object.entries(attorneyListErrors(form))) errors[k] ??= m;
  if (mode === "create") {
    if (!form.confirmPassword) errors.confirmPassword = "Please confirm the password";
    else if (form.confirmPassword !== form.password) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  }
  return errors;
}

type UserFormProps = {
  /** Options for the consultant's specialization; undefined while they load. */
  specializations: readonly SpecializationOption[] | undefined;
  pending?: boolean;
  /** The server's field errors of the last attempt. */
  serverErrors?: Record<string, string>;
  onCancel?: () => void;
} & (
  | { mode: "create"; onSubmit: (payload: AdminUserCreateInput) => void }
  | {
      mode: "edit";
      user: UserDetail;
      /** The administrator is editing their own account: the role cannot change. */
      isSelf?: boolean;
      onSubmit: (payload: AdminUserUpdateInput) => void;
    }
);

/**
 * An administrator's form for an account of any role (the sign-up rules for attorneys and
 * consultants). Create asks for a username and an initial password; edit keeps the username fixed.
 */
export function UserForm(props: UserFormProps) {
  const { mode, specializations, pending = false, serverErrors, onCancel } = props;
  const user = props.mode === "edit" ? props.user : undefined;
  const isSelf = props.mode === "edit" && props.isSelf === true;
  const [form, setForm] = React.useState<UserFormState>(() => initialState(user));
  const errors = React.useMemo(() => formErrors(form, mode, user?.id ?? ""), [form, mode, user?.id]);
  const feedback = useFormFeedback(errors, serverErrors);
  const formRef = React.useRef<HTMLFormElement>(null);
  const valid = Object.keys(errors).length === 0;

  const patch = (changes: Partial<UserFormState>) => {
    for (const key of Object.keys(changes)) feedback.edit(key);
    setForm((prev) => ({ ...prev, ...changes }));
  };
  const err = feedback.shown;
  const text = (name: "firstName" | "lastName" | "username" | "email") => ({
    id: `user-${name}`,
    value: form[name],
    disabled: pending,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => patch({ [name]: e.target.value }),
    onBlur: () => feedback.touch(name),
    "aria-invalid": err(name) ? true : undefined,
    "aria-describedby": err(name) ? `user-${name}-error` : undefined,
  });

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!valid) {
      feedback.markSubmitted();
      focusFirstInvalid(formRef.current);
      return;
    }
    if (props.mode === "create") props.onSubmit(toCreatePayload(form));
    else props.onSubmit(toUpdatePayload(props.user.id, form));
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-6" aria-label={mode === "create" ? "New user" : "Edit user"}>
      <section className="grid gap-4" aria-labelledby="user-account-heading">
        <h3 id="user-account-heading" className="text-sm font-semibold">
          Account
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {isSelf ? (
            <div className="grid content-start gap-1.5">
              <p className="text-sm leading-none font-medium">Role</p>
              <p className="flex h-9 items-center rounded-md border bg-muted/60 px-3 text-sm">{user && ROLE_LABEL[user.role]}</p>
              <p className="text-xs text-muted-foreground">{ADMIN_MESSAGES.selfDemote}</p>
            </div>
          ) : (
            <Field label="Role" htmlFor="user-role" error={err("role")} required>
              <NativeSelect
                id="user-role"
                value={form.role}
                disabled={pending}
                onChange={(e) => patch({ role: e.target.value as Role })}
                onBlur={() => feedback.touch("role")}
                aria-invalid={err("role") ? true : undefined}
                aria-describedby={err("role") ? "user-role-error" : undefined}
              >
                <option value="" disabled>
                  Select a role…
                </option>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABEL[r]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
          {mode === "create" ? (
            <Field label="Username" htmlFor="user-username" error={err("username")} required>
              <Input {...text("username")} autoComplete="off" autoCapitalize="none" spellCheck={false} />
            </Field>
          ) : (
            <div className="grid content-start gap-1.5">
              <p className="text-sm leading-none font-medium">Username</p>
              <p className="flex h-9 items-center truncate rounded-md border bg-muted/60 px-3 font-mono text-sm" title="The username cannot be changed">
                {form.username}
              </p>
            </div>
          )}
          <Field label="First name" htmlFor="user-firstName" error={err("firstName")} required>
            <Input {...text("firstName")} autoComplete="off" />
          </Field>
          <Field label="Last name" htmlFor="user-lastName" error={err("lastName")} required>
            <Input {...text("lastName")} autoComplete="off" />
          </Field>
          <Field label="Email" htmlFor="user-email" error={err("email")} required className="sm:col-span-2">
            <Input {...text("email")} type="email" autoComplete="off" />
          </Field>
        </div>
      </section>

      {mode === "create" && (
        <section className="grid gap-4 border-t pt-5" aria-labelledby="user-password-heading">
          <div>
            <h3 id="user-password-heading" className="text-sm font-semibold">
              Initial password
            </h3>
            <p className="mt-0.5 text-xs text-muted-foreground">Share it with the user safely; they can change it under Account Settings.</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <Field label="Password" htmlFor="user-password" required>
                <PasswordInput
                  id="user-password"
                  value={form.password}
                  disabled={pending}
                  onChange={(e) => patch({ password: e.target.value })}
                  onBlur={() => feedback.touch("password")}
                  aria-invalid={err("password") ? true : undefined}
                  aria-describedby="user-password-checklist"
                  autoComplete="new-password"
                />
              </Field>
              <PasswordChecklist password={form.password} id="user-password-checklist" />
            </div>
            <div className="grid content-start gap-1.5">
              <Field label="Confirm password" htmlFor="user-confirmPassword" required error={form.confirmPassword ? undefined : err("confirmPassword")}>
                <PasswordInput
                  id="user-confirmPassword"
                  value={form.confirmPassword}
                  disabled={pending}
                  onChange={(e) => patch({ confirmPassword: e.target.value })}
                  onBlur={() => feedback.touch("confirmPassword")}
                  aria-invalid={err("confirmPassword") ? true : undefined}
                  aria-describedby="user-confirm-hint"
                  autoComplete="new-password"
                />
              </Field>
              <PasswordMatchHint password={form.password} confirmPassword={form.confirmPassword} id="user-confirm-hint" />
            </div>
          </div>
        </section>
      )}

      {form.role === "attorney" && (
        <section className="grid gap-4 border-t pt-5" aria-labelledby="user-attorney-heading">
          <h3 id="user-attorney-heading" className="text-sm font-semibold">
            Attorney details
          </h3>
          <AttorneyFields idPrefix="user" value={form} onChange={patch} error={err} onTouch={feedback.touch} disabled={pending} />
        </section>
      )}

      {form.role === "consultant" && (
        <section className="grid gap-4 border-t pt-5" aria-labelledby="user-consultant-heading">
          <h3 id="user-consultant-heading" className="text-sm font-semibold">
            Consultant details
          </h3>
          <ConsultantFields
            idPrefix="user"
            value={form}
            onChange={patch}
            error={err}
            onTouch={feedback.touch}
            disabled={pending}
            specializations={specializations}
          />
        </section>
      )}

      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
        {feedback.submitted && !valid && (
          <p role="alert" className="text-xs text-destructive sm:mr-auto">
            Please correct the highlighted fields.
          </p>
        )}
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending && <Spinner decorative className="size-4 text-primary-foreground" />}
          {mode === "create" ? "Create user" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
