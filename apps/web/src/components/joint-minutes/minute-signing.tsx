import type { MinuteParty, MinuteWorkspace } from "@medlegal/domain";
import { MINUTE_PARTY_LABELS } from "@medlegal/domain";
import * as React from "react";
import { formatDateTime } from "@/lib/format";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Field } from "../ui/field";
import { Input } from "../ui/input";

/**
 * Signing the current version (docs/decisions.md "Joint minutes"): a one-time code is e-mailed to
 * the signer, who types their name as recorded and the code. Shown to the signer only.
 */
export function SignPanel({
  minute,
  signerName,
  pending,
  codeHint,
  fieldErrors,
  onRequestCode,
  onSign,
}: {
  minute: MinuteWorkspace;
  signerName: string;
  pending: boolean;
  /** Where the code went ("t***@example.org"), once asked for. */
  codeHint: string | null;
  fieldErrors?: Record<string, string>;
  onRequestCode: () => void;
  onSign: (input: { typedName: string; code: string }) => void;
}) {
  const [typedName, setTypedName] = React.useState("");
  const [code, setCode] = React.useState("");
  const party = minute.signsFor;
  if (!party || minute.frozen) return null;
  const signed = minute.signatures.find((s) => s.party === party && s.version === minute.version);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{minute.version === 0 ? "Sign the minute" : `Sign version ${minute.version}`}</CardTitle>
        <CardDescription>
          {signed
            ? `You signed this version on ${formatDateTime(signed.signedAt)}. The minute is frozen once the other expert signs it too.`
            : "Sign once the issues are final. A change after you sign needs your signature again."}
        </CardDescription>
      </CardHeader>
      {!signed && (
        <CardContent className="grid gap-3">
          {minute.version === 0 ? (
            <p className="text-sm text-muted-foreground">Record at least one issue before signing.</p>
          ) : !codeHint ? (
            <div>
              <Button onClick={onRequestCode} disabled={pending}>
                E-mail me a signing code
              </Button>
            </div>
          ) : (
            <form
              className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto] sm:items-end"
              noValidate
              aria-label="Sign the joint minute"
              onSubmit={(e) => {
                e.preventDefault();
                onSign({ typedName, code });
              }}
            >
              <p className="text-sm text-muted-foreground sm:col-span-3">We e-mailed a 6-digit code to {codeHint}.</p>
              <Field label={`Your name, as recorded (${signerName})`} htmlFor="sign-name" error={fieldErrors?.typedName} required>
                <Input
                  id="sign-name"
                  value={typedName}
                  onChange={(e) => setTypedName(e.target.value)}
                  autoComplete="name"
                  disabled={pending}
                  aria-invalid={fieldErrors?.typedName ? true : undefined}
                  aria-describedby={fieldErrors?.typedName ? "sign-name-error" : undefined}
                />
              </Field>
              <Field label="Code" htmlFor="sign-code" error={fieldErrors?.code} required>
                <Input
                  id="sign-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  disabled={pending}
                  aria-invalid={fieldErrors?.code ? true : undefined}
                  aria-describedby={fieldErrors?.code ? "sign-code-error" : undefined}
                />
              </Field>
              <Button type="submit" disabled={pending}>
                Sign
              </Button>
            </form>
          )}
        </CardContent>
      )}
    </Card>
  );
}

/** Versions (who, when, hash) and signatures of a minute; `parties` names the sides as the reader knows them (the guest: "The agency's expert", "You"). */
export function VersionsAndSignatures({
  minute,
  parties = MINUTE_PARTY_LABELS,
}: {
  minute: MinuteWorkspace;
  parties?: Record<MinuteParty, string>;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Versions and signatures</CardTitle>
        <CardDescription>
          {minute.frozen
            ? `Signed by both experts and frozen on ${formatDateTime(minute.frozenAt)}.`
            : "Every save is a new version; both experts sign the same version."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {minute.signatures.length > 0 && (
          <ul className="grid gap-2" aria-label="Signatures">
            {minute.signatures.map((s) => (
              <li key={s.party} className="break-words">
                <span className="font-medium">{parties[s.party]}:</span> {s.typedName}, {formatDateTime(s.signedAt)}, version {s.version}
                <span className="block break-all font-mono text-xs text-muted-foreground">SHA-256 {s.sha256}</span>
              </li>
            ))}
          </ul>
        )}
        {minute.versions.length === 0 ? (
          <p className="text-muted-foreground">No version saved yet.</p>
        ) : (
          <ol className="grid gap-1.5" aria-label="Versions">
            {minute.versions.map((v) => (
              <li key={v.version} className="break-words">
                Version {v.version} by {v.authorName} ({parties[v.party].toLowerCase()}), {formatDateTime(v.createdAt)}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
