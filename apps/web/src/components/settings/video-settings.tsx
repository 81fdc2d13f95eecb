import type { VideoSettingsView } from "@medlegal/domain";
import { FORM_MESSAGES, videoSettingsSchema } from "@medlegal/domain";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Button } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

/** The form as typed, under the payload's field names so the schema's errors land on them: URLs one per line, minutes as text. */
interface VideoSettingsForm {
  stunUrls: string;
  turnUrls: string;
  turnSecret: string;
  clearTurnSecret: boolean;
  credentialTtlMinutes: string;
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

function toPayload(form: VideoSettingsForm) {
  const ttl = form.credentialTtlMinutes.trim();
  return {
    stunUrls: lines(form.stunUrls),
    turnUrls: lines(form.turnUrls),
    turnSecret: form.turnSecret,
    clearTurnSecret: form.clearTurnSecret,
    credentialTtlMinutes: /^\d+$/.test(ttl) ? Number(ttl) : Number.NaN,
  };
}

/** Minutes that are not a whole number say so (the schema would only see NaN). */
function refineTtl(form: VideoSettingsForm, errors: Record<string, string>): Record<string, string> {
  return /^\d+$/.test(form.credentialTtlMinutes.trim()) ? errors : { ...errors, credentialTtlMinutes: FORM_MESSAGES.wholeNumber };
}

/**
 * The ICE servers of video meetings (docs/decisions.md, "Video assessments"): STUN and TURN URLs,
 * and the TURN shared secret, which is never shown again once saved.
 */
export function VideoSettings() {
  const settings = trpc.settings.getVideo.useQuery();
  return (
    <LoadState query={settings} loadingLabel="Loading the video settings" loadingRows={3} errorTitle="Could not load the video settings">
      {settings.data && <VideoSettingsFields key={JSON.stringify(settings.data)} saved={settings.data} />}
    </LoadState>
  );
}

function VideoSettingsFields({ saved }: { saved: VideoSettingsView }) {
  const utils = trpc.useUtils();
  const update = trpc.settings.updateVideo.useMutation({
    meta: { errorToast: false },
    onSuccess: (next) => {
      utils.settings.getVideo.setData(undefined, next);
      toast({ title: "Video settings saved" });
    },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(update.error), [update.error]);
  const { form, patch, err, formRef, bind, text, submit } = useZodForm<VideoSettingsForm>({
    initial: () => ({
      stunUrls: saved.stunUrls.join("\n"),
      turnUrls: saved.turnUrls.join("\n"),
      turnSecret: "",
      clearTurnSecret: false,
      credentialTtlMinutes: String(saved.credentialTtlMinutes),
    }),
    schema: videoSettingsSchema,
    toPayload,
    refine: refineTtl,
    idPrefix: "video",
    pending: update.isPending,
    serverErrors,
  });
  const withHelp = (name: "stunUrls" | "turnUrls") => {
    const props = text(name);
    return { ...props, "aria-describedby": [props["aria-describedby"], `video-${name}-help`].filter(Boolean).join(" ") };
  };

  return (
    <form ref={formRef} onSubmit={submit((f) => update.mutate(toPayload(f)))} className="grid gap-4" noValidate>
      <Field label="STUN servers" htmlFor="video-stunUrls" error={err("stunUrls")}>
        <Textarea {...withHelp("stunUrls")} rows={3} placeholder="stun:stun.example.org:3478" />
        <p id="video-stunUrls-help" className="text-xs text-muted-foreground">
          One per line. With none, people on the same network still connect.
        </p>
      </Field>
      <Field label="TURN servers" htmlFor="video-turnUrls" error={err("turnUrls")}>
        <Textarea {...withHelp("turnUrls")} rows={3} placeholder="turn:turn.example.org:3478" />
        <p id="video-turnUrls-help" className="text-xs text-muted-foreground">
          One per line, for people behind strict firewalls. They need the shared secret below.
        </p>
      </Field>
      <Field label="TURN shared secret" htmlFor="video-turnSecret" error={err("turnSecret")}>
        <Input
          {...text("turnSecret")}
          type="password"
          autoComplete="off"
          placeholder={saved.turnSecretSet ? "Saved: leave empty to keep it" : "Not set"}
          disabled={update.isPending || form.clearTurnSecret}
        />
      </Field>
      {saved.turnSecretSet && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            {...bind("clearTurnSecret")}
            checked={form.clearTurnSecret}
            onChange={(e) => patch({ clearTurnSecret: e.target.checked })}
            className="size-4"
          />
          Remove the saved secret
        </label>
      )}
      <Field label="TURN credentials last (minutes)" htmlFor="video-credentialTtlMinutes" error={err("credentialTtlMinutes")}>
        <Input {...text("credentialTtlMinutes")} inputMode="numeric" className="max-w-40" />
      </Field>
      {update.error && !serverErrors && <FieldError>{trpcErrorMessage(update.error)}</FieldError>}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />} Save video settings
        </Button>
      </div>
    </form>
  );
}
