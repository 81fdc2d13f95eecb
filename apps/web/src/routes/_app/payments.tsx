import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { definedOnly, searchParam } from "@/lib/search-params";
import { PaymentsScreen, prefetchPayments } from "@/components/payments-screen";

export const Route = createFileRoute("/_app/payments")({
  // `attorney`: the account an administrator has open (attorneys always see their own).
  validateSearch: (search: Record<string, unknown>) => definedOnly({ attorney: searchParam.uuid(search.attorney) }),
  loaderDeps: ({ search }) => ({ attorney: search.attorney }),
  loader: ({ context, deps }) => prefetchPayments(context, deps.attorney),
  component: PaymentsPage,
});

function PaymentsPage() {
  const { attorney } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return <PaymentsScreen attorneyId={attorney} onChooseAttorney={(id) => void navigate({ search: { attorney: id }, replace: true })} />;
}
