import type { MeetingDetail, MeetingListItem } from "@medlegal/domain";
import { can, MEETING_STATUS_LABEL, RECORDING_STOP_LABEL } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { Copy, Plus, Send, Video } from "lucide-react";
import * as React from "react";
import { LoadState, RecordLoadState } from "@/components/load-state";
import { InviteForm } from "@/components/meetings/invite-form";
import { CreateMeetingDialog } from "@/components/meetings/meeting-forms";
import { PageHeader } from "@/components/page";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { formatDateTime, formatFileSize } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { definedOnly, searchParam } from "@/lib/search-params";
import { trpc } from "@/lib/trpc";

type When = "upcoming" | "past";

export const Route = createFileRoute("/_app/video-conferences")({
  /** `meeting`: open that meeting's details (a meeting found by its reference in the search, issue 37). */
  validateSearch: (search: Record<string, unknown>) => definedOnly({ meeting: searchParam.uuid(search.meeting) }),
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.meetings.list.prefetch({ when: "upcoming", all: true })),
  component: VideoConferencesPage,
});

const STATUS_VARIANT = { scheduled: "secondary", open: "accent", in_progress: "default", ended: "outline", cancelled: "outline" } as const;

function VideoConferencesPage() {
  const me = useCurrentUser().data;
  const staff = me ? can(me.role, "meetings.manage") : false;
  const [when, setWhen] = React.useState<When>("upcoming");
  // Staff open on every meeting of the agency (they are rarely invited themselves); the server
  // ignores "all" for anyone else, so one query key serves the loader and every role.
  const [all, setAll] = React.useState(true);
  const [creating, setCreating] = React.useState(false);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [openId, setOpenId] = React.useState<string | null>(search.meeting ?? null);
  React.useEffect(() => {
    if (search.meeting) setOpenId(search.meeting);
  }, [search.meeting]);
  const closeDetails = () => {
    setOpenId(null);
    if (search.meeting) void navigate({ search: {}, replace: true });
  };
  const list = trpc.meetings.list.useQuery({ when, all }, { refetchInterval: 30_000 });

  return (
    <>
      <PageHeader
        title="Video Conferences"
        description="Video assessments and meetings you are invited to. The room opens 15 minutes before the start."
        actions={
          staff && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> New meeting
            </Button>
          )
        }
      />
      <Tabs value={when} onValueChange={(v) => setWhen(v as When)}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <TabsList>
            <TabsTrigger value="upcoming" className="px-4">
              Upcoming
            </TabsTrigger>
            <TabsTrigger value="past" className="px-4">
              Past
            </TabsTrigger>
          </TabsList>
          {staff && (
            <div className="flex items-center gap-2">
              <Switch id="meetings-all" checked={all} onCheckedChange={setAll} />
              <label htmlFor="meetings-all" className="text-sm">
                All meetings of the agency
              </label>
            </div>
          )}
        </div>
        {/* Each tab's panel holds the list, so the tabs point at something (aria-controls). */}
        {(["upcoming", "past"] as const).map((tab) => (
          <TabsContent key={tab} value={tab}>
            {tab === when && (
              <LoadState
                query={list}
                loadingLabel="Loading meetings"
                errorTitle="Could not load the meetings"
                isEmpty={(list.data ?? []).length === 0}
                emptyIcon={Video}
                emptyTitle={when === "upcoming" ? "No upcoming meetings" : "No past meetings"}
                emptyText={
                  when === "upcoming"
                    ? "Meetings you are invited to or arranged appear here; confirming a video booking arranges its meeting."
                    : "Meetings that ended, or were cancelled and whose time has passed, appear here."
                }
              >
                <ul className="grid gap-3" aria-label={when === "upcoming" ? "Upcoming meetings" : "Past meetings"}>
                  {(list.data ?? []).map((m) => (
                    <MeetingRow key={m.id} meeting={m} onDetails={() => setOpenId(m.id)} />
                  ))}
                </ul>
              </LoadState>
            )}
          </TabsContent>
        ))}
      </Tabs>
      {staff && (
        <CreateMeetingDialog
          key={creating ? "open" : "closed"}
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(m) => {
            setCreating(false);
            setOpenId(m.id);
          }}
        />
      )}
      {openId && <MeetingDialog id={openId} staff={staff} onClose={closeDetails} />}
    </>
  );
}

