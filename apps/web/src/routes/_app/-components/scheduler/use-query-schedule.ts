import type { BookingItem, QueryDetail, Slot } from "@medlegal/domain";
import { addDays, CAPACITY_FULL_MESSAGE, sastDate, SLOT_TAKEN_MESSAGE, specializationExperts } from "@medlegal/domain";
import * as React from "react";
import { useRefreshBookings } from "@/hooks/use-bookings";
import { toast } from "@/hooks/use-toast";
import { pickWarnings, placeOf, planBackToBack } from "@/lib/back-to-back";
import { daysBetween, formatWhen, saToday } from "@/lib/booking-time";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/** How far ahead one page of suggested days looks. */
export const WINDOW_DAYS = 28;

/**
 * A requested specialization of the query: its accepted expert (empty `consultantId` while nobody
 * has accepted, so it cannot be booked) or the proposed expert it waits for.
 */
export interface ExpertRow {
  specializationId: string;
  specialization: string;
  consultantId: string;
  consultantName: string;
  proposedName: string | null;
}

/** Why a requested specialization cannot be booked yet: nobody has accepted it. */
export function waitingText(row: Pick<ExpertRow, "proposedName">): string {
  return row.proposedName
    ? `Waiting for ${row.proposedName} to accept the assignment; it cannot be booked until then.`
    : "Waiting for an expert to accept: none is proposed yet, so it cannot be booked.";
}

export interface BookingRunResult {
  specialization: string;
  ok: boolean;
  text: string;
}

/**
 * The scheduler's state for one query: which experts to book (each specialization's accepted expert,
 * the only one the server books; skipping a specialization already booked), their free slots over a four-week window,
 * the days they can all see the claimant (best back to back at one venue first), the chosen slots,
 * and booking them one by one (docs/architecture.md, "Bookings").
 */
