import type { SpecializationItem } from "@medlegal/domain";
import { Ban, CircleCheck, Pencil, Trash2 } from "lucide-react";
import { formatRand } from "@medlegal/domain";
import { cn } from "@/lib/utils";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ListTable } from "@/components/ui/list-table";

const COLUMNS = "lg:grid-cols-[minmax(0,3fr)_minmax(0,1.1fr)_minmax(0,0.8fr)_auto]";

/** The catalogue: inactive specializations greyed with a badge; a table on wide screens, cards on small. */
export function SpecializationsList({
  items,
  scheduleReportFees = {},
  onEdit,
  onSetActive,
  onRemove,
}: {
  items: readonly SpecializationItem[];
  /** The fee schedule's current report fee of each specialization (agency rate), by id: what invoices charge. */
  scheduleReportFees?: Readonly<Record<string, number>>;
  onEdit: (item: SpecializationItem) => void;
  onSetActive: (item: SpecializationItem, active: boolean) => void;
  onRemove: (item: SpecializationItem) => void;
}) {
  return (
    <ListTable
      columns={COLUMNS}
      label="Specializations"
      head={
        <>
          <span>Specialization</span>
          <span className="text-right">Report fee</span>
          <span className="text-right">Users</span>
          <span className="w-[6.5rem] text-right">Actions</span>
        </>
      }
    >
      {items.map((item) => (
        <li key={item.id} className={cn("grid gap-3 px-4 py-4 lg:items-center lg:gap-4 lg:py-3", COLUMNS, !item.active && "bg-muted/40")}>
          <div className={cn("min-w-0", !item.active && "text-muted-foreground")}>
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
              <span className="break-words">{item.name}</span>
              {!item.active && <Badge variant="secondary">Inactive</Badge>}
            </p>
            {item.description && <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{item.description}</p>}
          </div>
          <div className={cn("flex flex-wrap gap-x-6 gap-y-1 text-sm lg:contents", !item.active && "text-muted-foreground")}>
            <ReportFee scheduled={scheduleReportFees[item.id]} fallback={item.defaultReportFeeCents} />
            <p className="lg:text-right">
              <span className="text-muted-foreground lg:sr-only">Users: </span>
              <span className="tabular-nums">{item.usersCount}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end lg:gap-1">
            <ItemAction icon={Pencil} label="Edit" name={item.name} onClick={() => onEdit(item)} />
            {item.active ? (
              <ItemAction icon={Ban} label="Deactivate" name={item.name} onClick={() => onSetActive(item, false)} />
            ) : (
              <ItemAction icon={CircleCheck} label="Reactivate" name={item.name} onClick={() => onSetActive(item, true)} />
            )}
            <ItemAction icon={Trash2} label="Remove" name={item.name} onClick={() => onRemove(item)} destructive />
          </div>
        </li>
      ))}
    </ListTable>
  );
}

/** The report fee invoices charge now: the fee schedule's rate, else the specialization's default, else none. */
function ReportFee({ scheduled, fallback }: { scheduled: number | undefined; fallback: number | null }) {
  const cents = scheduled ?? fallback;
  return (
    <p className="lg:text-right">
      <span className="text-muted-foreground lg:sr-only">Report fee: </span>
      <span className="whitespace-nowrap tabular-nums">{cents != null ? formatRand(cents) : "Not priced"}</span>
      <span className="block text-xs text-muted-foreground">
        {scheduled !== undefined ? "Fee schedule" : cents != null ? "Default fee" : "Set a rate or a default"}
      </span>
    </p>
  );
}

function ItemAction({
  icon: Icon,
  label,
  name,
  onClick,
  destructive,
}: {
  icon: typeof Pencil;
  label: string;
  name: string;
  onClick: () => void;
  destructive?: boolean;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      aria-label={`${label}: ${name}`}
      title={label}
      className={cn(
        "lg:size-8 lg:border-transparent lg:bg-transparent lg:p-0 lg:shadow-none",
        destructive && "text-destructive hover:text-destructive",
      )}
    >
      <Icon aria-hidden />
      <span className="lg:sr-only">{label}</span>
    </Button>
  );
}
