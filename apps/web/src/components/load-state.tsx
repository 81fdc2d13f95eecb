import type { LucideIcon } from "lucide-react";
import { FileQuestion } from "lucide-react";
import * as React from "react";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { EmptyState } from "./page";
import { ErrorState } from "./ui/error-state";
import { ListSkeleton, Skeleton } from "./ui/skeleton";

/** What LoadState reads from a TanStack (or tRPC) query. */
export interface LoadingQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A list's empty state; a view with no empty state of its own (a week grid, a roster) leaves it out. */
type EmptyProps =
  | { isEmpty: boolean; emptyIcon: LucideIcon; emptyTitle: string; emptyText?: React.ReactNode }
  | { isEmpty?: undefined; emptyIcon?: undefined; emptyTitle?: undefined; emptyText?: undefined };

/**
 * The four states of a loaded list: placeholder rows while it loads, the server's sentence with
 * "Try again" when it failed, an empty state when there is nothing, and the content otherwise.
 * The one loading and error path of a page: its children are built before this decides, so they
 * read the query's data optionally.
 */
export function LoadState({
  query,
  loadingLabel,
  loadingRows,
  errorTitle,
  isEmpty,
  emptyIcon,
  emptyTitle,
  emptyText,
  children,
}: {
  query: LoadingQuery;
  loadingLabel: string;
  loadingRows?: number;
  errorTitle: string;
  children: React.ReactNode;
} & EmptyProps) {
  if (query.isLoading) return <ListSkeleton label={loadingLabel} rows={loadingRows} />;
  if (query.isError) return <ErrorState title={errorTitle} message={trpcErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (isEmpty && emptyIcon) {
    return (
      <EmptyState icon={emptyIcon} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    );
  }
  return <>{children}</>;
}

/**
 * A record page (a report, an invoice) before its record is there: placeholders while it loads, "not
 * found" for a record that does not exist or is not the caller's (the server answers both with 404),
 * the server's sentence with "Try again" for anything else, each below the page's way back.
 * Null once the record has loaded.
 */
export function RecordLoadState({ query, noun, back }: { query: LoadingQuery; noun: string; back: React.ReactNode }) {
  if (query.isLoading) {
    return (
      <div role="status" className="grid gap-4">
        <span className="sr-only">Loading the {noun}</span>
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (!query.isError) return null;
  const notFound = (query.error as { data?: { code?: string } } | null)?.data?.code === "NOT_FOUND";
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <>
      {back}
      {notFound ? (
        <EmptyState icon={FileQuestion} title={`${title} not found`}>
          It does not exist or is not yours to see.
        </EmptyState>
      ) : (
        <ErrorState title={`Could not load the ${noun}`} message={trpcErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      )}
    </>
  );
}
