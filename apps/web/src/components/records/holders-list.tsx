import type { RecordHolder } from "@medlegal/domain";
import { formatRand, HOLDER_CATEGORY_LABEL, HOLDER_KIND_LABEL } from "@medlegal/domain";
import { Pencil } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ListTable } from "@/components/ui/list-table";
import { cn } from "@/lib/utils";

// A fixed last column, so the header's "Actions" and the rows' button share the fr columns' widths.
const COLUMNS = "lg:grid-cols-[minmax(0,2fr)_minmax(0,1.1fr)_minmax(0,1.8fr)_minmax(0,1.3fr)_4rem]";

/** The holders' register: a table on wide screens, cards on phones; holders out of use greyed with a badge. */
export function HoldersList({ items, onEdit }: { items: readonly RecordHolder[]; onEdit: (holder: RecordHolder) => void }) {
  return (
    <ListTable
      columns={COLUMNS}
      label="Records holders"
      head={
        <>
          <span>Holder</span>
          <span>Kind</span>
          <span>Information officer</span>
          <span className="text-right">Request fee</span>
          <span className="text-right">Actions</span>
        </>
      }
    >
      {items.map((h) => (
        <li key={h.id} className={cn("grid gap-2 px-4 py-4 lg:items-center lg:gap-4 lg:py-3", COLUMNS, !h.active && "bg-muted/40")}>
          <p className={cn("flex min-w-0 flex-wrap items-center gap-2 text-sm font-medium", !h.active && "text-muted-foreground")}>
            <span className="break-words">{h.name}</span>
            {!h.active && <Badge variant="secondary">Not in use</Badge>}
          </p>
          <p className="text-sm">
            <span className="text-muted-foreground lg:sr-only">Kind: </span>
            {HOLDER_CATEGORY_LABEL[h.category]}
            <span className="block text-xs text-muted-foreground">{HOLDER_KIND_LABEL[h.kind]}</span>
          </p>
          <p className="min-w-0 text-sm">
            <span className="text-muted-foreground lg:sr-only">Information officer: </span>
            <span className="break-words">{h.informationOfficer}</span>
            <a
              href={`mailto:${h.email}`}
              className="block rounded-sm text-xs break-all text-primary underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {h.email}
            </a>
          </p>
          <p className="text-sm lg:text-right">
            <span className="text-muted-foreground lg:sr-only">Request fee: </span>
            <span className="whitespace-nowrap tabular-nums">{h.requestFeeCents > 0 ? formatRand(h.requestFeeCents) : "None"}</span>
            {h.feeNotes && (
              <span className="block text-xs text-muted-foreground lg:line-clamp-3" title={h.feeNotes}>
                {h.feeNotes}
              </span>
            )}
          </p>
          <div className="flex lg:justify-end">
            <Button
              variant="outline"
              size="sm"
              onClick={() => onEdit(h)}
              aria-label={`Edit: ${h.name}`}
              title="Edit"
              className="lg:size-8 lg:border-transparent lg:bg-transparent lg:p-0 lg:shadow-none"
            >
              <Pencil aria-hidden />
              <span className="lg:sr-only">Edit</span>
            </Button>
          </div>
        </li>
      ))}
    </ListTable>
  );
}
