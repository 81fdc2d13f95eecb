import type { UserDetail } from "@medlegal/domain";
import { fullName } from "@medlegal/domain";
import { ShieldCheck, ShieldOff } from "lucide-react";
import * as React from "react";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";

/** In a user's detail: whether they use two-factor sign-in, and the reset for a lost phone (not one's own). */
export function UserTwoFactor({ user, isSelf }: { user: UserDetail; isSelf: boolean }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = React.useState(false);
  const reset = trpc.users.resetTwoFactor.useMutation({
    onSuccess: async (result) => {
      setConfirming(false);
      toast({ title: "Two-factor sign-in reset", description: result.message });
      await utils.users.get.invalidate({ id: user.id });
    },
    onSettled: () => setConfirming(false),
    meta: { errorTitle: "Could not reset two-factor sign-in" },
  });
  const Icon = user.twoFactorEnabled ? ShieldCheck : ShieldOff;
  return (
    <div className="mb-5 flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 px-4 py-3">
      <Icon className={user.twoFactorEnabled ? "size-4 text-success" : "size-4 text-muted-foreground"} aria-hidden />
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-medium">Two-factor sign-in: </span>
        {user.twoFactorEnabled ? "On" : "Off"}
      </p>
      {user.twoFactorEnabled && !isSelf && (
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Reset two-factor sign-in
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Reset two-factor sign-in for ${fullName(user)}?`}
        description="Their authenticator and recovery codes stop working and they are signed out everywhere. They sign in with their password and set up two-factor sign-in again. Do this only once you are sure who asked."
        confirmLabel="Reset"
        destructive
        pending={reset.isPending}
        onConfirm={() => reset.mutate({ id: user.id })}
      />
    </div>
  );
}
