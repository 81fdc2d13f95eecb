import type { AgencySettings, NotificationPreference, ProfileInput, SlaDefaults } from "@medlegal/domain";
import { ACCOUNT_MESSAGES, can, fullName, initials, ROLE_LABEL } from "@medlegal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { Settings } from "lucide-react";
import * as React from "react";
import { EmptyState, PageHeader } from "@/components/page";
import { AgencySettingsForm, SlaDefaultsForm } from "@/components/settings/agency-forms";
import { CalendarFeedSetting } from "@/components/settings/calendar-feed-setting";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { ExpertBillingSection } from "@/components/settings/expert-billing-form";
import { NotificationPreferencesForm } from "@/components/settings/notification-preferences-form";
import { ChecklistSettings } from "@/components/reports/checklist-settings";
import { ReleaseAgreementsSettings } from "@/components/reports/release-agreements";
import { ProfileForm } from "@/components/settings/profile-form";
import { MessagingSetting } from "@/components/settings/messaging-setting";
import { VideoSettings } from "@/components/settings/video-settings";
import { HolidaysSettings } from "@/components/sla/holidays-settings";
import { StaffTwoFactorSetting } from "@/components/two-factor/staff-two-factor-setting";
import { TwoFactorSettings } from "@/components/two-factor/two-factor-settings";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { queryKeys } from "@/lib/query-keys";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { audienceOf } from "@/lib/audience";

const TABS = ["profile", "password", "security", "notifications", "calendar", "agency", "sla", "holidays", "checklist", "release", "video"] as const;
/** The tabs only administrators see: how the agency is configured. */
const ADMIN_TABS: readonly Tab[] = ["agency", "sla", "holidays", "checklist", "release", "video"];
type Tab = (typeof TABS)[number];

export const Route = createFileRoute("/_app/settings")({
  validateSearch: (search: Record<string, unknown>): { tab?: Tab } =>
    typeof search.tab === "string" && (TABS as readonly string[]).includes(search.tab) && search.tab !== "profile" ? { tab: search.tab as Tab } : {},
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  // The profile tab opens first: its account read is the page's main query.
  loader: ({ context, deps }) => prefetchPage(context, ({ trpc }) => (deps.tab ? Promise.resolve() : trpc.account.get.prefetch())),
  component: SettingsPage,
});

