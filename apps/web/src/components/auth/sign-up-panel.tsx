import { TrpcProvider } from "@/lib/trpc-runtime";
import { trpc } from "@/lib/trpc";
import type { SignUpFormProps } from "./sign-up-form";
import { SignUpForm } from "./sign-up-form";

/**
 * The sign-up tab's form with the specializations the agency currently has active (a public read),
 * loaded only when the tab opens, with its tRPC client (docs/decisions.md, "Performance").
 */
export function SignUpPanel(props: Omit<SignUpFormProps, "specializations">) {
  return (
    <TrpcProvider>
      <WithSpecializations {...props} />
    </TrpcProvider>
  );
}

function WithSpecializations(props: Omit<SignUpFormProps, "specializations">) {
  const specializations = trpc.specializations.listActive.useQuery();
  return <SignUpForm {...props} specializations={specializations.data ?? (specializations.isError ? [] : undefined)} />;
}
