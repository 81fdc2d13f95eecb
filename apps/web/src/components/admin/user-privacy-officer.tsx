import type { UserDetail } from "@medlegal/domain";
import { fullName } from "@medlegal/domain";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";

/**
 * In an employee's detail: whether they are a privacy officer, who handles data subject requests on
 * the Privacy page (docs/decisions.md "POPIA"). Saved at once, like the two-factor reset above it.
 */
export function UserPrivacyOfficer({ user }: { user: UserDetail }) {
  const utils = trpc.useUtils();
  const set = trpc.privacy.setPrivacyOfficer.useMutation({
    onSuccess: async (result) => {
      toast({
        title: result.privacyOfficer ? "Privacy officer named" : "No longer a privacy officer",
        description: result.privacyOfficer
          ? `${fullName(user)} can now handle privacy requests on the Privacy page.`
          : `${fullName(user)} no longer sees the privacy register.`,
      });
      await Promise.all([utils.users.get.invalidate({ id: user.id }), utils.users.list.invalidate()]);
    },
    meta: { errorTitle: "Could not change the privacy officer" },
  });
  const checked = set.isPending ? (set.variables?.privacyOfficer ?? user.isPrivacyOfficer) : user.isPrivacyOfficer;
  return (
    <div className="mb-5 flex items-start gap-3 rounded-lg border bg-muted/40 px-4 py-3">
      <input
        id={`privacy-officer-${user.id}`}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
        checked={checked}
        disabled={set.isPending}
        aria-describedby={`privacy-officer-${user.id}-hint`}
        onChange={(e) => set.mutate({ userId: user.id, privacyOfficer: e.target.checked })}
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={`privacy-officer-${user.id}`} className="font-medium">
          Privacy officer
        </label>
        <p id={`privacy-officer-${user.id}-hint`} className="text-muted-foreground">
          Handles data subject requests and the privacy register. Saved as soon as you tick or clear it.
        </p>
      </div>
    </div>
  );
}
