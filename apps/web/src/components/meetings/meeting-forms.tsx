import type { MeetingDetail, MeetingGuestRole } from "@medlegal/domain";
import { MEETING_DURATIONS, MEETING_GUEST_ROLE_LABEL, MEETING_GUEST_ROLES, sastDate, sastTime, sastToUtc } from "@medlegal/domain";
import { Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

interface GuestDraft {
  name: string;
  email: string;
  role: MeetingGuestRole;
}

/** The first quarter hour from now on, as a South African day and time (the room is then open). */
function soon(): { date: string; time: string } {
  const at = new Date(Math.floor(Date.now() / 900_000) * 900_000 + 900_000);
  return { date: sastDate(at), time: sastTime(at) };
}

/** Staff arrange an ad hoc meeting: title, time (South African), host, users and guests. */
export function CreateMeetingDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (m: MeetingDetail) => void }) {
  const invitees = trpc.meetings.invitees.useQuery(undefined, { enabled: open });
  const links = trpc.meetings.links.useQuery(undefined, { enabled: open });
  const utils = trpc.useUtils();
  const create = trpc.meetings.create.useMutation({
    meta: { errorToast: false },
    onSuccess: (m) => {
      void utils.meetings.list.invalidate();
      toast({ title: "Meeting arranged", description: m.title });
      onCreated(m);
    },
  });
  const [title, setTitle] = React.useState("");
  const [start] = React.useState(soon);
  const [date, setDate] = React.useState(start.date);
  const [time, setTime] = React.useState(start.time);
  const [duration, setDuration] = React.useState(60);
  const [hostId, setHostId] = React.useState("");
  const [userIds, setUserIds] = React.useState<string[]>([]);
  const [guests, setGuests] = React.useState<GuestDraft[]>([]);
  /** "booking:<id>", "query:<id>" or "" (ad hoc). */
  const [about, setAbout] = React.useState("");
  const errors = trpcFieldErrors(create.error) ?? {};
  const people = invitees.data ?? [];
  const [aboutKind, aboutId] = about.split(":") as ["booking" | "query" | "", string | undefined];
  const booking = aboutKind === "booking" ? links.data?.bookings.find((b) => b.id === aboutId) : undefined;

  /** A video assessment brings its time, its expert as host and a title; the claimant is invited by the server. */
  const chooseAbout = (value: string) => {
    setAbout(value);
    const [kind, id] = value.split(":");
    const b = kind === "booking" ? links.data?.bookings.find((x) => x.id === id) : undefined;
    if (!b) return;
    setDate(sastDate(new Date(b.startsAt)));
    setTime(sastTime(new Date(b.startsAt)));
    setHostId(b.consultantId);
    if (!title.trim()) setTitle(`Video assessment: ${b.claimantName} (${b.reference})`);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    let startsAt = "";
    try {
      startsAt = sastToUtc(date, time).toISOString();
    } catch {
      startsAt = "";
    }
    create.mutate({
      title,
      startsAt,
      durationMinutes: duration,
      hostId,
      userIds: userIds.filter(Boolean),
      guests,
      bookingId: aboutKind === "booking" ? aboutId : null,
      queryId: aboutKind === "query" ? aboutId : null,
    });
  };

  return (
    <FormDialog open={open} onClose={onClose} busy={create.isPending} title="New video meeting" description="Times are South African. Guests receive their own link by e-mail.">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="Title" htmlFor="meeting-title" error={errors.title} required>
          <Input id="meeting-title" value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={Boolean(errors.title)} aria-describedby={errors.title ? "meeting-title-error" : undefined} />
        </Field>
        <Field label="About" htmlFor="meeting-about" error={errors.bookingId ?? errors.queryId}>
          <NativeSelect id="meeting-about" value={about} onChange={(e) => chooseAbout(e.target.value)} disabled={links.isLoading} aria-describedby="meeting-about-hint">
            <option value="">{links.isLoading ? "Loading…" : "Nothing in particular"}</option>
            {(links.data?.bookings.length ?? 0) > 0 && (
              <optgroup label="Video assessments without a meeting">
                {links.data!.bookings.map((b) => (
                  <option key={b.id} value={`booking:${b.id}`}>
                    {b.reference} · {b.claimantName} · {formatDateTime(b.startsAt)}
                  </option>
                ))}
              </optgroup>
            )}
            {(links.data?.queries.length ?? 0) > 0 && (
              <optgroup label="Queries">
                {links.data!.queries.map((q) => (
                  <option key={q.id} value={`query:${q.id}`}>
                    {q.reference} · {q.claimantName}
                  </option>
                ))}
              </optgroup>
            )}
          </NativeSelect>
          <p id="meeting-about-hint" className="text-xs text-muted-foreground">
            {booking ? "The meeting takes the assessment's time; its claimant is invited when their e-mail is on file." : "A video assessment, or a query and its claimant."}
          </p>
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Date" htmlFor="meeting-date" error={errors.startsAt} required>
            <Input id="meeting-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} disabled={Boolean(booking)} />
          </Field>
          <Field label="Start" htmlFor="meeting-time" required>
            <Input id="meeting-time" type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} disabled={Boolean(booking)} />
          </Field>
          <Field label="Duration" htmlFor="meeting-duration" error={errors.durationMinutes}>
            <NativeSelect id="meeting-duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))} disabled={Boolean(booking)}>
              {MEETING_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {d} minutes
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label="Host" htmlFor="meeting-host" error={errors.hostId} required>
          <NativeSelect id="meeting-host" value={hostId} onChange={(e) => setHostId(e.target.value)} disabled={invitees.isLoading}>
            <option value="">{invitees.isLoading ? "Loading…" : "Choose the host"}</option>
            {people
              .filter((p) => p.canHost)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.roleLabel})
                </option>
              ))}
          </NativeSelect>
        </Field>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">People with an account</legend>
          {userIds.map((id, i) => (
            <div key={i} className="flex gap-2">
              <NativeSelect aria-label={`Invited person ${i + 1}`} value={id} onChange={(e) => setUserIds(userIds.map((u, j) => (j === i ? e.target.value : u)))}>
                <option value="">Choose a person</option>
                {people.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.roleLabel})
                  </option>
                ))}
              </NativeSelect>
              <Button type="button" variant="ghost" size="icon" aria-label={`Remove invited person ${i + 1}`} onClick={() => setUserIds(userIds.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          {errors.userIds && <FieldError>{errors.userIds}</FieldError>}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setUserIds([...userIds, ""])}>
              <Plus aria-hidden /> Add a person
            </Button>
          </div>
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Guests (claimant, interpreter, observer)</legend>
          {guests.map((g, i) => (
            <GuestFields key={i} index={i} guest={g} onChange={(next) => setGuests(guests.map((x, j) => (j === i ? next : x)))} onRemove={() => setGuests(guests.filter((_, j) => j !== i))} errors={errors} />
          ))}
          {errors.guests && <FieldError>{errors.guests}</FieldError>}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setGuests([...guests, { name: "", email: "", role: "claimant" }])}>
              <Plus aria-hidden /> Add a guest
            </Button>
          </div>
        </fieldset>
        {create.error && !trpcFieldErrors(create.error) && (
          <p className="text-sm font-medium text-destructive" role="alert">
            {trpcErrorMessage(create.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner />} Arrange meeting
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

function GuestFields({ index, guest, onChange, onRemove, errors }: { index: number; guest: GuestDraft; onChange: (g: GuestDraft) => void; onRemove: () => void; errors: Record<string, string> }) {
  const id = `meeting-guest-${index}`;
  return (
    <div className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_9rem_auto] sm:items-end">
      <Field label="Name" htmlFor={`${id}-name`} error={errors[`guests.${index}.name`]}>
        <Input id={`${id}-name`} value={guest.name} onChange={(e) => onChange({ ...guest, name: e.target.value })} />
      </Field>
      <Field label="E-mail" htmlFor={`${id}-email`} error={errors[`guests.${index}.email`]}>
        <Input id={`${id}-email`} type="email" value={guest.email} onChange={(e) => onChange({ ...guest, email: e.target.value })} />
      </Field>
      <Field label="Role" htmlFor={`${id}-role`}>
        <NativeSelect id={`${id}-role`} value={guest.role} onChange={(e) => onChange({ ...guest, role: e.target.value as MeetingGuestRole })}>
          {MEETING_GUEST_ROLES.map((r) => (
            <option key={r} value={r}>
              {MEETING_GUEST_ROLE_LABEL[r]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="button" variant="ghost" size="icon" aria-label={`Remove guest ${index + 1}`} onClick={onRemove}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/** Staff invite one more person to a meeting: a user, or a guest who gets a link by e-mail. */
export function InviteForm({ meeting }: { meeting: MeetingDetail }) {
  const utils = trpc.useUtils();
  const invitees = trpc.meetings.invitees.useQuery();
  const [kind, setKind] = React.useState<"guest" | "user">("guest");
  const [userId, setUserId] = React.useState("");
  const [guest, setGuest] = React.useState<GuestDraft>({ name: "", email: "", role: "claimant" });
  const invite = trpc.meetings.invite.useMutation({
    meta: { errorToast: false },
    onSuccess: (next) => {
      utils.meetings.get.setData({ id: meeting.id }, next);
      void utils.meetings.list.invalidate();
      toast({ title: kind === "guest" ? "Guest invited; their link is on its way" : "Person invited" });
      setUserId("");
      setGuest({ name: "", email: "", role: "claimant" });
    },
  });
  const errors = trpcFieldErrors(invite.error) ?? {};
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    invite.mutate(kind === "user" ? { meetingId: meeting.id, kind, userId } : { meetingId: meeting.id, kind, guest });
  };
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <Field label="Invite" htmlFor="invite-kind">
        <NativeSelect id="invite-kind" value={kind} onChange={(e) => setKind(e.target.value as "guest" | "user")}>
          <option value="guest">A guest (by e-mail)</option>
          <option value="user">A person with an account</option>
        </NativeSelect>
      </Field>
      {kind === "user" ? (
        <Field label="Person" htmlFor="invite-user" error={errors.userId}>
          <NativeSelect id="invite-user" value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value="">Choose a person</option>
            {(invitees.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.roleLabel})
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : (
        <GuestInvite guest={guest} onChange={setGuest} errors={errors} />
      )}
      {invite.error && !trpcFieldErrors(invite.error) && (
        <p className="text-sm font-medium text-destructive" role="alert">
          {trpcErrorMessage(invite.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending && <Spinner />} Invite
        </Button>
      </div>
    </form>
  );
}

function GuestInvite({ guest, onChange, errors }: { guest: GuestDraft; onChange: (g: GuestDraft) => void; errors: Record<string, string> }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label="Guest's name" htmlFor="invite-name" error={errors["guest.name"]}>
        <Input id="invite-name" value={guest.name} onChange={(e) => onChange({ ...guest, name: e.target.value })} />
      </Field>
      <Field label="Guest's e-mail" htmlFor="invite-email" error={errors["guest.email"] ?? errors.email}>
        <Input id="invite-email" type="email" value={guest.email} onChange={(e) => onChange({ ...guest, email: e.target.value })} />
      </Field>
      <Field label="Role" htmlFor="invite-role">
        <NativeSelect id="invite-role" value={guest.role} onChange={(e) => onChange({ ...guest, role: e.target.value as MeetingGuestRole })}>
          {MEETING_GUEST_ROLES.map((r) => (
            <option key={r} value={r}>
              {MEETING_GUEST_ROLE_LABEL[r]}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </div>
  );
}
