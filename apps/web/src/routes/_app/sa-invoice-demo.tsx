import { createFileRoute } from "@tanstack/react-router";
import { SampleInvoice } from "@/components/invoices/sample-invoice";
import { PageHeader } from "@/components/page";

export const Route = createFileRoute("/_app/sa-invoice-demo")({
  component: SaInvoiceDemoPage,
});

/** The full South African tax invoice (VAT Act section 20), from example data (no real records). */
function SaInvoiceDemoPage() {
  return (
    <>
      <PageHeader title="SA Tax Invoice Preview" description="A preview of the South African tax invoice layout." />
      <SampleInvoice vatRegistered />
    </>
  );
}
