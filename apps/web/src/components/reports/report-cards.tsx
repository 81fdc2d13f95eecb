import type { ReportDetail, Role } from "@medlegal/domain";
import { CHECK_RESULT_LABELS, REPORT_KIND_LABELS, REPORT_STATUS_LABELS } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Download, FileText } from "lucide-react";
import * as React from "react";
import { versionTitle } from "@/components/reports/version-title";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime, formatFileSize } from "@/lib/format";
import { audienceOf } from "@/lib/audience";

/** Every uploaded version with its download; an attorney sees the released one. */
export function VersionsCard({ r, role }: { r: ReportDetail; role: Role }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Versions</CardTitle>
        <CardDescription>
          {audienceOf(role) === "attorney"
            ? "The released report, with its release footer."
            : "Every upload is kept unchanged. Downloads before release carry a DRAFT mark."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {r.versionList.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {audienceOf(role) === "attorney" ? "The report can be downloaded here once it is released." : "No version uploaded yet."}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Versions">
            {r.versionList
              .slice()
              .reverse()
              .map((v) => (
                <li key={v.id} className="flex min-w-0 items-start gap-3 rounded-md border px-3 py-2">
                  <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{versionTitle(v, role)}</p>
                    <p className="text-xs text-muted-foreground">
                      {formatFileSize(v.size)} · {v.pageCount} {v.pageCount === 1 ? "page" : "pages"} · {formatDateTime(v.createdAt)} ·{" "}
                      {v.uploadedByName}
                      {v.onBehalfOfName ? ` for ${v.onBehalfOfName}` : ""}
                    </p>
                    {v.changeNote && <p className="mt-1 text-xs">Changes: {v.changeNote}</p>}
                    <details className="mt-1 text-xs text-muted-foreground">
                      <summary className="cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
                        Declaration
                      </summary>
                      <p className="mt-1 whitespace-pre-wrap">{v.declaration}</p>
                    </details>
                  </div>
                  <a
                    href={`/api/files/${v.fileId}`}
                    aria-label={audienceOf(role) === "attorney" ? "Download the released report" : `Download version ${v.number}`}
                    className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-primary outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <Download aria-hidden className="size-4" />
                    Download
                  </a>
                </li>
              ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The reviews so far, newest first, with each check's result. */
export function ReviewsCard({ r }: { r: ReportDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reviews</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {r.reviews
          .slice()
          .reverse()
          .map((rv) => (
            <div key={rv.id} className="rounded-md border p-3">
              <p className="text-sm font-medium">
                Version {rv.versionNumber}: {rv.outcome === "approved" ? "approved" : "changes requested"} by {rv.reviewerName}
              </p>
              <p className="text-xs text-muted-foreground">{formatDateTime(rv.createdAt)}</p>
              {rv.comment && <p className="mt-1 text-sm whitespace-pre-wrap">{rv.comment}</p>}
              <ul className="mt-2 grid gap-1 text-xs">
                {rv.items.map((i) => (
                  <li key={i.itemId} className={i.result === "fail" ? "font-medium text-red-700" : "text-muted-foreground"}>
                    {CHECK_RESULT_LABELS[i.result]}: {i.label}
                    {i.comment ? ` (${i.comment})` : ""}
                  </li>
                ))}
              </ul>
            </div>
          ))}
      </CardContent>
    </Card>
  );
}

/** The report's query, assessment, attorney, due date and what happened to it. */
export function DetailsCard({ r }: { r: ReportDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          <Row term="Query">
            <Link to="/queries/$id" params={{ id: r.queryId }} className="text-primary underline underline-offset-2">
              {r.queryReference}
            </Link>
          </Row>
          <Row term="Examination">{r.examination.label}</Row>
          {r.requestedScope && (
            <Row term="Must cover">
              <span className="whitespace-pre-wrap">{r.requestedScope}</span>
            </Row>
          )}
          <Row term="Attorney">{r.attorneyName}</Row>
          <Row term="Due">{formatDateTime(r.dueAt)}</Row>
          {r.releasedAt && <Row term="Released">{formatDateTime(r.releasedAt)}</Row>}
          {r.releaseOverrideReason && <Row term="Released before payment">{r.releaseOverrideReason}</Row>}
          {r.withdrawnReason && <Row term="Withdrawn">{r.withdrawnReason}</Row>}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The report this one follows and the addenda and joint minutes that follow it. */
export function LinkedReportsCard({ r }: { r: ReportDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Linked reports</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1.5 text-sm">
          {r.parent && (
            <li>
              Follows{" "}
              <Link to="/reports/$id" params={{ id: r.parent.id }} className="text-primary underline underline-offset-2">
                {r.parent.reference}
              </Link>{" "}
              ({REPORT_KIND_LABELS[r.parent.kind]})
            </li>
          )}
          {r.linked.map((l) => (
            <li key={l.id}>
              <Link to="/reports/$id" params={{ id: l.id }} className="text-primary underline underline-offset-2">
                {l.reference}
              </Link>{" "}
              {REPORT_KIND_LABELS[l.kind]} · {l.statusLabel}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The report's status changes and notes, in order. */
export function TimelineCard({ r }: { r: ReportDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Timeline</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 text-sm" aria-label="Timeline">
          {r.events.map((e) => (
            <li key={e.id} className="border-l-2 pl-3">
              <p className="font-medium">{e.toStatus ? REPORT_STATUS_LABELS[e.toStatus] : "Note"}</p>
              <p className="text-xs text-muted-foreground">
                {formatDateTime(e.at)}
                {e.actorName ? ` · ${e.actorName}` : ""}
              </p>
              {e.body && <p className="text-xs whitespace-pre-wrap">{e.body}</p>}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
