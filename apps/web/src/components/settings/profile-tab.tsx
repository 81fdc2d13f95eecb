import type { ProfileInput, Role } from "@medlegal/domain";
import { can } from "@medlegal/domain";
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { toast } from "@/hooks/use-toast";
import { audienceOf } from "@/lib/audience";
import { queryKeys } from "@/lib/query-keys";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { ExpertBillingSection } from "./expert-billing-form";
import { ProfileForm } from "./profile-form";
import { SettingsSection } from "./settings-section";

/** The Profile tab: one's own details, and an expert's billing details under them. */
export function ProfileTab({ role }: { role: Role }) {
  return (
    <>
      <SettingsSection title="Profile" description="Your name and contact details. Your username and role are fixed.">
        <ProfileSection />
      </SettingsSection>
      {can(role, "account.billing") && (
        <div className="mt-6">
          <SettingsSection
            title="Billing details"
            description="Your VAT number and the bank account the agency pays you into, printed on the invoices you issue to it."
          >
            <ExpertBillingSection />
          </SettingsSection>
        </div>
      )}
    </>
  );
}

function ProfileSection() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const account = trpc.account.get.useQuery();
  const needsSpecializations = !!account.data && audienceOf(account.data.role) === "consultant";
  const specializations = trpc.specializations.listActive.useQuery(undefined, { enabled: needsSpecializations });
  const update = trpc.account.updateProfile.useMutation({
    onSuccess: async (user) => {
      utils.account.get.setData(undefined, user);
      toast({ title: "Profile saved", description: "Your details were updated." });
      // The header shows the name, email and specialization of the signed-in user.
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
    meta: { errorTitle: "Could not save your profile" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(update.error), [update.error]);

  return (
    <LoadState query={account} loadingLabel="Loading your profile" errorTitle="Could not load your profile">
      {account.data && (
        <ProfileForm
          user={account.data}
          specializations={specializations.data ?? (specializations.isError ? [] : undefined)}
          pending={update.isPending}
          serverErrors={serverErrors}
          onSubmit={(payload: ProfileInput) => update.mutate(payload)}
        />
      )}
    </LoadState>
  );
}
