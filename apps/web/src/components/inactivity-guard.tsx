import { Clock } from "lucide-react";
import { formatCountdown, useInactivityTimer } from "@/hooks/use-inactivity-timer";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog";

export interface InactivityWarningProps {
  open: boolean;
  remainingMs: number;
  onContinue: () => void;
  onSignOut: () => void;
}

export function InactivityWarning({ open, remainingMs, onContinue, onSignOut }: InactivityWarningProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onContinue();
      }}
    >
      <DialogContent showClose={false} className="max-w-sm">
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Clock className="size-5" aria-hidden />
          </div>
          <DialogTitle>Are you still there?</DialogTitle>
          <DialogDescription>
            You have been inactive for a while. For your security you will be signed out automatically in{" "}
            <span className="font-semibold text-foreground tabular-nums" data-testid="inactivity-countdown">
              {formatCountdown(remainingMs)}
            </span>
            .
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onSignOut}>
            Sign out now
          </Button>
          <Button onClick={onContinue} autoFocus>
            Continue Session
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Watches for inactivity while signed in: a warning after 13 minutes, sign-out at 15 (docs/product-rules.md#passwords-and-sessions). */
export function InactivityGuard({ onTimeout }: { onTimeout: () => void }) {
  const { warningOpen, remainingMs, continueSession } = useInactivityTimer({ onTimeout });
  return <InactivityWarning open={warningOpen} remainingMs={remainingMs} onContinue={continueSession} onSignOut={onTimeout} />;
}
