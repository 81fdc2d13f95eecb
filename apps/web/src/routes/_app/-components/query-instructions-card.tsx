import type { QueryDetail } from "@medlegal/domain";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDay } from "@/lib/format";
import { Detail } from "./query-detail-item";

/** What the attorney asked for: the instructions, the experts requested and the claim's numbers. */
export function QueryInstructionsCard({ q }: { q: QueryDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Instructions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm whitespace-pre-wrap">{q.instructions}</p>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Detail label="Experts requested">{q.specializations.join(", ")}</Detail>
          <Detail label="Incident date">{formatDay(q.incidentDate)}</Detail>
          {q.rafClaimNumber && <Detail label="RAF claim number">{q.rafClaimNumber}</Detail>}
          {q.courtCaseNumber && <Detail label="Court case number">{q.courtCaseNumber}</Detail>}
        </dl>
      </CardContent>
    </Card>
  );
}
