import type { TwoFactorEnrolment as Enrolment } from "@medlegal/domain";
import { isTotpCode, TOTP_DIGITS, twoFactorVerifySchema } from "@medlegal/domain";
import { Check, Copy, Download, KeyRound } from "lucide-react";
import * as React from "react";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { FormFooter } from "../forms/form-footer";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";

const ENTER_CODE = `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`;

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied", description: `The ${what} is on your clipboard.` });
  } catch {
    toast({ variant: "destructive", title: "Could not copy", description: "Select the text and copy it yourself." });
  }
}

/**
 * A six-digit code field with the attributes authenticator autofill and phone keyboards expect;
 * `input` is the form's binding of the field (useZodForm's `text`), with its id.
 */
export function TotpCodeField({
  label = "Code from your app",
  input,
  error,
  acceptRecoveryCode = false,
}: {
  label?: string;
  input: React.ComponentProps<typeof Input> & { id: string };
  error?: string;
  /** Also accept a recovery code (letters and a hyphen). */
  acceptRecoveryCode?: boolean;
}) {
  return (
    <Field label={label} htmlFor={input.id} error={error}>
      <Input
        {...input}
        autoComplete="one-time-code"
        inputMode={acceptRecoveryCode ? "text" : "numeric"}
        pattern={acceptRecoveryCode ? undefined : "[0-9]*"}
        maxLength={acceptRecoveryCode ? 20 : TOTP_DIGITS}
        autoCapitalize="none"
        spellCheck={false}
        placeholder={acceptRecoveryCode ? "123456 or abcde-12345" : "123456"}
        className="font-mono sm:max-w-56"
      />
    </Field>
  );
}

/** Ten one-time recovery codes, shown once: copy, download, then confirm they are kept. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = "I have saved my recovery codes",
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const text = `MedLegal recovery codes\nEach code works once, instead of a code from your authenticator app.\n\n${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: "medlegal-recovery-codes.txt" });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-4">
      <div>
        <h3 id="recovery-codes-title" className="flex items-center gap-2 text-sm font-semibold">
          <KeyRound className="size-4 text-primary" aria-hidden />
          Your recovery codes
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are shown only now.
        </p>
      </div>
      <ol
        className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-lg border bg-muted/40 p-4 font-mono text-sm min-[420px]:grid-cols-2"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copyText(codes.join("\n"), "list of recovery codes")}>
          <Copy />
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          <Download />
          Download
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          <Check />
          {doneLabel}
        </Button>
      </div>
    </section>
  );
}

/**
 * Setting up an authenticator: a new secret (QR code and the key to type by hand), confirmed with
 * a current code; then the recovery codes, once. `onDone` runs when the user has kept them.
 */
export function TwoFactorEnrolment({
  onDone,
  onCancel,
  autoStart = false,
}: {
  onDone: () => void;
  onCancel?: () => void;
  autoStart?: boolean;
}) {
  const utils = trpc.useUtils();
  const [enrolment, setEnrolment] = React.useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = React.useState<string[] | null>(null);

  const start = trpc.twoFactor.start.useMutation({
    onSuccess: setEnrolment,
    meta: { errorTitle: "Could not start the set-up" },
  });
  const confirm = trpc.twoFactor.confirm.useMutation({
    onSuccess: async (result) => {
      setRecoveryCodes(result.recoveryCodes);
      await utils.twoFactor.getStatus.invalidate();
    },
    meta: { errorTitle: "Could not turn on two-factor sign-in" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(confirm.error), [confirm.error]);

  const startedOnce = React.useRef(false);
  React.useEffect(() => {
    if (!autoStart || startedOnce.current) return;
    startedOnce.current = true;
    start.mutate();
  }, [autoStart, start]);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;

  if (!enrolment) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {start.isPending ? (
          <Spinner label="Preparing your authenticator key" />
        ) : (
          <>
            <Button onClick={() => start.mutate()}>Set up two-factor sign-in</Button>
            {onCancel && (
              <Button variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <ol className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)] md:gap-8">
        <li className="grid content-start justify-items-center gap-3 md:justify-items-start">
          <p className="text-sm font-medium">1. Scan this QR code with your authenticator app</p>
          <img
            src={enrolment.qrCode}
            alt="QR code for your authenticator app"
            width={184}
            height={184}
            className="rounded-md border bg-white p-2"
          />
        </li>
        <li className="grid content-start gap-2">
          <p className="text-sm text-muted-foreground">
            Any TOTP app works: Google Authenticator, Microsoft Authenticator, 1Password and others. Cannot scan? Add an account by hand
            with this key (time-based):
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="two-factor-secret" className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all">
              {grouped(enrolment.secret)}
            </code>
            <Button variant="outline" size="sm" onClick={() => void copyText(enrolment.secret, "key")}>
              <Copy />
              Copy key
            </Button>
          </div>
          <ConfirmAuthenticatorForm
            pending={confirm.isPending}
            serverErrors={serverErrors}
            onSubmit={(code) => confirm.mutateAsync({ code })}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </div>
  );
}

/**
 * Step 2 of the set-up: the app's current code, checked by the server's schema. The server takes a
 * recovery code too (for other purposes); confirming a new authenticator needs the app's six digits.
 * `onSubmit` rejects on a refusal: the code empties for another try, the server's error on it.
 */
export function ConfirmAuthenticatorForm({
  pending = false,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (code: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { methods, err, formRef, text, submit } = useZodForm<{ code: string }>({
    initial: () => ({ code: "" }),
    schema: twoFactorVerifySchema,
    refine: (form, errors) => (isTotpCode(form.code.trim()) ? errors : { ...errors, code: ENTER_CODE }),
    idPrefix: "two-factor-confirm",
    pending,
    serverErrors,
    mode: "onSubmit",
  });
  const send = submit(({ code }) => onSubmit(code.trim()).catch(() => methods.setValue("code", "")));
  return (
    <form ref={formRef} onSubmit={send} noValidate className="mt-3 grid gap-3" aria-label="Confirm your authenticator">
      <p className="text-sm font-medium">2. Enter the {TOTP_DIGITS}-digit code the app shows</p>
      <TotpCodeField input={text("code")} error={err("code")} />
      <FormFooter className="border-t-0 pt-1 sm:justify-start" pending={pending} submitLabel="Turn on" onSecondary={onCancel} />
    </form>
  );
}
