import type { VideoSettingsView } from "@medlegal/domain";
import * as React from "react";
import { ErrorState } from "@/components/ui/error-state";
import { Button } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** The first error the server gave for a list field or one of its lines ("stunUrls.1"). */
const listError = (errors: Record<string, string>, name: string) => errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];

/**
 * The ICE servers of video meetings (docs/decisions.md, "Video assessments"): STUN and TURN URLs,
 * and the TURN shared secret, which is never shown again once saved.
 */
export function VideoSettings() {
  const settings = trpc.settings.getVideo.useQuery();
  if (settings.isLoading) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading the video settings…
      </div>
    );
  }
  if (settings.isError || !settings.data) return <ErrorState title="Could not load the video settings" message={trpcErrorMessage(settings.error)} onRetry={() => void settings.refetch()} />;
  return <VideoSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />;
}

function VideoSettingsForm({ saved }: { saved: VideoSettingsView }) {
  const utils = trpc.useUtils();
  const [stun, setStun] = React.useState(saved.stunUrls.join("\n"));
  const [turn, setTurn] = React.useState(saved.turnUrls.join("\n"));
  const [secret, setSecret] = React.useState("");
  const [clearSecret, setClearSecret] = React.useState(false);
  const [ttl, setTtl] = React.useState(String(saved.credentialTtlMinutes));
  const update = trpc.settings.updateVideo.useMutation({
    meta: { errorToast: false },
    onSuccess: (next) => {
      utils.settings.getVideo.setData(undefined, next);
      toast({ title: "Video settings saved" });
    },
  });
  const errors = trpcFieldErrors(update.error) ?? {};
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    update.mutate({ stunUrls: lines(stun), turnUrls: lines(turn), turnSecret: secret, clearTurnSecret: clearSecret, credentialTtlMinutes: Number(ttl) });
  };
  const stunError = listError(errors, "stunUrls");
  const turnError = listError(errors, "turnUrls");
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field label="STUN servers" htmlFor="video-stun" error={stunError}>
        <Textarea id="video-stun" rows={3} value={stun} onChange={(e) => setStun(e.target.value)} placeholder="stun:stun.example.org:3478" aria-describedby="video-stun-help" aria-invalid={Boolean(stunError)} />
        <p id="video-stun-help" className="text-xs text-muted-foreground">
          One per line. With none, people on the same network still connect.
        </p>
      </Field>
      <Field label="TURN servers" htmlFor="video-turn" error={turnError}>
        <Textarea id="video-turn" rows={3} value={turn} onChange={(e) => setTurn(e.target.value)} placeholder="turn:turn.example.org:3478" aria-describedby="video-turn-help" aria-invalid={Boolean(turnError)} />
        <p id="video-turn-help" className="text-xs text-muted-foreground">
          One per line, for people behind strict firewalls. They need the shared secret below.
        </p>
      </Field>
      <Field label="TURN shared secret" htmlFor="video-secret" error={errors.turnSecret}>
        <Input id="video-secret" type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} placeholder={saved.turnSecretSet ? "Saved: leave empty to keep it" : "Not set"} disabled={clearSecret} />
      </Field>
      {saved.turnSecretSet && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={clearSecret} onChange={(e) => setClearSecret(e.target.checked)} className="size-4" />
          Remove the saved secret
        </label>
      )}
      <Field label="TURN credentials last (minutes)" htmlFor="video-ttl" error={errors.credentialTtlMinutes}>
        <Input id="video-ttl" inputMode="numeric" value={ttl} onChange={(e) => setTtl(e.target.value)} className="max-w-40" />
      </Field>
      {update.error && !trpcFieldErrors(update.error) && <FieldError>{trpcErrorMessage(update.error)}</FieldError>}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />} Save video settings
        </Button>
      </div>
    </form>
  );
}
