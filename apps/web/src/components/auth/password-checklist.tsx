import {
  missingPasswordRequirements,
  PASSWORD_ALL_MET,
  PASSWORD_CHECKLIST_TITLE,
  PASSWORD_TOO_COMMON,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORDS_MATCH,
} from "@medlegal/domain";
import { CircleCheck, CircleX } from "lucide-react";
import { usePasswordTooCommon } from "@/hooks/use-password-too-common";

/**
 * The live checklist (docs/product-rules.md#passwords-and-sessions): the missing requirements, or that all are met. Once they
 * are, a common password (docs/decisions.md) gets the server's sentence instead of "all met".
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const missing = missingPasswordRequirements(password);
  const tooCommon = usePasswordTooCommon(password, missing.length === 0);
  if (tooCommon) {
    return (
      <p id={id} aria-live="polite" className="flex items-center gap-1.5 text-xs font-medium text-destructive">
        <CircleX className="size-3.5 shrink-0" aria-hidden />
        {PASSWORD_TOO_COMMON}
      </p>
    );
  }
  if (missing.length === 0) {
    return (
      <p id={id} aria-live="polite" className="flex items-center gap-1.5 text-xs font-medium text-success">
        <CircleCheck className="size-3.5" aria-hidden />
        {PASSWORD_ALL_MET}
      </p>
    );
  }
  return (
    <div id={id} aria-live="polite" className="rounded-md bg-muted/70 px-3 py-2 text-xs">
      <p className="font-medium text-foreground">{PASSWORD_CHECKLIST_TITLE}</p>
      <ul className="mt-1 grid gap-0.5 text-muted-foreground">
        {missing.map((r) => (
          <li key={r.id} className="flex items-center gap-1.5">
            <span aria-hidden className="size-1 rounded-full bg-muted-foreground/60" />
            {r.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Under the confirm field: a mismatch error, or 'Passwords match' when equal. Nothing while empty. */
export function PasswordMatchHint({ password, confirmPassword, id }: { password: string; confirmPassword: string; id?: string }) {
  if (!confirmPassword) return null;
  const match = password === confirmPassword;
  return (
    <p
      id={id}
      aria-live="polite"
      className={
        match
          ? "flex items-center gap-1.5 text-xs font-medium text-success"
          : "flex items-center gap-1.5 text-xs font-medium text-destructive"
      }
    >
      {match ? <CircleCheck className="size-3.5" aria-hidden /> : <CircleX className="size-3.5" aria-hidden />}
      {match ? PASSWORDS_MATCH : PASSWORDS_DO_NOT_MATCH}
    </p>
  );
}
