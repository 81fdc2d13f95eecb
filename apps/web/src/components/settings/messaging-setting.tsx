import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { Label } from "../ui/label";
import { Spinner } from "../ui/spinner";
import { Switch } from "../ui/switch";
import { LoadState } from "@/components/load-state";

/**
 * Administrators: whether attorneys and experts may message each other directly (off by default:
 * the agency passes messages on; docs/decisions.md, "Messages"). Saved on toggle.
 */
export function MessagingSetting() {
  const utils = trpc.useUtils();
  const messaging = trpc.settings.getMessaging.useQuery();
  const save = trpc.settings.updateMessaging.useMutation({
    onSuccess: (saved) => {
      utils.settings.getMessaging.setData(undefined, saved);
      // Who may post where changes with it.
      void utils.messages.invalidate();
      toast({
        title: saved.directAttorneyExpertContact
          ? "Attorneys and experts may now message each other"
          : "Attorneys and experts write to the agency only",
        description: saved.directAttorneyExpertContact
          ? "They can start direct conversations with each other."
          : "Conversations holding both an attorney and an expert become read-only for them.",
      });
    },
    meta: { errorTitle: "Could not save the setting" },
  });

  if (!messaging.data) {
    return (
      <LoadState
        query={messaging}
        loadingLabel="Loading the messaging settings"
        loadingRows={2}
        errorTitle="Could not load the messaging settings"
      >
        {null}
      </LoadState>
    );
  }
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor="direct-attorney-expert-contact">Allow attorneys and experts to message each other directly</Label>
        <p id="direct-attorney-expert-contact-hint" className="text-sm text-muted-foreground">
          Off, they write to the agency only and the agency passes messages on, as is usual practice.
        </p>
      </div>
      <div className="flex items-center gap-2 pt-0.5">
        {save.isPending && <Spinner decorative className="size-4" />}
        <Switch
          id="direct-attorney-expert-contact"
          checked={messaging.data.directAttorneyExpertContact}
          disabled={save.isPending}
          aria-describedby="direct-attorney-expert-contact-hint"
          onCheckedChange={(next) => save.mutate({ directAttorneyExpertContact: next })}
        />
      </div>
    </div>
  );
}
