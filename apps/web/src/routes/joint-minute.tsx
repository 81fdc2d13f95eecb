import type { MinuteWorkspace } from "@medlegal/domain";
import { GUEST_MINUTE_PARTY_LABELS, JOINT_MINUTE_SIDE_PHRASES, minuteVersionLabel } from "@medlegal/domain";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { Brand } from "@/components/brand";
import { IssuesEditor } from "@/components/joint-minutes/issues-editor";
import { GuestCodeGate } from "@/components/guest/guest-code-gate";
import { SignPanel, VersionsAndSignatures } from "@/components/joint-minutes/minute-signing";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { TrpcProvider } from "@/lib/trpc-runtime";

interface GuestSearch {
  token?: string;
}

/**
 * The opposing expert's page (docs/decisions.md "Joint minutes"), outside the signed-in app like
 * the meeting guest page: the e-mailed link sends a one-time code to their address; the right code
 * starts a guest session for this one minute, and the token leaves the address bar. A reload goes
 * on with the session while it lasts.
 */
export const Route = createFileRoute("/joint-minute")({
  validateSearch: (search: Record<string, unknown>): GuestSearch =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  // Its tRPC client loads with this page, not with the first download (lib/trpc-runtime.tsx).
  component: () => (
    <TrpcProvider>
      <GuestMinutePage />
    </TrpcProvider>
  ),
});

function GuestMinutePage() {
  const { token } = Route.useSearch();
  const navigate = useNavigate({ from: "/joint-minute" });
  useDocumentTitle("Joint minute");
  const open = trpc.jointMinutes.guestOpen.useMutation({ meta: { errorToast: false } });
  const verify = trpc.jointMinutes.guestVerify.useMutation({ meta: { errorToast: false } });
  const [verified, setVerified] = React.useState(!token);

  return (
    <div className="min-h-svh bg-background">
      <header className="border-b bg-card px-4 py-3">
        <Brand />
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        {verified || !token ? (
          <GuestWorkspace />
        ) : (
          <GuestCodeGate
            token={token}
            open={open}
            verify={verify}
            submitLabel="Open the minute"
            onVerified={() => {
              setVerified(true);
              void navigate({ search: {}, replace: true });
            }}
          />
        )}
      </main>
    </div>
  );
}

function GuestWorkspace() {
  const minute = trpc.jointMinutes.guestGet.useQuery(undefined, { retry: false });
  const [codeHint, setCodeHint] = React.useState<string | null>(null);
  const save = trpc.jointMinutes.guestSaveIssues.useMutation({
    meta: { errorTitle: "Not saved" },
    onSuccess: (saved) => toast({ title: `Version ${saved.version} saved` }),
    onSettled: () => void minute.refetch(),
  });
  const askCode = trpc.jointMinutes.guestRequestSignCode.useMutation({
    meta: { errorTitle: "No code sent" },
    onSuccess: (sent) => setCodeHint(sent.emailHint),
  });
  const sign = trpc.jointMinutes.guestSign.useMutation({
    meta: { errorTitle: "Not signed" },
    onSuccess: (signed) => {
      toast({ title: signed.frozen ? "Signed by both experts: the minute is final" : "Signed" });
      setCodeHint(null);
      void minute.refetch();
    },
  });
  if (minute.isLoading) {
    return (
      <div role="status" className="flex items-center gap-2 py-16 text-sm text-muted-foreground">
        <Spinner /> Opening the minute…
      </div>
    );
  }
  if (!minute.data) {
    return (
      <div className="mx-auto max-w-lg py-12 text-center" role="alert">
        <h1 className="text-xl font-semibold">The minute cannot be opened</h1>
        <p className="mt-2 text-sm text-muted-foreground">{trpcErrorMessage(minute.error)}</p>
      </div>
    );
  }
  const m: MinuteWorkspace = minute.data;
  return (
    <>
      <div className="mb-6">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Joint minute: {m.discipline}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {m.claimantName} · {m.ourExpertName} (the agency&apos;s expert) and you, {m.opposing.name} (for{" "}
          {JOINT_MINUTE_SIDE_PHRASES[m.opposing.side]}) · {m.frozen ? "Signed by both experts" : minuteVersionLabel(m.version)}
        </p>
        {m.frozen && (
          <a
            href="/api/joint-minute/minute.pdf"
            download
            className="mt-3 inline-block rounded-sm text-sm font-medium text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Download the signed minute (PDF)
          </a>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Issues</CardTitle>
              <CardDescription>
                {m.canEdit ? "Write your view; the outcome and reasons are joint." : "As signed by both experts."}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <IssuesEditor minute={m} party="opposing" pending={save.isPending} onSave={(input) => save.mutate(input)} />
            </CardContent>
          </Card>
          <SignPanel
            minute={m}
            signerName={m.opposing.name}
            pending={askCode.isPending || sign.isPending}
            codeHint={codeHint}
            fieldErrors={trpcFieldErrors(sign.error)}
            onRequestCode={() => askCode.mutate()}
            onSign={(input) => sign.mutate(input)}
          />
        </div>
        <div className="grid min-w-0 content-start gap-4">
          <VersionsAndSignatures minute={m} parties={GUEST_MINUTE_PARTY_LABELS} />
        </div>
      </div>
    </>
  );
}
