import { useCurrentUser } from "@/hooks/use-auth";
import { PlaceholderPage } from "./page";

/** The one financial screen behind /payments and /admin/payments, titled as the role's sidebar names it. */
export function PaymentsScreen() {
  const { data: user } = useCurrentUser();
  return <PlaceholderPage path={user?.role === "administrator" ? "/admin/payments" : "/payments"} />;
}
