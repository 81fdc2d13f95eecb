import * as React from "react";
import { cn } from "@/lib/utils";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";

/**
 * A dialog holding a form: a title, a sentence under it, and the form, scrolling within the
 * viewport. It cannot be closed while the form is being sent (`busy`).
 */
export function FormDialog({
  open,
  onClose,
  busy = false,
  title,
  description,
  className = "max-w-2xl",
  children,
}: {
  open: boolean;
  onClose: () => void;
  busy?: boolean;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The width (`max-w-…`). */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent className={cn("max-h-[92svh] overflow-y-auto", className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
