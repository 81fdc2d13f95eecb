import { createFileRoute } from "@tanstack/react-router";
import { SampleInvoice } from "@/components/invoices/sample-invoice";
import { PageHeader } from "@/components/page";

export const Route = createFileRoute("/_app/invoice-demo")({
  component: InvoiceDemoPage,
});

/** The agency's invoice while it has no VAT number, from example data (no real records). */
function InvoiceDemoPage() {
  return (
    <>
      <PageHeader title="Invoice Preview" description="A preview of the invoice layout." />
      <SampleInvoice vatRegistered={false} />
    </>
  );
}
