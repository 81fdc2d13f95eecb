import type { RoomState } from "@medlegal/domain";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { trpc } from "@/lib/trpc";

export function Consent({ state, onChange }: { state: RoomState; onChange: (next: RoomState) => void }) {
  const consent = trpc.meetings.setConsent.useMutation({ onSuccess: onChange, meta: { errorTitle: "That did not work" } });
  const waitingFor = state.people.filter((p) => p.state === "admitted" && p.present && !p.consent).map((p) => p.name);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Recording consent</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex items-start gap-3">
          <Switch
            id="meeting-consent"
            checked={state.me.consent}
            onCheckedChange={(next) => consent.mutate({ roomId: state.meeting.roomId, consent: next })}
            disabled={consent.isPending}
            aria-describedby="meeting-consent-help"
          />
          <Label htmlFor="meeting-consent" className="leading-5">
            I consent to this meeting being recorded
          </Label>
        </div>
        <p id="meeting-consent-help" className="text-muted-foreground">
          Nothing is recorded until everyone in the room has consented. Withdrawing consent stops a recording at once.
        </p>
        {waitingFor.length > 0 && <p className="text-muted-foreground">Not yet consented: {waitingFor.join(", ")}.</p>}
      </CardContent>
    </Card>
  );
}

export function Lobby({ state, onChange }: { state: RoomState; onChange: (next: RoomState) => void }) {
  const roomId = state.meeting.roomId;
  const admit = trpc.meetings.admit.useMutation({ onSuccess: onChange, meta: { errorTitle: "That did not work" } });
  const deny = trpc.meetings.deny.useMutation({ onSuccess: onChange, meta: { errorTitle: "That did not work" } });
  const remove = trpc.meetings.remove.useMutation({ onSuccess: onChange, meta: { errorTitle: "That did not work" } });
  const busy = admit.isPending || deny.isPending || remove.isPending;
  const waiting = state.people.filter((p) => p.state === "waiting" && p.present);
  const inRoom = state.people.filter((p) => p.state === "admitted" && p.present && p.id !== state.me.participantId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Waiting room</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {waiting.length === 0 ? (
          <p className="text-muted-foreground">Nobody is waiting.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Waiting to be admitted">
            {waiting.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{p.name}</span> <span className="text-muted-foreground">{p.roleLabel}</span>
                </span>
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    onClick={() => admit.mutate({ roomId, participantId: p.id })}
                    disabled={busy}
                    aria-label={`Admit ${p.name}`}
                  >
                    Admit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => deny.mutate({ roomId, participantId: p.id })}
                    disabled={busy}
                    aria-label={`Turn away ${p.name}`}
                  >
                    Turn away
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {inRoom.length > 0 && (
          <div>
            <h3 className="mb-2 font-medium">In the room</h3>
            <ul className="grid gap-2">
              {inRoom.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {p.name} <span className="text-muted-foreground">{p.roleLabel}</span>
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => remove.mutate({ roomId, participantId: p.id })}
                    disabled={busy}
                    aria-label={`Remove ${p.name}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
