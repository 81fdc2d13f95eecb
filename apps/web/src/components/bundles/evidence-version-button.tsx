import { Upload } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { uploadEvidenceVersion } from "@/lib/upload";
import { isPdf } from "./use-evidence";

/** A new version of a document the attorney added (a PDF); the next bundle takes it, a served one keeps the old. */
export function EvidenceVersionButton({ caseId, documentId, description }: { caseId: string; documentId: string; description: string }) {
  const utils = trpc.useUtils();
  const input = React.useRef<HTMLInputElement>(null);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    if (!isPdf(file)) return setError("The new version must be a PDF.");
    setBusy(true);
    try {
      const version = await uploadEvidenceVersion(documentId, file, () => undefined);
      toast({ title: `Version ${version.number} added`, description });
      await utils.bundles.evidence.invalidate({ caseId });
    } catch (e) {
      setError(e instanceof Error ? e.message : "The new version could not be uploaded.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="inline-grid gap-1">
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        className="sr-only"
        tabIndex={-1}
        aria-label={`New version of ${description} (PDF)`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void send(file);
        }}
      />
      <Button variant="outline" size="sm" disabled={busy} aria-label={`New version: ${description}`} onClick={() => input.current?.click()}>
        {busy ? <Spinner decorative className="size-4 text-current" /> : <Upload aria-hidden />}
        New version
      </Button>
      {error && (
        <span role="alert" className="text-xs font-medium text-destructive">
          {error}
        </span>
      )}
    </span>
  );
}
