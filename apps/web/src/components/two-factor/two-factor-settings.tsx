import type { TwoFactorDisableInput, TwoFactorVerifyInput } from "@medlegal/domain";
import { TWO_FACTOR_MESSAGES, twoFactorDisableSchema, twoFactorVerifySchema } from "@medlegal/domain";
import { ShieldCheck, ShieldOff } from "lucide-react";
import * as React from "react";
import { PasswordInput } from "@/components/auth/password-input";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { FormFooter } from "../forms/form-footer";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { RecoveryCodes, TotpCodeField, TwoFactorEnrolment } from "./two-factor-enrolment";
import { LoadState } from "@/components/load-state";

type Panel = "none" | "enrol" | "regenerate" | "disable";
/** The forms here sit in a bordered box: their buttons need no rule above them. */
const FOOTER = "border-t-0 pt-1 sm:justify-start";

/** Settings, Security tab: one's own two-factor sign-in, set up, its recovery codes renewed, or turned off. */
export function TwoFactorSettings() {
  const status = trpc.twoFactor.getStatus.useQuery();
  const [panel, setPanel] = React.useState<Panel>("none");

  if (!status.data) {
    return (
      <LoadState
        query={status}
        loadingLabel="Loading your sign-in security"
        loadingRows={2}
        errorTitle="Could not load your sign-in security"
      >
        {null}
      </LoadState>
    );
  }
  const { enabled, required, recoveryCodesLeft } = status.data;

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-start gap-3">
        <span
          className={
            enabled
              ? "flex size-10 items-center justify-center rounded-full bg-success/10 text-success"
              : "flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground"
          }
        >
          {enabled ? <ShieldCheck className="size-5" aria-hidden /> : <ShieldOff className="size-5" aria-hidden />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            Two-factor sign-in
            <Badge variant={enabled ? "accent" : "secondary"}>{enabled ? "On" : "Off"}</Badge>
            {required && <Badge variant="outline">Required for your role</Badge>}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {enabled
              ? `After your password, you enter a code from your authenticator app. ${recoveryCodesLeft} of 10 recovery codes left.`
              : "Add a second step to signing in: a code from an authenticator app on your phone, so a stolen password alone cannot open your account."}
          </p>
        </div>
      </div>

      {/* The enrolment stays up after it turns the status on: its recovery codes are shown only there. */}
      {panel === "enrol" ? (
        <TwoFactorEnrolment
          autoStart
          onCancel={() => setPanel("none")}
          onDone={() => {
            setPanel("none");
            toast({ title: "Two-factor sign-in is on", description: "You will be asked for a code each time you sign in." });
          }}
        />
      ) : (
        !enabled && (
          <div>
            <Button onClick={() => setPanel("enrol")}>Set up two-factor sign-in</Button>
          </div>
        )
      )}

      {enabled && panel === "none" && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setPanel("regenerate")}>
            New recovery codes
          </Button>
          {!required && (
            <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setPanel("disable")}>
              Turn off
            </Button>
          )}
        </div>
      )}
      {enabled && required && panel === "none" && <p className="text-xs text-muted-foreground">{TWO_FACTOR_MESSAGES.compulsory}</p>}
      {enabled && panel === "regenerate" && <RegenerateRecoveryCodes onClose={() => setPanel("none")} />}
      {enabled && panel === "disable" && <DisableTwoFactor onClose={() => setPanel("none")} />}
    </div>
  );
}

