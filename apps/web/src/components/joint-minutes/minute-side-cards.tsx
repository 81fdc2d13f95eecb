import type { JointMinute, MinuteParty } from "@medlegal/domain";
import { JOINT_MINUTE_SIDE_PHRASES, MINUTE_PARTIES, MINUTE_PARTY_LABELS } from "@medlegal/domain";
import * as React from "react";
import { toast } from "@/hooks/use-toast";
import { formatDateTime, formatDay, todayInSa } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";
import { MinuteMeeting } from "./minute-meeting";
import { OpposingExpertDialog } from "./opposing-expert-dialog";

/** The opposing expert, and (for staff) their guest link: send, send again, withdraw. */
export function OpposingExpertCard({ m, onChanged }: { m: JointMinute; onChanged: () => void }) {
  const send = trpc.jointMinutes.sendGuestLink.useMutation({
    meta: { errorTitle: "Not sent" },
    onSuccess: () => {
      toast({ title: "Guest link sent", description: `E-mailed to ${m.opposingEmail}.` });
      onChanged();
    },
  });
  const revoke = trpc.jointMinutes.revokeGuestLink.useMutation({
    meta: { errorTitle: "Not withdrawn" },
    onSuccess: () => {
      toast({ title: "Guest link withdrawn" });
      onChanged();
    },
  });
  const [changing, setChanging] = React.useState(false);
  // The report's court order or plan date and the usual side, for the change dialog's warnings.
  const defaults = trpc.jointMinutes.listForReport.useQuery({ reportId: m.reportId }, { enabled: changing });
  const link = m.guestLink;
  const live = link && !link.revoked && new Date(link.expiresAt) > new Date();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Opposing expert</CardTitle>
        <CardDescription>
          Instructed by {m.opposing.instructingFirm} for {JOINT_MINUTE_SIDE_PHRASES[m.opposing.side]}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="break-words">{m.opposing.name}</dd>
          <dt className="text-muted-foreground">Discipline</dt>
          <dd className="break-words">{m.opposing.discipline}</dd>
          <dt className="text-muted-foreground">HPCSA</dt>
          <dd>{m.opposing.hpcsaNumber}</dd>
          <dt className="text-muted-foreground">Practice</dt>
          <dd className="break-words">{m.opposing.practice}</dd>
          <dt className="text-muted-foreground">E-mail</dt>
          <dd className="break-all">{m.opposingEmail}</dd>
          <dt className="text-muted-foreground">Phone</dt>
          <dd>{m.opposingPhone}</dd>
          <dt className="text-muted-foreground">Due</dt>
          <dd>{formatDay(m.dueOn, "No date set")}</dd>
        </dl>
        {m.canManage && !m.frozen && (
          <div className="grid gap-2 border-t pt-3">
            <p className="text-muted-foreground">
              {live
                ? `Guest link sent ${formatDateTime(link.sentAt)}, works until ${formatDateTime(link.expiresAt)}.`
                : link
                  ? "The guest link has expired or was withdrawn."
                  : "No guest link sent yet."}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setChanging(true)}>
                Change the expert
              </Button>
              <Button variant={live ? "outline" : "default"} onClick={() => send.mutate({ id: m.id })} disabled={send.isPending}>
                {link ? "Send a new guest link" : "Send the guest link"}
              </Button>
              {live && (
                <Button variant="outline" onClick={() => revoke.mutate({ id: m.id })} disabled={revoke.isPending}>
                  Withdraw the link
                </Button>
              )}
            </div>
            <MinuteMeeting m={m} />
          </div>
        )}
      </CardContent>
      {changing && defaults.data && (
        <OpposingExpertDialog
          open
          onClose={() => setChanging(false)}
          minute={m}
          defaults={{ discipline: m.discipline, due: defaults.data.due, opposingSide: defaults.data.opposingSide }}
          onSaved={onChanged}
        />
      )}
    </Card>
  );
}

/** Repudiations of a signed minute (either side, with reasons and date), and the form to record one. */
export function RepudiationsCard({ m, onChanged }: { m: JointMinute; onChanged: () => void }) {
  const [party, setParty] = React.useState<MinuteParty | "">("");
  const [on, setOn] = React.useState(todayInSa());
  const [reasons, setReasons] = React.useState("");
  const record = trpc.jointMinutes.repudiate.useMutation({
    meta: { errorTitle: "Not recorded" },
    onSuccess: () => {
      toast({ title: "Repudiation recorded" });
      setReasons("");
      onChanged();
    },
  });
  const errors = trpcFieldErrors(record.error);
  if (!m.frozen || (m.repudiations.length === 0 && !m.canRepudiate)) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Repudiation</CardTitle>
        <CardDescription>A court is generally bound by a signed minute unless a side properly repudiates it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {m.repudiations.length === 0 ? (
          <p className="text-muted-foreground">Not repudiated.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Repudiations">
            {m.repudiations.map((r) => (
              <li key={r.recordedAt} className="break-words rounded-md border border-destructive/40 p-2">
                <span className="font-medium">{MINUTE_PARTY_LABELS[r.party]}</span> repudiated on {formatDay(r.repudiatedOn)}: {r.reasons}
                <span className="block text-xs text-muted-foreground">
                  Recorded by {r.recordedBy}, {formatDateTime(r.recordedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {m.canRepudiate && (
          <form
            className="grid gap-3"
            noValidate
            aria-label="Record a repudiation"
            onSubmit={(e) => {
              e.preventDefault();
              if (party) record.mutate({ id: m.id, party, repudiatedOn: on, reasons });
            }}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Repudiated by" htmlFor="repudiation-party" error={errors?.party} required>
                <NativeSelect id="repudiation-party" value={party} onChange={(e) => setParty(e.target.value as MinuteParty)}>
                  <option value="" disabled>
                    Select…
                  </option>
                  {MINUTE_PARTIES.map((p) => (
                    <option key={p} value={p}>
                      {MINUTE_PARTY_LABELS[p]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="Date" htmlFor="repudiation-date" error={errors?.repudiatedOn} required>
                <Input id="repudiation-date" type="date" value={on} onChange={(e) => setOn(e.target.value)} />
              </Field>
            </div>
            <Field label="Reasons" htmlFor="repudiation-reasons" error={errors?.reasons} required>
              <Textarea id="repudiation-reasons" rows={3} value={reasons} maxLength={4000} onChange={(e) => setReasons(e.target.value)} />
            </Field>
            <div>
              <Button type="submit" variant="outline" disabled={record.isPending || !party}>
                Record repudiation
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
