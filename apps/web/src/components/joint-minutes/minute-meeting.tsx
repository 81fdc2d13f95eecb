import type { JointMinute } from "@medlegal/domain";
import { MEETING_DURATIONS, sastDate, sastToUtc } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import * as React from "react";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";

/**
 * Staff arrange a video meeting about a minute still being written (issue 27): our expert hosts in
 * the agency's meeting rooms and the opposing expert is e-mailed a guest link (jointMinutes.arrangeMeeting).
 */
export function MinuteMeeting({ m }: { m: JointMinute }) {
  const [open, setOpen] = React.useState(false);
  const tomorrow = sastDate(new Date(Date.now() + 86_400_000));
  const [date, setDate] = React.useState(tomorrow);
  const [time, setTime] = React.useState("10:00");
  const [duration, setDuration] = React.useState<number>(60);
  const arrange = trpc.jointMinutes.arrangeMeeting.useMutation({
    onSuccess: (meeting) => {
      setOpen(false);
      toast({ title: "Video meeting arranged", description: `${meeting.title}: the invitations are e-mailed.` });
    },
    meta: { errorTitle: "Could not arrange the meeting" },
  });
  const error = trpcFieldErrors(arrange.error)?.startsAt;
  if (!open) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => setOpen(true)}>
          Arrange a video meeting
        </Button>
        <Link
          to="/video-conferences"
          className="rounded-sm text-sm text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Video Conferences
        </Link>
      </div>
    );
  }
  return (
    <form
      aria-label="Arrange a video meeting"
      className="grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!arrange.isPending && date && time)
          arrange.mutate({ id: m.id, startsAt: sastToUtc(date, time).toISOString(), durationMinutes: duration });
      }}
    >
      <p className="text-muted-foreground">Our expert hosts; {m.opposing.name} is e-mailed a guest link to the room.</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Date" htmlFor="minute-meeting-date" error={error}>
          <Input
            id="minute-meeting-date"
            type="date"
            value={date}
            min={sastDate(new Date())}
            onChange={(e) => setDate(e.target.value)}
            disabled={arrange.isPending}
            aria-invalid={error ? true : undefined}
          />
        </Field>
        <Field label="Start" htmlFor="minute-meeting-time">
          <Input
            id="minute-meeting-time"
            type="time"
            step={900}
            value={time}
            onChange={(e) => setTime(e.target.value)}
            disabled={arrange.isPending}
          />
        </Field>
        <Field label="Duration" htmlFor="minute-meeting-duration">
          <NativeSelect
            id="minute-meeting-duration"
            value={duration}
            onChange={(e) => setDuration(Number(e.target.value))}
            disabled={arrange.isPending}
          >
            {MEETING_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {d} minutes
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={arrange.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={arrange.isPending || !date || !time}>
          Arrange the meeting
        </Button>
      </div>
    </form>
  );
}
