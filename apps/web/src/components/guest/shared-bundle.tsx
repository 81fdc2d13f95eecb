import type { BundleGuestView } from "@medlegal/domain";
import * as React from "react";
import { Brand } from "@/components/brand";
import { GuestCodeGate } from "@/components/guest/guest-code-gate";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime, formatDay, formatFileSize } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

type BundleFile = BundleGuestView["files"][number];
const FILE_ORDER: BundleFile["kind"][] = ["zip", "whole", "index_pdf", "index_csv", "section"];
const fileLabel = (f: BundleFile) =>
  ({
    zip: "The whole bundle (ZIP of every file)",
    whole: "The whole bundle (one PDF)",
    index_pdf: "Index (PDF)",
    index_csv: "Index (CSV)",
    section: `Section ${f.letter ?? ""} (PDF)`,
  })[f.kind];

/**
 * A served bundle as the opposing attorney sees it through their guest session (issue 41 item 5):
 * its heading, the day served, the files to download and the index. Each download is logged.
 */
export function SharedBundle() {
  const bundle = trpc.bundles.guestGet.useQuery(undefined, { retry: false });
  if (bundle.isLoading) {
    return (
      <div role="status" className="flex items-center gap-2 py-16 text-sm text-muted-foreground">
        <Spinner /> Opening the bundle…
      </div>
    );
  }
  if (!bundle.data) {
    return (
      <div className="mx-auto max-w-lg py-12 text-center" role="alert">
        <h1 className="text-xl font-semibold">The bundle cannot be opened</h1>
        <p className="mt-2 text-sm text-muted-foreground">{trpcErrorMessage(bundle.error)}</p>
      </div>
    );
  }
  const b = bundle.data;
  const files = [...b.files].sort(
    (x, y) => FILE_ORDER.indexOf(x.kind) - FILE_ORDER.indexOf(y.kind) || (x.letter ?? "").localeCompare(y.letter ?? ""),
  );
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">
          Trial bundle {b.number}: {b.reference}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {b.servedOn ? `Served on ${formatDay(b.servedOn)}${b.servedTo ? ` on ${b.servedTo}` : ""}` : "Not served"}
          {b.pages !== null ? ` · ${b.pages} pages` : ""} · Shared with {b.sharedWith} until {formatDateTime(b.expiresAt)}
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Files</CardTitle>
          <CardDescription>Each download is recorded.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2" aria-label="Files of the bundle">
            {files.map((f) => (
              <li key={f.fileId} className="flex flex-wrap items-baseline justify-between gap-x-3">
                <a
                  href={`/api/bundle/files/${f.fileId}`}
                  download
                  className="min-w-0 break-words rounded-sm text-sm font-medium text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {fileLabel(f)}
                </a>
                <span className="text-xs text-muted-foreground">
                  {f.fileName} · {formatFileSize(f.size)}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Index</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-3" aria-label="Index of the bundle">
            {b.entries.map((e, i) => (
              <li key={i} className="grid gap-0.5 border-b pb-2 text-sm last:border-b-0">
                <span className="font-medium">
                  {e.pages ?? e.letter} · {e.description}
                </span>
                <span className="text-muted-foreground">
                  {e.party} · {e.author} · {formatDay(e.date)}
                </span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}

/** The page's body: the code first when arriving by the link, then the bundle. */
export function SharedBundleScreen({ token, onVerified }: { token?: string; onVerified: () => void }) {
  const open = trpc.bundles.guestOpen.useMutation({ meta: { errorToast: false } });
  const verify = trpc.bundles.guestVerify.useMutation({ meta: { errorToast: false } });
  const [verified, setVerified] = React.useState(!token);
  return (
    <div className="min-h-svh bg-background">
      <header className="border-b bg-card px-4 py-3">
        <Brand />
      </header>
      <main className="mx-auto max-w-4xl px-4 py-6">
        {verified || !token ? (
          <SharedBundle />
        ) : (
          <GuestCodeGate
            token={token}
            open={open}
            verify={verify}
            submitLabel="Open the bundle"
            onVerified={() => {
              setVerified(true);
              onVerified();
            }}
          />
        )}
      </main>
    </div>
  );
}
