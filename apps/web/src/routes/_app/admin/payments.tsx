import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { definedOnly, searchParam } from "@/lib/search-params";
import { PaymentsScreen, prefetchPayments } from "@/components/payments-screen";

/** docs/product-rules.md#navigation: /payments and /admin/payments are the same financial screen. */
export const Route = createFileRoute("/_app/admin/payments")({
  // `attorney`: the account the administrator has open.
  validateSearch: (search: Record<string, unknown>) => definedOnly({ attorney: searchParam.uuid(search.attorney) }),
  loaderDeps: ({ search }) => ({ attorney: search.attorney }),
  loader: ({ context, deps }) => prefetchPayments(context, deps.attorney),
  component: AdminPaymentsPage,
});

function AdminPaymentsPage() {
  const { attorney } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return <PaymentsScreen attorneyId={attorney} onChooseAttorney={(id) => void navigate({ search: { attorney: id }, replace: true })} />;
}
