import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";

/** Reports of other experts shared with the signed-in expert on the attorney's consent (issue 27): the released copy to download. */
export function SharedReportLinks() {
  const list = trpc.disciplineWaits.sharedWithMe.useQuery();
  if (list.isError) return <p className="text-sm text-destructive">The reports shared with you could not be loaded.</p>;
  const items = list.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="mb-5">
      <CardHeader>
        <CardTitle>Reports shared with you</CardTitle>
        <CardDescription>
          Released reports your own depends on, shared on the attorney&apos;s consent. Each download is logged.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Reports shared with you">
          {items.map((r) => (
            <li key={r.reportId} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm">
              {r.fileId ? (
                <a
                  href={`/api/files/${r.fileId}`}
                  className="font-mono text-xs font-semibold text-primary underline underline-offset-2"
                  download
                >
                  {r.reference}
                </a>
              ) : (
                <span className="font-mono text-xs font-semibold">{r.reference}</span>
              )}
              <span>
                {r.expertName} ({r.specialization}) · {r.claimant} · {r.queryReference}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
