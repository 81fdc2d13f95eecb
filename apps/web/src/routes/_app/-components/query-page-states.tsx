import type { Role } from "@medlegal/domain";
import { canOpenRoute } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";

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
