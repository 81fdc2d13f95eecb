import { Link } from "@tanstack/react-router";
import { FileQuestion } from "lucide-react";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { Button } from "./ui/button";

export function NotFound() {
  useDocumentTitle("Page not found");
  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-4">
      <div className="w-full max-w-md rounded-lg border bg-card p-8 text-center shadow-xs">
        <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-destructive-soft">
          <FileQuestion className="size-5 text-destructive" aria-hidden />
        </div>
        <h1 className="mt-4 text-xl font-semibold tracking-tight">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">Go to the dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
