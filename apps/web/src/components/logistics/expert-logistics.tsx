import { trpc } from "@/lib/trpc";

/**
 * What the expert needs of the claimant's day (issue 28): who interprets and who accompanies the
 * claimant. The server answers an expert with nothing more (docs/decisions.md "The claimant's day").
 * Rows of the booking's details list; nothing while loading or when nothing is arranged.
 */
export function ExpertLogistics({ bookingId }: { bookingId: string }) {
  const view = trpc.logistics.get.useQuery({ bookingId });
  if (view.data?.scope !== "expert") return null;
  const { interpreter, guardian } = view.data;
  return (
    <>
      {interpreter && (
        <div>
          <dt className="text-xs font-medium text-muted-foreground">Interpreter</dt>
          <dd>
            {interpreter.name} ({interpreter.language})
          </dd>
        </div>
      )}
      {guardian && (
        <div>
          <dt className="text-xs font-medium text-muted-foreground">Guardian or escort</dt>
          <dd>
            {guardian.name} ({guardian.relationship})
          </dd>
        </div>
      )}
    </>
  );
}
