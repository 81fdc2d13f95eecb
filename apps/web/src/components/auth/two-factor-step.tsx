import { isTotpCode, TOTP_DIGITS, TWO_FACTOR_MESSAGES, twoFactorVerifySchema } from "@medlegal/domain/sign-in";
import { ShieldCheck } from "lucide-react";
import * as React from "react";
import { useVerifyTwoFactor } from "@/hooks/use-auth";
import { useZodForm } from "@/hooks/use-zod-form";
import { readableErrorMessage } from "@/lib/api";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";

const ENTER_CODE = `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`;
const ENTER_RECOVERY_CODE = "Enter one of your recovery codes";

/**
 * On top of the server's schema, which takes either kind of code: the kind the user chose. A
 * six-digit code when it is the app's, anything when it is a recovery code; each says so when empty.
 */
function refineCode(useRecovery: boolean, code: string, errors: Record<string, string>): Record<string, string> {
  const typed = code.replace(/[\s-]/g, "");
  if (useRecovery ? typed.length === 0 : !isTotpCode(typed)) return { ...errors, code: useRecovery ? ENTER_RECOVERY_CODE : ENTER_CODE };
  return errors;
}

/**
 * The second step of the sign-in, after a correct password for an account with two-factor sign-in
 * (docs/decisions.md): a code from the authenticator app, or a recovery code. A sign-in that
 * expired or met too many wrong codes goes back to the password (`onRestart`).
 */
export function TwoFactorStep({ onRestart }: { onRestart: () => void }) {
  const verify = useVerifyTwoFactor();
  return <TwoFactorCodeForm pending={verify.isPending} onVerify={(code) => verify.mutateAsync(code)} onRestart={onRestart} />;
}

/** The code form of the second step: `onVerify` sends the code as typed and rejects with the server's refusal. */
export function TwoFactorCodeForm({
  pending = false,
  onVerify,
  onRestart,
}: {
  pending?: boolean;
  onVerify: (code: string) => Promise<unknown>;
  onRestart: () => void;
}) {
  const [useRecovery, setUseRecovery] = React.useState(false);
  const [serverErrors, setServerErrors] = React.useState<Record<string, string>>();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const { methods, err, formRef, text, submit } = useZodForm<{ code: string }>({
    initial: () => ({ code: "" }),
    schema: twoFactorVerifySchema,
    refine: (form, errors) => refineCode(useRecovery, form.code, errors),
    idPrefix: "signin",
    pending,
    serverErrors,
    mode: "onSubmit",
  });

  function switchKind() {
    setUseRecovery((v) => !v);
    setServerErrors(undefined);
    methods.reset({ code: "" });
  }

  const verifyCode = submit(({ code }) =>
    onVerify(code).catch((failure: unknown) => {
      methods.setValue("code", "");
      const message = readableErrorMessage(failure);
      if (message === TWO_FACTOR_MESSAGES.signInAgain || message === TWO_FACTOR_MESSAGES.tooManyCodes) return onRestart();
      // A wrong code is the field's error, and only there (no toast); the field is enabled again a frame later.
      if (message === TWO_FACTOR_MESSAGES.wrongCode) setServerErrors({ code: message });
      requestAnimationFrame(() => inputRef.current?.focus());
    }),
  );

  const label = useRecovery ? "Recovery code" : "Two-factor code";
  return (
    <form ref={formRef} onSubmit={verifyCode} noValidate className="grid gap-4" aria-label="Second sign-in step">
      <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p className="text-sm text-muted-foreground">
          {useRecovery
            ? "Type one of the recovery codes you saved when you set up two-factor sign-in. Each works once."
            : `Open your authenticator app and enter the ${TOTP_DIGITS}-digit code it shows for MedLegal.`}
        </p>
      </div>
      <Field label={label} htmlFor="signin-code" error={err("code")}>
        <Input
          {...text("code")}
          ref={inputRef}
          key={useRecovery ? "recovery" : "totp"}
          name={useRecovery ? "recovery-code" : "one-time-code"}
          autoComplete={useRecovery ? "off" : "one-time-code"}
          inputMode={useRecovery ? "text" : "numeric"}
          pattern={useRecovery ? undefined : "[0-9]*"}
          maxLength={useRecovery ? 20 : TOTP_DIGITS}
          autoCapitalize="none"
          spellCheck={false}
          placeholder={useRecovery ? "abcde-12345" : "123456"}
          className={useRecovery ? "font-mono" : "font-mono text-lg tracking-[0.4em]"}
          autoFocus
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending && <Spinner decorative className="size-4 text-primary-foreground" />}
        Verify
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto px-0" onClick={switchKind}>
          {useRecovery ? "Use your authenticator app" : "Use a recovery code"}
        </Button>
        <Button type="button" variant="link" className="h-auto px-0 text-muted-foreground" onClick={onRestart}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
