import type { QueryDetail } from "@medlegal/domain";
import { AssignmentStatusBadge } from "@/components/queries/badges";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** The attorney's view of the experts on the query and where each stands. */
export function QueryExpertsCard({ assignments }: { assignments: QueryDetail["assignments"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Experts</CardTitle>
      </CardHeader>
      <CardContent>
        {assignments.length === 0 ? (
          <p className="text-sm text-muted-foreground">The agency has not assigned experts yet.</p>
        ) : (
          <ul className="grid gap-2">
            {assignments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  <span className="font-medium">{a.consultantName}</span>{" "}
                  <span className="text-muted-foreground">· {a.specialization}</span>
                </span>
                <AssignmentStatusBadge status={a.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
