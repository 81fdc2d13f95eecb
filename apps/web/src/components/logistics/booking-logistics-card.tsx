import type { BookingLogistics, InterpreterAnswer, LogisticsView } from "@medlegal/domain";
import { formatRand, INTERPRETER_ANSWER_STAFF_LABEL, interpreterLanguageWarning, TRANSPORT_LABELS } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ClipboardList, Copy, Pencil } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { formatTime } from "@/lib/booking-time";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { BookingLogisticsForm } from "./booking-logistics-form";

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

const withCost = (cents: number | null) => (cents ? ` · ${formatRand(cents)}` : "");

/**
 * The saved arrangements in words; "None" where nothing is arranged. Under the interpreter: their own
 * answer from My Interpreting, and a warning when their account does not list the booked language
 * (docs/product-rules.md, "Interpreters by language": allowed, but said on the form and the booking).
 */
function LogisticsSummary({
  l,
  answer = null,
  mismatch = false,
}: {
  l: BookingLogistics;
  answer?: InterpreterAnswer | null;
  mismatch?: boolean;
}) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Item label="Transport">
        {TRANSPORT_LABELS[l.transport]}
        {withCost(l.transportCents)}
        {l.pickupPoint && (
          <span className="block text-xs text-muted-foreground">
            Pickup {l.pickupTime} at {l.pickupPoint}
          </span>
        )}
      </Item>
      <Item label="Interpreter">
        {l.interpreterName ? `${l.interpreterName} (${l.interpreterLanguage})${withCost(l.interpreterCents)}` : "None"}
        {l.interpreterUserId && (
          <span className="block text-xs text-muted-foreground">Has an account: sees this booking under My Interpreting</span>
        )}
        {l.interpreterContact && <span className="block text-xs text-muted-foreground">{l.interpreterContact}</span>}
        {l.interpreterUserId && answer && (
          <span className={`block text-xs font-medium ${answer === "declined" ? "text-destructive" : "text-emerald-700"}`}>
            {INTERPRETER_ANSWER_STAFF_LABEL[answer]}
          </span>
        )}
        {l.interpreterUserId && mismatch && (
          <span className="mt-1 block text-xs font-medium text-amber-800">
            {interpreterLanguageWarning(l.interpreterName ?? "", l.interpreterLanguage ?? "")}: check with them or name another interpreter.
          </span>
        )}
      </Item>
      <Item label="Guardian or escort">
        {l.guardianName ? `${l.guardianName} (${l.guardianRelationship})` : "None"}
        {l.guardianPhone && <span className="block text-xs text-muted-foreground">{l.guardianPhone}</span>}
      </Item>
      <Item label="Accommodation">
        {l.accommodationName
          ? `${l.accommodationName}, ${l.accommodationNights} night${l.accommodationNights === 1 ? "" : "s"}${withCost(l.accommodationCents)}`
          : "None"}
      </Item>
      <Item label="Meals">{l.meals ? `${l.meals}${withCost(l.mealsCents)}` : "None"}</Item>
    </dl>
  );
}

/**
 * The Logistics section of the booking page (issue 28): staff arrange the claimant's day and copy
 * it to the claimant's other bookings that day; the booking's attorney reads it.
 */
