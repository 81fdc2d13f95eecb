import { isStaff } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { defaultPeriod } from "@/components/invoices/expert-draft";
import { ExpertInvoiceGenerator } from "@/components/invoices/expert-invoice-generator";
import { useCurrentUser } from "@/hooks/use-auth";
import { prefetchPage } from "@/lib/route-data";

export const Route = createFileRoute("/_app/expert-invoice-generator")({
  // A consultant's page opens on their unbilled work of the default period and their invoices.
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc, user }) =>
        user && !isStaff(user.role)
          ? trpc.invoices.listUnbilled.prefetch({ consultantId: null, ...defaultPeriod() })
          : trpc.consultants.list.prefetch({}),
      ({ trpc, user }) => (user && !isStaff(user.role) ? trpc.invoices.list.prefetch({ kind: "expert" }) : Promise.resolve()),
    ),
  component: ExpertInvoiceGeneratorPage,
});

function ExpertInvoiceGeneratorPage() {
  const me = useCurrentUser().data;
  if (!me) return null;
  return <ExpertInvoiceGenerator staff={isStaff(me.role)} />;
}
