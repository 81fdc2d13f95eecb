import type { Role } from "@medlegal/domain";
import { canOpenRoute } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";

/** Back to the list the user came from: Query Management for staff, My Queries for the others. */
export function BackLink({ role }: { role: Role }) {
  const staff = canOpenRoute(role, "/admin/query-management");
  return (
    <Link
      to={staff ? "/admin/query-management" : "/queries"}
      className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {staff ? "Query Management" : "My Queries"}
    </Link>
  );
}

/** The page while the query loads. */
export function QuerySkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading the query</span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-8 w-2/3" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
