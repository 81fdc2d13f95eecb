import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { SharedBundleScreen } from "@/components/guest/shared-bundle";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { TrpcProvider } from "@/lib/trpc-runtime";

interface GuestSearch {
  token?: string;
}

/**
 * The opposing attorney's page for a shared bundle (issue 41 item 5), outside the signed-in app
 * like the joint minute's guest page: the e-mailed link sends a one-time code to their address;
 * the right code starts a guest session for this one bundle, and the token leaves the address bar.
 */
export const Route = createFileRoute("/bundle")({
  validateSearch: (search: Record<string, unknown>): GuestSearch =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  component: () => (
    <TrpcProvider>
      <SharedBundlePage />
    </TrpcProvider>
  ),
});

function SharedBundlePage() {
  const { token } = Route.useSearch();
  const navigate = useNavigate({ from: "/bundle" });
  useDocumentTitle("Trial bundle");
  return <SharedBundleScreen token={token} onVerified={() => void navigate({ search: {}, replace: true })} />;
}
