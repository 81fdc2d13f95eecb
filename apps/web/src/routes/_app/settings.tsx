import type { Role } from "@medlegal/domain";
import { can, fullName, initials, mayManagePrivacy, ROLE_LABEL } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { ShieldCheck } from "lucide-react";
import type * as React from "react";
import { PageHeader } from "@/components/page";
import { AgencyTab, SlaTab } from "@/components/settings/agency-tab";
import { BackupsTab } from "@/components/settings/backups-tab";
import { NotificationsTab } from "@/components/settings/notifications-tab";
import { PasswordTab } from "@/components/settings/password-tab";
import { ProfileTab } from "@/components/settings/profile-tab";
import { CalendarTab, ChecklistTab, HolidaysTab, ReleaseTab, SecurityTab, TextsTab, VideoTab } from "@/components/settings/simple-tabs";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentUser } from "@/hooks/use-auth";
import { prefetchPage } from "@/lib/route-data";

const TABS = [
  "profile",
  "password",
  "security",
  "notifications",
  "calendar",
  "agency",
  "sla",
  "holidays",
  "checklist",
  "release",
  "video",
  "texts",
  "backups",
] as const;
/** The tabs only administrators see: how the agency is configured. */
const ADMIN_TABS: readonly Tab[] = ["agency", "sla", "holidays", "checklist", "release", "video", "texts", "backups"];
type Tab = (typeof TABS)[number];

/** Each tab's trigger and content, in the order they show (each tab is a component of components/settings). */
const TAB_VIEW: Record<Tab, { label: string; Content: (props: { role: Role }) => React.ReactNode }> = {
  profile: { label: "Profile", Content: ProfileTab },
  password: { label: "Password", Content: PasswordTab },
  security: { label: "Security", Content: SecurityTab },
  notifications: { label: "Notifications", Content: NotificationsTab },
  calendar: { label: "Calendar", Content: CalendarTab },
  agency: { label: "Agency details", Content: AgencyTab },
  sla: { label: "SLA defaults", Content: SlaTab },
  holidays: { label: "Public holidays", Content: HolidaysTab },
  checklist: { label: "Report checklist", Content: ChecklistTab },
  release: { label: "Release on approval", Content: ReleaseTab },
  video: { label: "Video", Content: VideoTab },
  texts: { label: "Text reminders", Content: TextsTab },
  backups: { label: "Backups", Content: BackupsTab },
};

export const Route = createFileRoute("/_app/settings")({
  validateSearch: (search: Record<string, unknown>): { tab?: Tab } =>
    typeof search.tab === "string" && (TABS as readonly string[]).includes(search.tab) && search.tab !== "profile"
      ? { tab: search.tab as Tab }
      : {},
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
  const current: Tab = (!isAdmin && ADMIN_TABS.includes(tab)) || (tab === "calendar" && !can(me.role, "calendar.own")) ? "profile" : tab;
  // The calendar link carries one's bookings, which an interpreter reads under My Interpreting instead.
  const shown = TABS.filter((t) => (isAdmin || !ADMIN_TABS.includes(t)) && (t !== "calendar" || can(me.role, "calendar.own")));
  const setTab = (next: string) => void navigate({ search: next === "profile" ? {} : { tab: next as Tab }, replace: true });

  return (
    <>
      <PageHeader
        title="Settings"
        description="Your account, password, sign-in security and notifications."
        actions={
          // The privacy page has no sidebar entry (the SPEC fixes the sidebar): reached from here and the audit trail.
          mayManagePrivacy(me) ? (
            <Button asChild variant="outline">
              <Link to="/admin/privacy">
                <ShieldCheck aria-hidden /> Privacy (POPIA)
              </Link>
            </Button>
          ) : undefined
        }
      />
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
            {shown.map((tab) => (
              <TabsTrigger key={tab} value={tab} className="h-8 flex-none px-4">
                {TAB_VIEW[tab].label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {shown.map((tab) => {
          const { Content } = TAB_VIEW[tab];
          return (
            <TabsContent key={tab} value={tab}>
              <Content role={me.role} />
            </TabsContent>
          );
        })}
      </Tabs>
    </>
  );
}
