import { createFileRoute, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { Brand } from "@/components/brand";
import { MeetingRoom } from "@/components/meetings/meeting-room";
import { Spinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { TrpcProvider } from "@/lib/trpc-runtime";

interface JoinSearch {
  token?: string;
}

/**
 * The public page of a guest's e-mailed link (docs/architecture.md, "Video assessments"): the token
 * becomes a guest session for this one meeting, the token leaves the address bar, and the room
 * opens. A reload without the token goes on with the session while it lasts.
 */
export const Route = createFileRoute("/join/$roomId")({
  validateSearch: (search: Record<string, unknown>): JoinSearch =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  // Its tRPC client loads with this page, not with the first download (lib/trpc-runtime.tsx).
  component: () => (
    <TrpcProvider>
      <JoinPage />
    </TrpcProvider>
  ),
});

function JoinPage() {
  const { roomId } = Route.useParams();
  const { token } = Route.useSearch();
  const navigate = useNavigate({ from: "/join/$roomId" });
  const join = trpc.meetings.joinAsGuest.useMutation({ meta: { errorToast: false } });
  const [ready, setReady] = React.useState(!token);
  const started = React.useRef(false);
  useDocumentTitle("Join the video meeting");

  React.useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    join.mutate(
      { roomId, token },
      {
        onSuccess: () => {
          setReady(true);
          void navigate({ search: {}, replace: true });
        },
      },
    );
  }, [join, navigate, roomId, token]);

  return (
    <div className="min-h-svh bg-background">
      <header className="border-b bg-card px-4 py-3">
        <Brand />
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        {join.isError ? (
          <div className="mx-auto max-w-lg py-12 text-center" role="alert">
            <h1 className="text-xl font-semibold">This link cannot be used</h1>
            <p className="mt-2 text-sm text-muted-foreground">{trpcErrorMessage(join.error)}</p>
          </div>
        ) : ready ? (
          <MeetingRoom roomId={roomId} guest />
        ) : (
          <div role="status" className="flex items-center gap-2 py-16 text-sm text-muted-foreground">
            <Spinner /> Checking your link…
          </div>
        )}
      </main>
    </div>
  );
}