function MeetingRow({ meeting: m, onDetails }: { meeting: MeetingListItem; onDetails: () => void }) {
  const live = m.status === "scheduled" || m.status === "open" || m.status === "in_progress";
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-sm font-semibold break-words">{m.title}</h2>
              <Badge variant={STATUS_VARIANT[m.status]}>{MEETING_STATUS_LABEL[m.status]}</Badge>
              {m.isHost && <Badge variant="outline">You host</Badge>}
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              <span className="font-mono text-xs text-foreground">{m.reference}</span> · {formatDateTime(m.startsAt)} · host {m.hostName} ·{" "}
              {m.participantCount} {m.participantCount === 1 ? "person" : "people"}
              {m.bookingReference && ` · booking ${m.bookingReference}`}
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button variant="outline" size="sm" onClick={onDetails} aria-label={`Details of ${m.title}`}>
              Details
            </Button>
            {live && m.invited && (
              <Button size="sm" asChild>
                <Link to="/meeting/$roomId" params={{ roomId: m.roomId }} aria-label={`Open room of ${m.title}`}>
                  Open room
                </Link>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

function MeetingDialog({ id, staff, onClose }: { id: string; staff: boolean; onClose: () => void }) {
  const meeting = trpc.meetings.get.useQuery({ id });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={meeting.data?.title ?? "Meeting"}
      description={
        meeting.data
          ? `${meeting.data.reference} · ${formatDateTime(meeting.data.startsAt)} · ${MEETING_STATUS_LABEL[meeting.data.status]}`
          : "Loading…"
      }
    >
      <RecordLoadState query={meeting} noun="meeting" back={null} />
      {meeting.data && <MeetingDetails meeting={meeting.data} staff={staff} onClose={onClose} />}
    </FormDialog>
  );
}

function MeetingDetails({ meeting, staff, onClose }: { meeting: MeetingDetail; staff: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const meta = { errorTitle: "That did not work" };
  const update = (next: MeetingDetail) => {
    utils.meetings.get.setData({ id: meeting.id }, next);
    void utils.meetings.list.invalidate();
  };
  const resend = trpc.meetings.resendLink.useMutation({
    onSuccess: (next) => {
      update(next);
      toast({ title: "Link sent again" });
    },
    meta,
  });
  const copy = trpc.meetings.copyGuestLink.useMutation({ meta });
  const uninvite = trpc.meetings.uninvite.useMutation({ onSuccess: update, meta });
  const cancel = trpc.meetings.cancel.useMutation({
    onSuccess: (next) => {
      update(next);
      onClose();
    },
    meta,
  });
  const [confirmCancel, setConfirmCancel] = React.useState(false);
  const [copied, setCopied] = React.useState<Record<string, string>>({});

  const copyLink = (participantId: string) =>
    copy.mutate(
      { participantId },
      {
        onSuccess: async ({ url }) => {
          setCopied((c) => ({ ...c, [participantId]: url }));
          try {
            await navigator.clipboard.writeText(url);
            toast({ title: "Link copied" });
          } catch {
            toast({ title: "Copy the link below", description: "The browser did not allow copying." });
          }
        },
      },
    );

  return (
    <div className="grid gap-5 text-sm">
      {meeting.can.join && (
        <div>
          <Button asChild>
            <Link to="/meeting/$roomId" params={{ roomId: meeting.roomId }}>
              Open room
            </Link>
          </Button>
        </div>
      )}
      <section>
        <h3 className="mb-2 font-medium">People</h3>
        <ul className="grid gap-3">
          {meeting.participants.map((p) => (
            <li key={p.id} className="grid gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{p.name}</span>
                <span className="text-muted-foreground">{p.roleLabel}</span>
                {p.isHost && <Badge variant="outline">Host</Badge>}
              </div>
              {p.email && (
                <p className="break-all text-muted-foreground">
                  {p.email}
                  {p.linkSentAt && ` · link sent ${formatDateTime(p.linkSentAt)}`}
                </p>
              )}
              {staff && meeting.can.manage && (
                <div className="flex flex-wrap gap-2">
                  {p.kind === "guest" && (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => copyLink(p.id)}
                        disabled={copy.isPending}
                        aria-label={`Copy link of ${p.name}`}
                      >
                        <Copy aria-hidden /> Copy link
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => resend.mutate({ participantId: p.id })}
                        disabled={resend.isPending}
                        aria-label={`Resend link to ${p.name}`}
                      >
                        <Send aria-hidden /> Resend link
                      </Button>
                    </>
                  )}
                  {!p.isHost && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => uninvite.mutate({ participantId: p.id })}
                      disabled={uninvite.isPending}
                      aria-label={`Remove invitation of ${p.name}`}
                    >
                      Remove invitation
                    </Button>
                  )}
                </div>
              )}
              {copied[p.id] && (
                <input
                  readOnly
                  value={copied[p.id]}
                  aria-label={`Link of ${p.name}`}
                  className="w-full rounded border bg-muted px-2 py-1 font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                  data-guest-link
                />
              )}
            </li>
          ))}
        </ul>
      </section>
      {staff && meeting.can.manage && (
        <section>
          <h3 className="mb-2 font-medium">Invite someone</h3>
          <InviteForm meeting={meeting} />
        </section>
      )}
      {meeting.can.viewRecordings && meeting.recordings.length > 0 && (
        <section>
          <h3 className="mb-2 font-medium">Recordings</h3>
          <ul className="grid gap-2">
            {meeting.recordings.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {formatDateTime(r.startedAt)} · {formatFileSize(r.size)}
                  {r.stopReason && ` · ${RECORDING_STOP_LABEL[r.stopReason]}`}
                </span>
                {r.fileId && (
                  <a className="text-primary underline-offset-4 hover:underline" href={`/api/files/${r.fileId}`}>
                    Download recording
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {staff && meeting.can.manage && (
        <div>
          <Button variant="destructive" onClick={() => setConfirmCancel(true)}>
            Cancel meeting
          </Button>
          <ConfirmDialog
            open={confirmCancel}
            onOpenChange={setConfirmCancel}
            title="Cancel this meeting?"
            description="Everyone invited can no longer join it."
            confirmLabel="Cancel meeting"
            destructive
            pending={cancel.isPending}
            onConfirm={() => cancel.mutate({ id: meeting.id })}
          />
        </div>
      )}
    </div>
  );
}
