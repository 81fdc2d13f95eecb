import { Link } from "@tanstack/react-router";
import { CalendarClock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { BookingRunResult } from "./use-query-schedule";

/** What the last "Book" did for each expert: the booking made, or the server's reason it was not. */
export function BookingRunResults({ results }: { results: BookingRunResult[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <CalendarClock aria-hidden className="size-4" />
          Last booking run
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1.5 text-sm">
          {results.map((r) => (
            <li key={r.specialization} className={r.ok ? "text-emerald-800" : "text-destructive"}>
              <span className="font-medium">{r.specialization}:</span> {r.ok ? `booked — ${r.text}` : r.text}
            </li>
          ))}
        </ul>
        <Button variant="link" className="mt-2 px-0" asChild>
          <Link to="/admin/bookings">Confirm them in Booking Management</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