export function useQuerySchedule(query: QueryDetail) {
  const today = saToday();
  const utils = trpc.useUtils();
  const refresh = useRefreshBookings();
  const specs = trpc.specializations.listActive.useQuery();
  const specName = (id: string) => specs.data?.find((s) => s.id === id)?.name ?? "Specialization";
  const dependencies = trpc.disciplineWaits.dependencies.useQuery();
  const existing = trpc.bookings.list.useQuery({
    search: `${query.claimant.firstName} ${query.claimant.lastName}`,
    from: today,
    limit: 100,
  });
  const booked = (existing.data?.items ?? []).filter(
    (b) => b.queryId === query.id && (b.status === "requested" || b.status === "confirmed"),
  );

  const [included, setIncluded] = React.useState<Record<string, boolean>>({});
  const [windowFrom, setWindowFrom] = React.useState(today);
  const [date, setDate] = React.useState<string | null>(null);
  const [picks, setPicks] = React.useState<Record<string, Slot>>({});
  const [note, setNote] = React.useState("");
  const [saving, setSaving] = React.useState(false);
  const [results, setResults] = React.useState<BookingRunResult[]>([]);

  const consentMissing = !query.claimant.consentReceivedAt;
  const rows: ExpertRow[] = specializationExperts(query).map((e) => ({
    specializationId: e.specializationId,
    specialization: specName(e.specializationId),
    consultantId: e.accepted?.consultantId ?? "",
    consultantName: e.accepted?.consultantName ?? "",
    proposedName: e.proposedName,
  }));
  /** No specialization has an accepted expert yet: nothing can be booked, so no days are looked for. */
  const nobodyAccepted = rows.every((r) => !r.consultantId);
  const active = rows.filter(
    (r) => r.consultantId && (included[r.specializationId] ?? !booked.some((b) => b.specializationId === r.specializationId)),
  );
  const windowTo = addDays(windowFrom, WINDOW_DAYS - 1);
  // A discipline is seen after those it waits for (docs/decisions.md "Disciplines that wait").
  const order: [string, string][] = active.flatMap((r) =>
    (dependencies.data?.specializations.find((s) => s.id === r.specializationId)?.upstreamIds ?? [])
      .filter((up) => active.some((a) => a.specializationId === up))
      .map((up): [string, string] => [up, r.specializationId]),
  );
  const orderNote = order.length
    ? `Booked in the order the reports depend on: ${order.map(([up, down]) => `${specName(up)} before ${specName(down)}`).join("; ")}.`
    : null;
  const slotQueries = trpc.useQueries((t) =>
    active.map((r) => t.bookings.listSlots({ consultantId: r.consultantId, from: windowFrom, to: windowTo })),
  );
  const slotsLoading = slotQueries.some((q) => q.isLoading);
  const slotsFor = (i: number, day: string) => (slotQueries[i]?.data ?? []).filter((s) => sastDate(new Date(s.startsAt)) === day);

  const suggestions =
    active.length === 0 || slotsLoading
      ? []
      : daysBetween(windowFrom, windowTo)
          .map((day) => {
            const byRow = Object.fromEntries(active.map((r, i) => [r.specializationId, slotsFor(i, day)]));
            if (Object.values(byRow).some((list) => list.length === 0)) return null;
            return { day, plan: planBackToBack(byRow, order) };
          })
          .filter((x): x is { day: string; plan: ReturnType<typeof planBackToBack> } => x !== null)
          .sort((x, y) => rank(x.plan) - rank(y.plan) || x.day.localeCompare(y.day))
          .slice(0, 8)
          .sort((x, y) => x.day.localeCompare(y.day));

  const chosenPicks = active.map((r) => picks[r.specializationId]).filter((s): s is Slot => !!s);
  const warnings = pickWarnings(chosenPicks);
  const pickedPlace = chosenPicks[0] ? placeOf(chosenPicks[0]) : null;

  const suggest = (day: string) => {
    const plan = planBackToBack(Object.fromEntries(active.map((r, i) => [r.specializationId, slotsFor(i, day)])), order);
    setDate(day);
    setPicks(plan ? plan.picks : {});
    if (!plan)
      toast({
        title: "No single venue that day",
        description: order.length
          ? "The experts are free, but not at one venue in the order their reports depend on. Pick their slots by hand."
          : "The experts are free, but not at one venue. Pick their slots by hand.",
      });
  };

  async function bookAll() {
    if (saving) return;
    setSaving(true);
    const out: typeof results = [];
    let slotGone = false;
    for (const r of active) {
      const slot = picks[r.specializationId];
      if (!slot) continue;
      try {
        const b: BookingItem = await utils.client.bookings.create.mutate({
          queryId: query.id,
          consultantId: r.consultantId,
          startsAt: slot.startsAt,
          note: note.trim() || undefined,
        });
        out.push({
          specialization: r.specialization,
          ok: true,
          text: `${b.reference} with ${b.consultantName}, ${formatWhen(b.startsAt)}`,
        });
      } catch (error) {
        const message = trpcErrorMessage(error);
        if (message === SLOT_TAKEN_MESSAGE || message === CAPACITY_FULL_MESSAGE) slotGone = true;
        out.push({ specialization: r.specialization, ok: false, text: message });
      }
    }
    setResults(out);
    setSaving(false);
    const failed = out.filter((o) => !o.ok);
    if (failed.length === 0) {
      toast({
        title: out.length === 1 ? "Assessment booked" : `${out.length} assessments booked`,
        description: "The attorney and the experts were notified. Confirm the bookings in Booking Management.",
      });
      setPicks({});
      setNote("");
    } else {
      toast({
        variant: "destructive",
        title: failed.length === out.length ? "Nothing was booked" : `${out.length - failed.length} of ${out.length} booked`,
        description: failed[0]!.text,
      });
      setPicks((prev) =>
        Object.fromEntries(Object.entries(prev).filter(([spec]) => failed.some((f) => f.specialization === specName(spec)))),
      );
    }
    await refresh();
    if (slotGone) await utils.bookings.listSlots.invalidate();
  }

  /** Take a specialization in or out of this run (its picked slot goes). */
  const include = (specializationId: string, on: boolean) => {
    setIncluded((prev) => ({ ...prev, [specializationId]: on }));
    setPicks(({ [specializationId]: _, ...rest }) => rest);
  };
  const pick = (specializationId: string, slot: Slot | null) =>
    setPicks((prev) => {
      const { [specializationId]: _, ...rest } = prev;
      return slot ? { ...rest, [specializationId]: slot } : rest;
    });

  return {
    today,
    rows,
    active,
    booked,
    nobodyAccepted,
    consentMissing,
    include,
    windowFrom,
    windowTo,
    setWindowFrom,
    slotQueries,
    slotsLoading,
    slotsFor,
    suggestions,
    orderNote,
    date,
    suggest,
    picks,
    pick,
    chosenPicks,
    warnings,
    pickedPlace,
    note,
    setNote,
    saving,
    bookAll,
    results,
  };
}

export type QuerySchedule = ReturnType<typeof useQuerySchedule>;

function rank(plan: ReturnType<typeof planBackToBack>): number {
  if (!plan) return 10_000;
  return plan.gapMinutes;
}
