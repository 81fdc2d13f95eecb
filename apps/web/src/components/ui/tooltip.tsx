import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@medlegal/domain/constants";
import * as React from "react";
import { cn } from "@/lib/utils";

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({ className, sideOffset = 6, ...props }: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn("z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md animate-in", className)}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