export function BookingLogisticsCard({ bookingId, venueDay, editable }: { bookingId: string; venueDay: string | null; editable: boolean }) {
  const utils = trpc.useUtils();
  const view = trpc.logistics.get.useQuery({ bookingId });
  const [editing, setEditing] = React.useState(false);
  // Only while the form is open (staff): the interpreters with an account to choose from.
  const languageWanted = view.data?.scope === "full" ? (view.data.logistics?.interpreterLanguage ?? view.data.claimantLanguage) : undefined;
  // Those who speak the booked language (else the claimant's) first.
  const interpreters = trpc.logistics.interpreters.useQuery({ language: languageWanted }, { enabled: editable && editing });
  const [applyOpen, setApplyOpen] = React.useState(false);
  const save = trpc.logistics.set.useMutation({
    onSuccess: (saved) => {
      utils.logistics.get.setData({ bookingId }, saved);
      setEditing(false);
      toast({ title: "Logistics saved", description: "The day sheet shows the new arrangements." });
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not save the logistics", description: trpcErrorMessage(error) }),
  });
  const apply = trpc.logistics.applyToSameDay.useMutation({
    onSuccess: async ({ applied }) => {
      setApplyOpen(false);
      await utils.logistics.get.invalidate();
      toast({
        title: "Copied to the claimant's other bookings",
        description: `${applied.join(", ")} now share this day's arrangements (costs stay on this booking).`,
      });
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not copy the logistics", description: trpcErrorMessage(error) }),
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(save.error), [save.error]);
  const full: Extract<LogisticsView, { scope: "full" }> | null = view.data?.scope === "full" ? view.data : null;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="text-base" id="logistics-title">
            Logistics
          </CardTitle>
          <CardDescription>Transport, interpreter, guardian, accommodation and meals for the claimant&apos;s day.</CardDescription>
        </div>
        {editable && full && !editing && (
          <div className="flex flex-wrap gap-2">
            {venueDay && (
              <Button variant="outline" asChild>
                <Link to="/day-sheet" search={{ day: venueDay }}>
                  <ClipboardList aria-hidden />
                  Day sheet
                </Link>
              </Button>
            )}
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              {full.logistics ? "Edit logistics" : "Arrange logistics"}
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {view.isLoading ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading the logistics</span>
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        ) : view.isError ? (
          <ErrorState title="Could not load the logistics" message={trpcErrorMessage(view.error)} onRetry={() => void view.refetch()} />
        ) : full && editing ? (
          <BookingLogisticsForm
            bookingId={bookingId}
            saved={full.logistics}
            billed={full.billed}
            interpreters={interpreters.data}
            neededLanguage={full.interpreterNeeded ? full.claimantLanguage : null}
            pending={save.isPending}
            serverErrors={serverErrors}
            onSubmit={(input) => save.mutate(input as never)}
            onCancel={() => setEditing(false)}
          />
        ) : full?.logistics ? (
          // The interpreter's answer and the language warning are for staff, who name the interpreter.
          <LogisticsSummary
            l={full.logistics}
            answer={editable ? full.interpreterAnswer : null}
            mismatch={editable && full.interpreterMismatch}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            {editable ? "Nothing arranged yet: the claimant comes on their own." : "The agency has arranged nothing for this day."}
          </p>
        )}
        {full && full.sameDay.length > 0 && !editing && (
          <div className="grid gap-2 border-t pt-4 text-sm">
            <p>
              The claimant has {full.sameDay.length === 1 ? "another booking" : `${full.sameDay.length} other bookings`} that day:{" "}
              {full.sameDay.map((o, i) => (
                <React.Fragment key={o.id}>
                  {i > 0 && ", "}
                  <Link to="/booking-form/$bookingId" params={{ bookingId: o.id }} className="font-medium text-primary hover:underline">
                    {o.reference}
                  </Link>{" "}
                  at {formatTime(o.startsAt)} with {o.consultantName}
                </React.Fragment>
              ))}
              .
            </p>
            {editable && full.logistics && (
              <div>
                <Button variant="outline" onClick={() => setApplyOpen(true)}>
                  <Copy aria-hidden />
                  Use for the other bookings that day
                </Button>
              </div>
            )}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={applyOpen}
        onOpenChange={setApplyOpen}
        title="Use these logistics for the claimant's other bookings that day?"
        description="Transport, interpreter, guardian, accommodation and meals are copied, replacing what those bookings had. The costs stay on this booking, so the attorney is billed once."
        confirmLabel="Copy the logistics"
        pending={apply.isPending}
        onConfirm={() => apply.mutate({ bookingId })}
      />
    </Card>
  );
}
