import { createFileRoute } from "@tanstack/react-router";
import { prefetchPage } from "@/lib/route-data";
import { SampleInvoicePage } from "./-components/sample-invoice-page";

/** The full South African tax invoice (VAT Act section 20), from example data (no real records). */
export const Route = createFileRoute("/_app/sa-invoice-demo")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.invoices.getSample.prefetch({ kind: "tax_invoice" })),
  component: () => (
    <SampleInvoicePage title="SA Tax Invoice Preview" description="A preview of the South African tax invoice layout." kind="tax_invoice" />
  ),
});
