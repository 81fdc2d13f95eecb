import type { PaiaManual } from "@medlegal/domain";
import {
  PAIA_DATA_SUBJECTS,
  PAIA_OTHER_LEGISLATION,
  PAIA_PURPOSES,
  PAIA_RECIPIENTS,
  PAIA_RECORD_SUBJECTS,
  PAIA_SECURITY,
  PAIA_TRANSBORDER,
} from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import * as React from "react";
import { Brand } from "@/components/brand";
import { LoadState } from "@/components/load-state";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { TrpcProvider } from "@/lib/trpc-runtime";

/**
 * The agency's PAIA manual (Promotion of Access to Information Act, section 51): public, as the Act
 * asks (docs/product-rules.md "The PAIA manual"), generated from the agency's settings.
 */
export const Route = createFileRoute("/paia-manual")({
  // Its tRPC client loads with this page, not with the first download (lib/trpc-runtime.tsx).
  component: () => (
    <TrpcProvider>
      <PaiaManualPage />
    </TrpcProvider>
  ),
});

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      <div className="grid gap-2 text-sm leading-relaxed">{children}</div>
    </section>
  );
}

const List = ({ items }: { items: readonly React.ReactNode[] }) => (
  <ul className="grid list-disc gap-1 pl-5">
    {items.map((item, i) => (
      <li key={i}>{item}</li>
    ))}
  </ul>
);

const orNotSet = (value: string) => value || "Not set yet: ask the agency";

function Manual({ m }: { m: PaiaManual }) {
  const officer = m.informationOfficer || "the agency's Information Officer";
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">PAIA manual of {m.agency.name}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Published under section 51 of the Promotion of Access to Information Act 2 of 2000 (PAIA), read with the Protection of Personal
          Information Act 4 of 2013 (POPIA).{m.updatedOn ? ` Last updated ${formatDay(m.updatedOn)}.` : ""}
        </p>
      </div>

      <Section id="paia-contact" title="1. Contact details">
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[14rem_1fr]">
          <dt className="font-medium">Private body</dt>
          <dd>{m.agency.name}</dd>
          <dt className="font-medium">Street and postal address</dt>
          <dd>{orNotSet(m.agency.address)}</dd>
          <dt className="font-medium">Phone</dt>
          <dd>{orNotSet(m.agency.phone)}</dd>
          <dt className="font-medium">E-mail</dt>
          <dd>{orNotSet(m.agency.email)}</dd>
          <dt className="font-medium">Information Officer</dt>
          <dd>{orNotSet(m.informationOfficer)}</dd>
          <dt className="font-medium">Information Officer&apos;s contact</dt>
          <dd>{m.informationOfficerContact || orNotSet(m.agency.email)}</dd>
          {m.deputyInformationOfficer && (
            <>
              <dt className="font-medium">Deputy Information Officer</dt>
              <dd>{m.deputyInformationOfficer}</dd>
            </>
          )}
          {m.regulatorRegistration && (
            <>
              <dt className="font-medium">Registration with the Information Regulator</dt>
              <dd>{m.regulatorRegistration}</dd>
            </>
          )}
        </dl>
      </Section>

      <Section id="paia-guide" title="2. The Regulator's guide on how to use PAIA">
        <p>
          The Information Regulator publishes a guide on how to exercise the rights PAIA and POPIA give (section 10). It is available from
          the Regulator at inforegulator.org.za, and {officer} gives a copy on request, free of charge.
        </p>
      </Section>

      <Section id="paia-records" title="3. Subjects and categories of records held">
        <p>No category of records is available without a request (section 52). The agency holds records on these subjects:</p>
        <List
          items={PAIA_RECORD_SUBJECTS.map((r) => (
            <>
              <span className="font-medium">{r.subject}:</span> {r.records}
            </>
          ))}
        />
        <p>Records kept under other legislation:</p>
        <List items={PAIA_OTHER_LEGISLATION} />
      </Section>

      <Section id="paia-personal" title="4. Processing of personal information">
        <p className="font-medium">Purposes</p>
        <List items={PAIA_PURPOSES} />
        <p className="font-medium">Data subjects and their information</p>
        <List
          items={PAIA_DATA_SUBJECTS.map((d) => (
            <>
              <span className="font-medium">{d.who}:</span> {d.information}
            </>
          ))}
        />
        <p className="font-medium">Recipients</p>
        <List items={PAIA_RECIPIENTS} />
        <p className="font-medium">Transborder flows</p>
        <p>{PAIA_TRANSBORDER}</p>
        <p className="font-medium">Security measures</p>
        <List items={PAIA_SECURITY} />
        <p className="font-medium">How long records are kept</p>
        <p>
          Closed matters and their reports {m.retention.matterYears} years after their last activity; invoices {m.retention.invoiceYears}{" "}
          years (SARS). Then a claimant&apos;s personal information is destroyed on an administrator&apos;s approval, unless a matter is on
          legal hold.
        </p>
      </Section>

      <Section id="paia-request" title="5. How to request access">
        <List
          items={[
            <>
              Ask {officer} in writing
              {m.informationOfficerContact ? ` (${m.informationOfficerContact})` : m.agency.email ? ` (${m.agency.email})` : ""}, on Form 2
              of the PAIA Regulations, naming the record, the form of access you want and the right you need it for.
            </>,
            "A claimant asking what the agency holds about them and who has seen it (POPIA section 23) may simply ask: the agency answers with an access report listing their records, every person who opened them and who received them, within 30 days.",
            "You may also ask for your information to be corrected (POPIA section 24), deleted, or object to its processing (section 11(3)); a refusal gives the legal reason.",
          ]}
        />
      </Section>

      <Section id="paia-fees" title="6. Fees">
        <List
          items={[
            "A claimant's request for their own personal information costs nothing.",
            "Other requesters pay the request fee and the access fees (copies, search and preparation, postage) prescribed in the PAIA Regulations; the Information Officer says what is payable before the request is processed.",
          ]}
        />
      </Section>

      <Section id="paia-remedies" title="7. If a request is refused">
        <p>You may complain to the Information Regulator (inforegulator.org.za) within 180 days of the decision, or apply to a court.</p>
      </Section>
    </div>
  );
}

function PaiaManualPage() {
  useDocumentTitle("PAIA manual");
  const manual = trpc.privacy.paiaManual.useQuery();
  return (
    <main className="min-h-svh bg-background px-4 py-8 sm:px-8 sm:py-12">
      <div className="mx-auto w-full max-w-3xl">
        <Link
          to="/auth"
          className="mb-8 inline-block rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="MedLegal: sign in"
        >
          <Brand />
        </Link>
        <div className="rounded-lg border bg-card p-5 shadow-xs sm:p-8">
          <LoadState query={manual} loadingLabel="Loading the PAIA manual" errorTitle="The PAIA manual could not be loaded">
            {manual.data && <Manual m={manual.data} />}
          </LoadState>
        </div>
      </div>
    </main>
  );
}
