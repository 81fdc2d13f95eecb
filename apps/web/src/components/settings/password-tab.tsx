import { ACCOUNT_MESSAGES } from "@medlegal/domain";
import * as React from "react";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { ChangePasswordForm } from "./change-password-form";
import { SettingsSection } from "./settings-section";

/** The Password tab. */
export function PasswordTab() {
  const change = trpc.account.changePassword.useMutation({
    onSuccess: (result) => toast({ title: "Password changed", description: result.message || ACCOUNT_MESSAGES.passwordChanged }),
    meta: { errorTitle: "Could not change your password" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(change.error), [change.error]);
  return (
    <SettingsSection
      title="Change password"
      description="Use at least 12 characters with upper and lower case letters, a number and a special character."
    >
      <ChangePasswordForm pending={change.isPending} serverErrors={serverErrors} onSubmit={(input) => change.mutateAsync(input)} />
    </SettingsSection>
  );
}
