import * as React from "react";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { Label } from "../ui/label";
import { Spinner } from "../ui/spinner";
import { Switch } from "../ui/switch";
import { LoadState } from "@/components/load-state";

/** Administrators: whether administrators and employees must use two-factor sign-in (saved on toggle). */
export function StaffTwoFactorSetting() {
  const utils = trpc.useUtils();
  const security = trpc.settings.getSecurity.useQuery();
  const save = trpc.settings.updateSecurity.useMutation({
    onSuccess: (saved) => {
      utils.settings.getSecurity.setData(undefined, saved);
      toast({
        title: saved.requireTwoFactorForStaff ? "Two-factor sign-in is now required for staff" : "Two-factor sign-in is optional for staff",
        description: saved.requireTwoFactorForStaff
          ? "Administrators and employees without it are asked to set it up before they can continue."
          : "Staff may still use it; nobody is asked to set it up.",
      });
    },
    meta: { errorTitle: "Could not save the setting" },
  });

  if (!security.data) {
    return (
      <LoadState
        query={security}
        loadingLabel="Loading the security settings"
        loadingRows={2}
        errorTitle="Could not load the security settings"
      >
        {null}
      </LoadState>
    );
  }
  const required = security.data.requireTwoFactorForStaff;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor="require-two-factor-staff">Require two-factor sign-in for administrators and employees</Label>
        <p id="require-two-factor-staff-hint" className="text-sm text-muted-foreground">
          Staff see every claimant&apos;s health information. Those without an authenticator must set one up before they can use MedLegal.
          Turn on your own first.
        </p>
      </div>
      <div className="flex items-center gap-2 pt-0.5">
        {save.isPending && <Spinner decorative className="size-4" />}
        <Switch
          id="require-two-factor-staff"
          checked={required}
          disabled={save.isPending}
          aria-describedby="require-two-factor-staff-hint"
          onCheckedChange={(next) => save.mutate({ requireTwoFactorForStaff: next })}
        />
      </div>
    </div>
  );
}
