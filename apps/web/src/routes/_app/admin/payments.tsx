import { createFileRoute } from "@tanstack/react-router";
import { PaymentsScreen } from "@/components/payments-screen";

/** SPEC.md section 2: /payments and /admin/payments are the same financial screen. */
export const Route = createFileRoute("/_app/admin/payments")({
  component: PaymentsScreen,
});