function SettingsPage() {
  const me = useCurrentUser().data;
  const { tab = "profile" } = Route.useSearch();
  const navigate = useNavigate({ from: "/settings" });
  if (!me) return null;
  const isAdmin = can(me.role, "settings.agency");
  const current: Tab = !isAdmin && ADMIN_TABS.includes(tab) ? "profile" : tab;
  const setTab = (next: string) => void navigate({ search: next === "profile" ? {} : { tab: next as Tab }, replace: true });

  return (
    <>
      <PageHeader title="Settings" description="Your account, password, sign-in security and notifications." />
      <Card className="mb-6 max-w-4xl">
        <CardHeader className="flex-row flex-wrap items-center gap-4 p-5">
          <Avatar className="size-12">
            <AvatarFallback className="text-sm">{initials(me)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            <CardTitle className="text-base break-words">{fullName(me)}</CardTitle>
            <dl className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <div className="flex items-center gap-1.5">
                <dt>Username</dt>
                <dd className="font-mono text-foreground">{me.username}</dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt>Role</dt>
                <dd>
                  <Badge variant="accent">{ROLE_LABEL[me.role]}</Badge>
                </dd>
              </div>
            </dl>
          </div>
        </CardHeader>
      </Card>

      <Tabs value={current} onValueChange={setTab} className="max-w-4xl">
        {/* The tabs wrap onto a second row on a phone rather than scrolling sideways. */}
        <div>
          <TabsList className="h-auto w-full flex-wrap justify-start gap-1 sm:w-auto">
            <TabsTrigger value="profile" className="h-8 flex-none px-4">
              Profile
            </TabsTrigger>
            <TabsTrigger value="password" className="h-8 flex-none px-4">
              Password
            </TabsTrigger>
            <TabsTrigger value="security" className="h-8 flex-none px-4">
              Security
            </TabsTrigger>
            <TabsTrigger value="notifications" className="h-8 flex-none px-4">
              Notifications
            </TabsTrigger>
            <TabsTrigger value="calendar" className="h-8 flex-none px-4">
              Calendar
            </TabsTrigger>
            {isAdmin && (
              <TabsTrigger value="agency" className="h-8 flex-none px-4">
                Agency details
              </TabsTrigger>
            )}
            {isAdmin && (
              <TabsTrigger value="sla" className="h-8 flex-none px-4">
                SLA defaults
              </TabsTrigger>
            )}
            {isAdmin && (
              <TabsTrigger value="holidays" className="h-8 flex-none px-4">
                Public holidays
              </TabsTrigger>
            )}
            {isAdmin && (
              <TabsTrigger value="checklist" className="h-8 flex-none px-4">
                Report checklist
              </TabsTrigger>
            )}
            {isAdmin && (
              <TabsTrigger value="release" className="h-8 flex-none px-4">
                Release on approval
              </TabsTrigger>
            )}
            {isAdmin && (
              <TabsTrigger value="video" className="h-8 flex-none px-4">
                Video
              </TabsTrigger>
            )}
          </TabsList>
        </div>
        <TabsContent value="profile">
          <Section title="Profile" description="Your name and contact details. Your username and role are fixed.">
            <ProfileSection />
          </Section>
          {can(me.role, "account.billing") && (
            <div className="mt-6">
              <Section title="Billing details" description="Your VAT number and the bank account the agency pays you into, printed on the invoices you issue to it.">
                <ExpertBillingSection />
              </Section>
            </div>
          )}
        </TabsContent>
        <TabsContent value="password">
          <Section title="Change password" description="Use at least 12 characters with upper and lower case letters, a number and a special character.">
            <PasswordSection />
          </Section>
        </TabsContent>
        <TabsContent value="security">
          <Section title="Two-factor sign-in" description="A code from an authenticator app after your password.">
            <TwoFactorSettings />
          </Section>
        </TabsContent>
        <TabsContent value="notifications">
          <Section title="Notification preferences" description="Choose what appears in your notification bell and what is e-mailed to you.">
            <NotificationsSection />
          </Section>
        </TabsContent>
        <TabsContent value="calendar">
          <Section title="Calendar link" description="Your assessments in Outlook, Google or Apple Calendar, kept up to date, without claimants' details.">
            <CalendarFeedSetting />
          </Section>
        </TabsContent>
        {isAdmin && (
          <TabsContent value="agency">
            <div className="grid gap-6">
              <Section title="Agency details" description="The supplier details printed on tax invoices.">
                <AgencySection />
              </Section>
              <Section title="Sign-in security" description="What the agency asks of its staff when they sign in.">
                <StaffTwoFactorSetting />
              </Section>
              <Section title="Messages" description="Who attorneys and experts may write to.">
                <MessagingSetting />
              </Section>
            </div>
          </TabsContent>
        )}
        {isAdmin && (
          <TabsContent value="sla">
            <Section title="SLA defaults" description="The targets new SLA timers are measured against.">
              <SlaSection />
            </Section>
          </TabsContent>
        )}
        {isAdmin && (
          <TabsContent value="holidays">
            <Section title="Public holidays" description="Business-day SLA timers skip these days. The law's holidays are built in; add the days the President declares, such as election days.">
              <HolidaysSettings />
            </Section>
          </TabsContent>
        )}
        {isAdmin && (
          <TabsContent value="checklist">
            <Section title="Report checklist" description="The checks a reviewer marks pass, fail or not applicable on each report, per kind of report.">
              <ChecklistSettings />
            </Section>
          </TabsContent>
        )}
        {isAdmin && (
          <TabsContent value="release">
            <Section title="Release on approval" description="Attorneys whose reports are released as soon as they are approved, without waiting for payment.">
              <ReleaseAgreementsSettings />
            </Section>
          </TabsContent>
        )}
        {isAdmin && (
          <TabsContent value="video">
            <Section title="Video meetings" description="The STUN and TURN servers browsers use to connect video assessments across networks.">
              <VideoSettings />
            </Section>
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="pt-2">{children}</CardContent>
    </Card>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} />
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <EmptyState icon={Settings} title="Could not load this section" className="py-10">
      <p>{trpcErrorMessage(error)}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </EmptyState>
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

  if (account.isLoading) return <Loading label="Loading your profile" />;
  if (!account.data) return <LoadError error={account.error} onRetry={() => void account.refetch()} />;
  return (
    <ProfileForm
      user={account.data}
      specializations={specializations.data ?? (specializations.isError ? [] : undefined)}
      pending={update.isPending}
      serverErrors={serverErrors}
      onSubmit={(payload: ProfileInput) => update.mutate(payload)}
    />
  );
}

function PasswordSection() {
  const change = trpc.account.changePassword.useMutation({
    onSuccess: (result) =>
      toast({ title: "Password changed", description: result.message || ACCOUNT_MESSAGES.passwordChanged }),
    meta: { errorTitle: "Could not change your password" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(change.error), [change.error]);
  return <ChangePasswordForm pending={change.isPending} serverErrors={serverErrors} onSubmit={(input) => change.mutateAsync(input)} />;
}

function NotificationsSection() {
  const utils = trpc.useUtils();
  const preferences = trpc.account.getNotificationPreferences.useQuery();
  const save = trpc.account.setNotificationPreferences.useMutation({
    onSuccess: (saved) => {
      utils.account.getNotificationPreferences.setData(undefined, saved);
      toast({ title: "Preferences saved", description: "Your notification choices were updated." });
    },
    meta: { errorTitle: "Could not save your preferences" },
  });
  if (preferences.isLoading) return <Loading label="Loading your preferences" />;
  if (!preferences.data) return <LoadError error={preferences.error} onRetry={() => void preferences.refetch()} />;
  return (
    <NotificationPreferencesForm
      preferences={preferences.data}
      pending={save.isPending}
      onSubmit={(next: NotificationPreference[]) => save.mutate({ preferences: next })}
    />
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
  if (agency.isLoading) return <Loading label="Loading the agency details" />;
  if (!agency.data) return <LoadError error={agency.error} onRetry={() => void agency.refetch()} />;
  return (
    <AgencySettingsForm
      settings={agency.data}
      pending={save.isPending}
      serverErrors={serverErrors}
      onSubmit={(next: AgencySettings) => save.mutate(next)}
    />
  );
}

function SlaSection() {
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
  if (sla.isLoading) return <Loading label="Loading the SLA defaults" />;
  if (!sla.data) return <LoadError error={sla.error} onRetry={() => void sla.refetch()} />;
  return (
    <SlaDefaultsForm settings={sla.data} pending={save.isPending} serverErrors={serverErrors} onSubmit={(next: SlaDefaults) => save.mutate(next)} />
  );
}
