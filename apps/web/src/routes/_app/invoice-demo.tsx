import { createFileRoute } from "@tanstack/react-router";
import { prefetchPage } from "@/lib/route-data";
import { SampleInvoicePage } from "./-components/sample-invoice-page";

/** The agency's invoice while it has no VAT number, from example data (no real records). */
export const Route = createFileRoute("/_app/invoice-demo")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.invoices.getSample.prefetch({ kind: "invoice" })),
  component: () => <SampleInvoicePage title="Invoice Preview" description="A preview of the invoice layout." kind="invoice" />,
});
