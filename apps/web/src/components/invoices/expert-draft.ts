import type { expertDraftSchema, UnbilledItem } from "@medlegal/domain";
import { addDays, MAX_INVOICE_LINES, parseRandToCents } from "@medlegal/domain";
import type { z } from "zod";
import { saToday } from "@/lib/booking-time";

export type ExpertDraftPayload = z.input<typeof expertDraftSchema>;

/** A piece of unbilled work as chosen: picked or not, its price as typed (rand). */
export interface PickedWork {
  picked: boolean;
  price: string;
}

/** A travel line as typed: kilometres and the rate per kilometre (rand). */
export interface TravelLine {
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
}

/** The default period: the last 90 days up to today (the South African day). */
export function defaultPeriod(today = saToday()): { from: string; to: string } {
  return { from: addDays(today, -90), to: today };
}

/**
 * What "Make draft" sends, or the first thing wrong in words (a price that cannot be read, a travel
 * line half filled, nothing picked). Prices are the expert's adjustments; the server prices nothing again.
 */
export function buildExpertDraft(
  consultantId: string | null,
  work: readonly UnbilledItem[],
  chosen: Record<string, PickedWork>,
  travel: readonly TravelLine[],
): { payload: ExpertDraftPayload; problem: null } | { payload: null; problem: string } {
  const items: ExpertDraftPayload["items"] = [];
  for (const w of work) {
    const c = chosen[w.eventKey];
    if (!c?.picked) continue;
    const cents = parseRandToCents(c.price);
    if (cents === null || Number.isNaN(cents))
      return { payload: null, problem: `Type the price of "${w.description}" in rand, e.g. 1 234.57.` };
    items.push({ eventKey: w.eventKey, description: w.description, unitPriceCents: cents });
  }
  const extraLines: ExpertDraftPayload["extraLines"] = [];
  for (const [index, t] of travel.entries()) {
    const cents = parseRandToCents(t.unitPrice);
    const km = /^\s*\d+\s*$/.test(t.quantity) ? Number(t.quantity) : Number.NaN;
    if (!t.description.trim()) return { payload: null, problem: `Travel line ${index + 1}: describe the trip.` };
    if (!Number.isInteger(km) || km < 1)
      return { payload: null, problem: `Travel line ${index + 1}: type the kilometres as a whole number.` };
    if (cents === null || Number.isNaN(cents))
      return { payload: null, problem: `Travel line ${index + 1}: type the rate per kilometre in rand, e.g. 4.52.` };
    extraLines.push({ kind: "travel", description: t.description.trim(), quantity: km, unitPriceCents: cents });
  }
  if (items.length + extraLines.length === 0) return { payload: null, problem: "Pick at least one piece of work or add a travel line." };
  if (items.length + extraLines.length > MAX_INVOICE_LINES)
    return { payload: null, problem: `An invoice has at most ${MAX_INVOICE_LINES} lines.` };
  return { payload: { consultantId, items, extraLines }, problem: null };
}
