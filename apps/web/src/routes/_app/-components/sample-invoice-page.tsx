import type { SampleDocument } from "@medlegal/domain";
import { Download, Receipt } from "lucide-react";
import { SampleInvoice } from "@/components/invoices/sample-invoice";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";

/** `/invoice-demo` and `/sa-invoice-demo`: the server's sample (the same data as its PDF) and the PDF. */
export function SampleInvoicePage({ title, description, kind }: { title: string; description: string; kind: SampleDocument }) {
  const sample = trpc.invoices.getSample.useQuery({ kind });
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          sample.data ? (
            <Button asChild>
              <a href={sample.data.pdfPath}>
                <Download aria-hidden />
                Download PDF
              </a>
            </Button>
          ) : undefined
        }
      />
      <LoadState
        query={sample}
        loadingLabel="Loading the sample"
        errorTitle="Could not load the sample"
        isEmpty={false}
        emptyIcon={Receipt}
        emptyTitle=""
      >
        {sample.data && <SampleInvoice sample={sample.data} />}
      </LoadState>
    </>
  );
}
