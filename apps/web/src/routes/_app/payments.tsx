import { createFileRoute } from "@tanstack/react-router";
import { PaymentsScreen } from "@/components/payments-screen";

export const Route = createFileRoute("/_app/payments")({
  component: PaymentsScreen,
});
