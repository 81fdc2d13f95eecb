import type { QueryDetail } from "@medlegal/domain";
import { GENDER_LABEL, type Gender } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Languages } from "lucide-react";
import { ConsentBadge } from "@/components/queries/badges";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDay } from "@/lib/format";
import { Detail } from "./query-detail-item";

/**
 * The claimant of the query's case. Those who may open the claimants page (the attorney and
 * staff) get a link to the claimant's details there; a consultant sees only what the assessment needs.
 */
export function QueryClaimantCard({ claimant }: { claimant: QueryDetail["claimant"] }) {
  const name = `${claimant.firstName} ${claimant.lastName}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Claimant</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm font-medium">
          {claimant.id ? (
            <Link
              to="/patients"
              search={{ claimant: claimant.id }}
              className="rounded-sm text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        <dl className="mt-3 grid gap-3 text-sm">
          <Detail label="Born">
            {formatDay(claimant.birthDate)} · {GENDER_LABEL[claimant.gender as Gender] ?? claimant.gender}
          </Detail>
          <Detail label="Home language">
            <span className="inline-flex flex-wrap items-center gap-1.5">
              {claimant.homeLanguage}
              {claimant.interpreterNeeded && (
                <span className="inline-flex items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800">
                  <Languages aria-hidden className="size-3" />
                  Interpreter needed
                </span>
              )}
            </span>
          </Detail>
          {claimant.idNumber !== undefined && (
            <Detail label="Identity">{claimant.idNumber ? `ID ${claimant.idNumber}` : `Passport ${claimant.passportNumber ?? "—"}`}</Detail>
          )}
          {claimant.phone !== undefined && (
            <Detail label="Contact">{[claimant.phone, claimant.email].filter(Boolean).join(" · ") || "—"}</Detail>
          )}
          {claimant.consentReceivedAt !== undefined && (
            <Detail label="Consent">
              <span className="inline-flex flex-wrap items-center gap-1.5">
                <ConsentBadge consentReceivedAt={claimant.consentReceivedAt} />
                {claimant.consentReceivedAt && formatDay(claimant.consentReceivedAt)}
              </span>
            </Detail>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
