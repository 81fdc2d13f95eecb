import { createFileRoute } from "@tanstack/react-router";
import { PaymentsScreen } from "@/components/payments-screen";

/** docs/product-rules.md#navigation: /payments and /admin/payments are the same financial screen. */
export const Route = createFileRoute("/_app/admin/payments")({
  component: PaymentsScreen,
});
