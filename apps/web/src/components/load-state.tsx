import type { LucideIcon } from "lucide-react";
import * as React from "react";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { EmptyState } from "./page";
import { ErrorState } from "./ui/error-state";
import { ListSkeleton } from "./ui/skeleton";

/** What LoadState reads from a TanStack (or tRPC) query. */
export interface LoadingQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The four states of a loaded list: placeholder rows while it loads, the server's sentence with
 * "Try again" when it failed, an empty state when there is nothing, and the content otherwise.
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
  isEmpty: boolean;
  emptyIcon: LucideIcon;
  emptyTitle: string;
  emptyText?: React.ReactNode;
  children: React.ReactNode;
}) {
  if (query.isLoading) return <ListSkeleton label={loadingLabel} rows={loadingRows} />;
  if (query.isError) return <ErrorState title={errorTitle} message={trpcErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (isEmpty) {
    return (
      <EmptyState icon={emptyIcon} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    );
  }
  return <>{children}</>;
}
