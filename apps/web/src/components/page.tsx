import type { LucideIcon } from "lucide-react";
import * as React from "react";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { cn } from "@/lib/utils";

/** `phoneCompact`: below 1024 px only the title, for a view that needs the screen's height (an open conversation). */
export function PageHeader({
  title,
  description,
  actions,
  phoneCompact = false,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
  phoneCompact?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className={cn("flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between", phoneCompact ? "mb-3 lg:mb-6" : "mb-6")}>
      <div className="min-w-0">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
        {description && <p className={cn("mt-1 text-sm text-muted-foreground", phoneCompact && "hidden lg:block")}>{description}</p>}
      </div>
      {actions && <div className={cn("shrink-0 gap-2", phoneCompact ? "hidden lg:flex" : "flex flex-wrap")}>{actions}</div>}
    </div>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn("flex flex-col items-center justify-center rounded-lg border border-dashed bg-card px-6 py-14 text-center", className)}
    >
      <div className="flex size-11 items-center justify-center rounded-full bg-muted">
        <Icon className="size-5 text-muted-foreground" aria-hidden />
      </div>
      <h2 className="mt-4 text-sm font-semibold">{title}</h2>
      {children && <div className="mt-1.5 max-w-md text-sm text-muted-foreground">{children}</div>}
    </div>
  );
}
