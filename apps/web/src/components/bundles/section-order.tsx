import type { BundleSection } from "@medlegal/domain";
import { ArrowDown, ArrowUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { sectionName, type EvidenceSelection } from "./use-evidence";

/** The order of the bundle's sections, which gives them their letters; a served bundle fixes it (the server says so). */
export function SectionOrder({ order, selection }: { order: readonly BundleSection[]; selection: EvidenceSelection }) {
  return (
    <ol className="grid gap-1" aria-label="Sections' order">
      {order.map((section, i) => {
        const name = sectionName(order, section);
        return (
          <li key={section} className="flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm odd:bg-muted/40">
            <span className="min-w-0 break-words">{name}</span>
            <span className="flex shrink-0 gap-1">
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Move ${name} up`}
                disabled={i === 0 || selection.pending}
                onClick={() => selection.move(section, -1)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Move ${name} down`}
                disabled={i === order.length - 1 || selection.pending}
                onClick={() => selection.move(section, 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