function RegenerateRecoveryCodes({ onClose }: { onClose: () => void }) {
  const utils = trpc.useUtils();
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const regenerate = trpc.twoFactor.regenerateRecoveryCodes.useMutation({
    onSuccess: async (result) => {
      setCodes(result.recoveryCodes);
      await utils.twoFactor.getStatus.invalidate();
    },
    meta: { errorTitle: "Could not make new recovery codes" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(regenerate.error), [regenerate.error]);
  if (codes) return <RecoveryCodes codes={codes} onDone={onClose} />;
  return (
    <RegenerateRecoveryCodesForm
      pending={regenerate.isPending}
      serverErrors={serverErrors}
      onSubmit={(input) => regenerate.mutateAsync(input)}
      onCancel={onClose}
    />
  );
}

/** A code from the app (or a recovery code) confirms new recovery codes; `onSubmit` rejects on a refusal (the code empties). */
export function RegenerateRecoveryCodesForm({
  pending = false,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (input: TwoFactorVerifyInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { methods, err, formRef, text, submit, complete } = useZodForm<TwoFactorVerifyInput>({
    initial: () => ({ code: "" }),
    schema: twoFactorVerifySchema,
    idPrefix: "two-factor-regenerate",
    pending,
    serverErrors,
  });
  return (
    <BoxedForm
      label="New recovery codes"
      formRef={formRef}
      onSubmit={submit((values) => onSubmit(values).catch(() => methods.setValue("code", "")))}
    >
      <p className="text-sm text-muted-foreground">Your current recovery codes stop working. Confirm with a code from your app.</p>
      <TotpCodeField input={text("code")} error={err("code")} acceptRecoveryCode />
      <FormFooter className={FOOTER} pending={pending} submitLabel="Make new codes" submitDisabled={!complete} onSecondary={onCancel} />
    </BoxedForm>
  );
}

function DisableTwoFactor({ onClose }: { onClose: () => void }) {
  const utils = trpc.useUtils();
  const disable = trpc.twoFactor.disable.useMutation({
    onSuccess: (status) => {
      utils.twoFactor.getStatus.setData(undefined, status);
      toast({ title: "Two-factor sign-in is off", description: "Your password alone signs you in again." });
      onClose();
    },
    meta: { errorTitle: "Could not turn off two-factor sign-in" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(disable.error), [disable.error]);
  return (
    <DisableTwoFactorForm
      pending={disable.isPending}
      serverErrors={serverErrors}
      onSubmit={(input) => disable.mutateAsync(input)}
      onCancel={onClose}
    />
  );
}

/**
 * Turning two-factor sign-in off: the current password and a code, checked by the server's schema.
 * `onSubmit` rejects on a refusal: the code empties (it may have been spent), the server's errors on their fields.
 */
export function DisableTwoFactorForm({
  pending = false,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (input: TwoFactorDisableInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { methods, err, formRef, text, submit, complete } = useZodForm<TwoFactorDisableInput>({
    initial: () => ({ currentPassword: "", code: "" }),
    schema: twoFactorDisableSchema,
    idPrefix: "two-factor-disable",
    pending,
    serverErrors,
  });
  return (
    <BoxedForm
      label="Turn off two-factor sign-in"
      destructive
      formRef={formRef}
      onSubmit={submit((values) => onSubmit(values).catch(() => methods.setValue("code", "")))}
    >
      <p className="text-sm text-muted-foreground">Your account will be protected by your password only.</p>
      <Field label="Current password" htmlFor="two-factor-disable-currentPassword" error={err("currentPassword")} className="sm:max-w-sm">
        <PasswordInput {...text("currentPassword")} autoComplete="current-password" />
      </Field>
      <TotpCodeField input={text("code")} error={err("code")} acceptRecoveryCode />
      <FormFooter className={FOOTER} pending={pending} submitLabel="Turn off" submitDisabled={!complete} onSecondary={onCancel} />
    </BoxedForm>
  );
}

/** A small form in a bordered box under the status (a red border for turning protection off). */
function BoxedForm({
  label,
  destructive = false,
  formRef,
  onSubmit,
  children,
}: {
  label: string;
  destructive?: boolean;
  formRef: React.Ref<HTMLFormElement>;
  onSubmit: (event: React.FormEvent) => void;
  children: React.ReactNode;
}) {
  return (
    <form
      ref={formRef}
      className={destructive ? "grid gap-3 rounded-lg border border-destructive/30 p-4" : "grid gap-3 rounded-lg border p-4"}
      aria-label={label}
      noValidate
      onSubmit={onSubmit}
    >
      {children}
    </form>
  );
}
