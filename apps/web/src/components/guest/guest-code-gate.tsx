import * as React from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

/** The link's "open" call: it e-mails a one-time code and answers a hint of the address. */
export interface GuestOpen {
  mutate(input: { token: string }): void;
  data?: { emailHint: string };
  error: unknown;
  isError: boolean;
  isPending: boolean;
}
/** The code's "verify" call: the right code starts the guest session (its cookie). */
export interface GuestVerify {
  mutate(input: { token: string; code: string }, options: { onSuccess: () => void }): void;
  error: unknown;
  isError: boolean;
  isPending: boolean;
}

/**
 * The step between an e-mailed guest link and what it opens (a joint minute, a shared bundle): on
 * arrival the link is opened, which e-mails a one-time code; the right code calls `onVerified`.
 * A link that cannot be used says why, in the server's sentence.
 */
export function GuestCodeGate({
  token,
  open,
  verify,
  submitLabel,
  onVerified,
}: {
  token: string;
  open: GuestOpen;
  verify: GuestVerify;
  submitLabel: string;
  onVerified: () => void;
}) {
  const [code, setCode] = React.useState("");
  const started = React.useRef(false);

  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    open.mutate({ token });
  }, [open, token]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    verify.mutate({ token, code }, { onSuccess: onVerified });
  };
  const codeError = trpcFieldErrors(verify.error)?.code ?? (verify.isError ? trpcErrorMessage(verify.error) : undefined);

  if (open.isError) {
    return (
      <div className="mx-auto max-w-lg py-12 text-center" role="alert">
        <h1 className="text-xl font-semibold">This link cannot be used</h1>
        <p className="mt-2 text-sm text-muted-foreground">{trpcErrorMessage(open.error)}</p>
      </div>
    );
  }
  if (!open.data) {
    return (
      <div role="status" className="flex items-center gap-2 py-16 text-sm text-muted-foreground">
        <Spinner /> Checking your link…
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-md gap-4 py-8">
      <h1 className="text-xl font-semibold">Confirm it is you</h1>
      <p className="text-sm text-muted-foreground">We e-mailed a 6-digit code to {open.data.emailHint}. It works for 15 minutes.</p>
      <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Confirm your e-mail address">
        <Field label="Code" htmlFor="guest-code" error={codeError} required>
          <Input
            id="guest-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? "guest-code-error" : undefined}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={verify.isPending}>
            {submitLabel}
          </Button>
          <Button type="button" variant="outline" disabled={open.isPending} onClick={() => open.mutate({ token })}>
            Send a new code
          </Button>
        </div>
      </form>
    </div>
  );
}
