import { Link } from "@tanstack/react-router";
import { ShieldX } from "lucide-react";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { Button } from "./ui/button";

/** Shown instead of a page the signed-in role may not open: no data is loaded. */
export function NoAccess() {
  useDocumentTitle("No access");
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border bg-card px-6 py-16 text-center">
      <div className="flex size-11 items-center justify-center rounded-full bg-destructive-soft">
        <ShieldX className="size-5 text-destructive" aria-hidden />
      </div>
      <h1 className="mt-4 text-lg font-semibold">You don't have access to this page</h1>
      <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">
        Your role does not include this area. If you need it, ask an administrator.
      </p>
      <Button asChild variant="outline" className="mt-5">
        <Link to="/">Back to dashboard</Link>
      </Button>
    </div>
  );
}
