import type { MeetingDetail, MeetingGuestRole } from "@medlegal/domain";
import {
  createMeetingSchema,
  MEETING_DURATIONS,
  MEETING_GUEST_ROLE_LABEL,
  MEETING_GUEST_ROLES,
  sastDate,
  sastTime,
} from "@medlegal/domain";
import { Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { type GuestDraft, guestErrors, NEW_GUEST } from "./meeting-guest";

import { meetingPayload, type MeetingForm, onFormFields, soon } from "./meeting-form-model";

/** Staff arrange an ad hoc meeting: title, time (South African), host, users and guests. */
export function CreateMeetingDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (m: MeetingDetail) => void;
}) {
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
  const serverErrors = React.useMemo(() => {
    const fields = trpcFieldErrors(create.error);
    return fields ? onFormFields(fields) : undefined;
  }, [create.error]);
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<MeetingForm>({
    initial: () => ({ title: "", about: "", ...soon(), duration: 60, host: "", userIds: [], guests: [] }),
    schema: createMeetingSchema,
    toPayload: meetingPayload,
    refine: (_form, errors) => onFormFields(errors),
    idPrefix: "meeting",
    pending: create.isPending,
    serverErrors,
  });
  const people = invitees.data ?? [];
  const [aboutKind, aboutId] = form.about.split(":") as ["booking" | "query" | "", string | undefined];
  const booking = aboutKind === "booking" ? links.data?.bookings.find((b) => b.id === aboutId) : undefined;

  /** A video assessment brings its time, its expert as host and a title; the claimant is invited by the server. */
  const chooseAbout = (value: string) => {
    const [kind, id] = value.split(":");
    const b = kind === "booking" ? links.data?.bookings.find((x) => x.id === id) : undefined;
    if (!b) return patch({ about: value });
    patch({
      about: value,
      date: sastDate(new Date(b.startsAt)),
      time: sastTime(new Date(b.startsAt)),
      host: b.consultantId,
      ...(form.title.trim() ? {} : { title: `Video assessment: ${b.claimantName} (${b.reference})` }),
    });
  };
  // A new empty row is not an error yet: the rows' errors show once a row was left (or after a submit).
  const setUserIds = (userIds: string[]) => patch({ userIds });
  const setGuests = (guests: GuestDraft[]) => patch({ guests });
  const guestsError = err("guests");
  const perGuest = form.guests.map((g) => (guestsError ? guestErrors(g) : {}));
  const guestRowsFailing = perGuest.some((e) => Object.keys(e).length > 0);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={create.isPending}
      title="New video meeting"
      description="Times are South African. Guests receive their own link by e-mail."
    >
      <form ref={formRef} onSubmit={submit((f) => create.mutate(meetingPayload(f)))} className="grid gap-4" noValidate>
        <Field label="Title" htmlFor="meeting-title" error={err("title")} required>
          <Input {...text("title")} />
        </Field>
        <Field label="About" htmlFor="meeting-about" error={err("about")}>
          <NativeSelect
            {...bind("about")}
            value={form.about}
            onChange={(e) => chooseAbout(e.target.value)}
            disabled={create.isPending || links.isLoading}
            aria-describedby={[bind("about")["aria-describedby"], "meeting-about-hint"].filter(Boolean).join(" ")}
          >
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
            {booking
              ? "The meeting takes the assessment's time; its claimant is invited when their e-mail is on file."
              : "A video assessment, or a query and its claimant."}
          </p>
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Date" htmlFor="meeting-date" error={err("date")} required>
            <Input {...text("date")} type="date" disabled={create.isPending || Boolean(booking)} />
          </Field>
          <Field label="Start" htmlFor="meeting-time" required>
            <Input {...text("time")} type="time" step={900} disabled={create.isPending || Boolean(booking)} />
          </Field>
          <Field label="Duration" htmlFor="meeting-duration" error={err("duration")}>
            <NativeSelect
              {...bind("duration")}
              value={form.duration}
              onChange={(e) => patch({ duration: Number(e.target.value) })}
              disabled={create.isPending || Boolean(booking)}
            >
              {MEETING_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {d} minutes
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label="Host" htmlFor="meeting-host" error={err("host")} required>
          <NativeSelect
            {...bind("host")}
            value={form.host}
            onChange={(e) => patch({ host: e.target.value })}
            disabled={create.isPending || invitees.isLoading}
          >
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
        <fieldset className="grid gap-2" aria-describedby={err("userIds") ? "meeting-userIds-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">People with an account</legend>
          {form.userIds.map((id, i) => (
            <div key={i} className="flex gap-2">
              <NativeSelect
                aria-label={`Invited person ${i + 1}`}
                value={id}
                onChange={(e) => setUserIds(form.userIds.map((u, j) => (j === i ? e.target.value : u)))}
                onBlur={() => touch("userIds")}
              >
                <option value="">Choose a person</option>
                {people.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.roleLabel})
                  </option>
                ))}
              </NativeSelect>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove invited person ${i + 1}`}
                onClick={() => setUserIds(form.userIds.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          {err("userIds") && <FieldError id="meeting-userIds-error">{err("userIds")}</FieldError>}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setUserIds([...form.userIds, ""])}>
              <Plus aria-hidden /> Add a person
            </Button>
          </div>
        </fieldset>
        <fieldset className="grid gap-3" aria-describedby={guestsError && !guestRowsFailing ? "meeting-guests-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">Guests (claimant, interpreter, observer)</legend>
          {form.guests.map((g, i) => (
            <GuestFields
              key={i}
              index={i}
              guest={g}
              errors={perGuest[i] ?? {}}
              onChange={(next) => setGuests(form.guests.map((x, j) => (j === i ? next : x)))}
              onRemove={() => setGuests(form.guests.filter((_, j) => j !== i))}
              onBlur={() => touch("guests")}
            />
          ))}
          {guestsError && !guestRowsFailing && <FieldError id="meeting-guests-error">{guestsError}</FieldError>}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setGuests([...form.guests, { ...NEW_GUEST }])}>
              <Plus aria-hidden /> Add a guest
            </Button>
          </div>
        </fieldset>
        {create.error && !serverErrors && (
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

function GuestFields({
  index,
  guest,
  onChange,
  onRemove,
  onBlur,
  errors,
}: {
  index: number;
  guest: GuestDraft;
  onChange: (g: GuestDraft) => void;
  onRemove: () => void;
  onBlur: () => void;
  errors: Partial<Record<keyof GuestDraft, string>>;
}) {
  const id = `meeting-guest-${index}`;
  const aria = (field: keyof GuestDraft) => ({
    onBlur,
    "aria-invalid": errors[field] ? (true as const) : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
  });
  return (
    <div className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_9rem_auto] sm:items-end">
      <Field label="Name" htmlFor={`${id}-name`} error={errors.name}>
        <Input id={`${id}-name`} value={guest.name} onChange={(e) => onChange({ ...guest, name: e.target.value })} {...aria("name")} />
      </Field>
      <Field label="E-mail" htmlFor={`${id}-email`} error={errors.email}>
        <Input
          id={`${id}-email`}
          type="email"
          value={guest.email}
          onChange={(e) => onChange({ ...guest, email: e.target.value })}
          {...aria("email")}
        />
      </Field>
      <Field label="Role" htmlFor={`${id}-role`} error={errors.role}>
        <NativeSelect
          id={`${id}-role`}
          value={guest.role}
          onChange={(e) => onChange({ ...guest, role: e.target.value as MeetingGuestRole })}
          {...aria("role")}
        >
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
