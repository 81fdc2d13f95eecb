import type { AgencySettings, SlaDefaults } from "@medlegal/domain";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { StaffTwoFactorSetting } from "@/components/two-factor/staff-two-factor-setting";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { CourtClockSettingsSection } from "@/components/court-clock/court-clock-settings";
import { AgencySettingsForm, SlaDefaultsForm } from "./agency-forms";
import { MessagingSetting } from "./messaging-setting";
import { ReceivablesSettingsSection } from "@/components/receivables/receivables-settings";
import { SettingsSection } from "./settings-section";

/** The Agency details tab (administrators): the supplier details on invoices, staff sign-in and who may write to whom. */
export function AgencyTab() {
  return (
    <div className="grid gap-6">
      <SettingsSection title="Agency details" description="The supplier details printed on tax invoices.">
        <AgencySection />
      </SettingsSection>
      <SettingsSection title="Sign-in security" description="What the agency asks of its staff when they sign in.">
        <StaffTwoFactorSetting />
      </SettingsSection>
      <SettingsSection title="Messages" description="Who attorneys and experts may write to.">
        <MessagingSetting />
      </SettingsSection>
      <SettingsSection
        title="Deferred billing"
        description="The default long-stop of a case's deferral agreement, and how long the RAF takes to pay after an order and after taxation."
      >
        <ReceivablesSettingsSection />
      </SettingsSection>
    </div>
  );
}

function AgencySection() {
  const utils = trpc.useUtils();
  const agency = trpc.settings.getAgency.useQuery();
  const save = trpc.settings.updateAgency.useMutation({
    onSuccess: (saved) => {
      utils.settings.getAgency.setData(undefined, saved);
      toast({ title: "Agency details saved", description: "New invoices will show these details." });
    },
    meta: { errorTitle: "Could not save the agency details" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(save.error), [save.error]);
  return (
    <LoadState query={agency} loadingLabel="Loading the agency details" errorTitle="Could not load the agency details">
      {agency.data && (
        <AgencySettingsForm
          settings={agency.data}
          pending={save.isPending}
          serverErrors={serverErrors}
          onSubmit={(next: AgencySettings) => save.mutate(next)}
        />
      )}
    </LoadState>
  );
}

/** The SLA defaults tab (administrators): the targets new timers are measured against. */
export function SlaTab() {
  const utils = trpc.useUtils();
  const sla = trpc.settings.getSla.useQuery();
  const save = trpc.settings.updateSla.useMutation({
    onSuccess: (saved) => {
      utils.settings.getSla.setData(undefined, saved);
      toast({ title: "SLA defaults saved", description: "New timers will use these targets." });
    },
    meta: { errorTitle: "Could not save the SLA defaults" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(save.error), [save.error]);
  return (
    <div className="grid gap-6">
      <SettingsSection title="SLA defaults" description="The targets new SLA timers are measured against.">
        <LoadState query={sla} loadingLabel="Loading the SLA defaults" errorTitle="Could not load the SLA defaults">
          {sla.data && (
            <SlaDefaultsForm
              settings={sla.data}
              pending={save.isPending}
              serverErrors={serverErrors}
              onSubmit={(next: SlaDefaults) => save.mutate(next)}
            />
          )}
        </LoadState>
      </SettingsSection>
      <SettingsSection
        title="Court clock"
        description="Court days between the plan's steps and the trial, per division (a court order's date overrides them). Check them against the current rules and practice directives."
      >
        <CourtClockSettingsSection />
      </SettingsSection>
    </div>
  );
}
