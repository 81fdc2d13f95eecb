import type { AdminUserCreateInput, AdminUserUpdateInput, AttorneyDetails, ConsultantDetails, Role, UserDetail } from "@medlegal/domain";
import {
  ADMIN_MESSAGES,
  adminUserCreateSchema,
  adminUserUpdateSchema,
  roleListErrors,
  emptyAttorneyDetails,
  emptyConsultantDetails,
  FORM_MESSAGES,
  isInterpreter,
  PASSWORDS_DO_NOT_MATCH,
  ROLE_LABEL,
  roleDetailsOf,
  roleFieldsPayload,
  ROLES,
} from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { NewPasswordFields } from "../auth/new-password-fields";
import { CORRECT_HIGHLIGHTED, FormFooter, FormNote } from "../forms/form-footer";
import type { SpecializationOption } from "../forms/role-fields";
import { ReadOnlyField, RoleDetailsSection } from "../forms/role-fields";
import { Field } from "../ui/field";
import { InterpreterLanguagesField } from "./interpreter-languages-field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";

export interface UserFormState extends AttorneyDetails, ConsultantDetails {
  role: Role | "";
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  firstName: string;
  lastName: string;
  /** An interpreter's languages (issue 37); sent for the interpreter role only. */
  interpreterLanguages: string[];
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
      interpreterLanguages: [],
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
    interpreterLanguages: [...user.interpreterLanguages],
    ...roleDetailsOf(user),
  };
}

/**
 * The role's own fields for a payload; administrators and employees have none. An interpreter's
 * languages are set here only (their own Settings leaves them out, and the server keeps them).
 */
function roleFields(form: UserFormState) {
  const languages = form.role && isInterpreter(form.role) ? { interpreterLanguages: form.interpreterLanguages } : {};
  return { role: form.role, ...roleFieldsPayload(form.role, form), ...languages };
}

export function toCreatePayload(form: UserFormState): AdminUserCreateInput {
  const { username, password, email, firstName, lastName } = form;
  return { username, password, email, firstName, lastName, ...roleFields(form) } as AdminUserCreateInput;
}

export function toUpdatePayload(id: string, form: UserFormState): AdminUserUpdateInput {
  const { email, firstName, lastName } = form;
  return { id, email, firstName, lastName, ...roleFields(form) } as AdminUserUpdateInput;
}

/** On top of the server's schema: a chosen role, the attorney lists and the password confirmation. */
function refineUser(form: UserFormState, mode: "create" | "edit", schemaErrors: Record<string, string>): Record<string, string> {
  const errors = { ...schemaErrors };
  if (!form.role) {
    errors.role = FORM_MESSAGES.roleRequired;
  }
  // zod skips the list refinement while other fields fail, so the list rules are merged in directly.
  for (const [k, m] of Object.entries(roleListErrors(form.role, form))) errors[k] ??= m;
  if (mode === "create") {
    if (!form.confirmPassword) errors.confirmPassword = FORM_MESSAGES.confirmPassword;
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
  const { form, patch, touch, err, submitted, formRef, bind, text, submit, valid } = useZodForm<UserFormState>({
    initial: () => initialState(user),
    schema: mode === "create" ? adminUserCreateSchema : adminUserUpdateSchema,
    toPayload: (f) => (mode === "create" ? toCreatePayload(f) : toUpdatePayload(user?.id ?? "", f)),
    refine: (f, errors) => refineUser(f, mode, errors),
    idPrefix: "user",
    pending,
    serverErrors,
  });
  const onValid = () =>
    props.mode === "create" ? props.onSubmit(toCreatePayload(form)) : props.onSubmit(toUpdatePayload(props.user.id, form));

  return (
    <form
      ref={formRef}
      onSubmit={submit(onValid)}
      noValidate
      className="grid gap-6"
      aria-label={mode === "create" ? "New user" : "Edit user"}
    >
      <section className="grid gap-4" aria-labelledby="user-account-heading">
        <h3 id="user-account-heading" className="text-sm font-semibold">
          Account
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {isSelf ? (
            <ReadOnlyField label="Role" hint={ADMIN_MESSAGES.selfDemote}>
              {user && ROLE_LABEL[user.role]}
            </ReadOnlyField>
          ) : (
            <Field label="Role" htmlFor="user-role" error={err("role")} required>
              <NativeSelect {...bind("role")} value={form.role} onChange={(e) => patch({ role: e.target.value as Role })}>
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
            <ReadOnlyField label="Username" className="font-mono" title="The username cannot be changed">
              {form.username}
            </ReadOnlyField>
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
            <p className="mt-0.5 text-xs text-muted-foreground">
              Share it with the user safely; they can change it under Account Settings.
            </p>
          </div>
          <NewPasswordFields
            password={form.password}
            confirmPassword={form.confirmPassword}
            confirmError={form.confirmPassword ? undefined : err("confirmPassword")}
            confirmHintId="user-confirm-hint"
            passwordProps={text("password")}
            confirmProps={text("confirmPassword")}
          />
        </section>
      )}

      <RoleDetailsSection
        role={form.role}
        heading={{ attorney: "Attorney details", consultant: "Consultant details", interpreter: "Interpreter details" }}
        idPrefix="user"
        value={form}
        onChange={patch}
        error={err}
        onTouch={touch}
        disabled={pending}
        specializations={specializations}
      >
        {form.role && isInterpreter(form.role) && (
          <InterpreterLanguagesField
            id="user-interpreterLanguages"
            value={form.interpreterLanguages}
            onChange={(interpreterLanguages) => patch({ interpreterLanguages })}
            onTouch={() => touch("interpreterLanguages")}
            error={err("interpreterLanguages")}
            disabled={pending}
          />
        )}
      </RoleDetailsSection>

      <FormFooter
        className="pt-5"
        pending={pending}
        submitLabel={mode === "create" ? "Create user" : "Save changes"}
        note={submitted && !valid ? <FormNote alert>{CORRECT_HIGHLIGHTED}</FormNote> : undefined}
        onSecondary={onCancel}
      />
    </form>
  );
}
