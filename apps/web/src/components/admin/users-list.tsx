import type { UserSummary } from "@medlegal/domain";
import { fullName, initials, ROLE_LABEL } from "@medlegal/domain";
import { KeyRound, Pencil, UserCheck, UserX } from "lucide-react";
import { forAudience } from "@/lib/audience";
import { cn } from "@/lib/utils";
import { Avatar, AvatarFallback } from "../ui/avatar";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { ListTable } from "@/components/ui/list-table";

const DATE_FORMAT = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Africa/Johannesburg",
});

export function formatDate(iso: string | null): string {
  if (!iso) return "Never";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : DATE_FORMAT.format(date);
}

/** What distinguishes an account beyond its role: the firm of an attorney, the specialization of a consultant. */
function detailOf(user: UserSummary): string | null {
  return forAudience(user.role, { staff: null, attorney: user.firmName, consultant: user.specialization });
}

/** Columns on wide screens; the last one fits the three icon actions exactly (3 x 2rem + 2 gaps). */
const COLUMNS = "lg:grid-cols-[minmax(0,2.2fr)_minmax(0,1.1fr)_minmax(0,1.5fr)_minmax(0,0.8fr)_minmax(0,0.9fr)_6.5rem]";

export interface UsersListProps {
  users: readonly UserSummary[];
  /** The signed-in administrator: their own row offers no deactivate control. */
  currentUserId: string;
  onEdit: (user: UserSummary) => void;
  onSetActive: (user: UserSummary, active: boolean) => void;
  onSendReset: (user: UserSummary) => void;
  /** The user whose reset link is being sent, to show progress on that row. */
  sendingResetFor?: string | null;
}

/**
 * Every account as a table on wide screens and as stacked cards on small ones (one markup,
 * rearranged by CSS). Actions are labelled with the person's name for screen readers.
 */
export function UsersList({ users, currentUserId, onEdit, onSetActive, onSendReset, sendingResetFor }: UsersListProps) {
  return (
    <ListTable
      columns={COLUMNS}
      label="Users"
      head={
        <>
          <span>User</span>
          <span>Role</span>
          <span>Firm or specialization</span>
          <span>Status</span>
          <span>Last sign-in</span>
          <span className="text-right">Actions</span>
        </>
      }
    >
      {users.map((user) => {
        const name = fullName(user);
        const self = user.id === currentUserId;
        const detail = detailOf(user);
        return (
          <li
            key={user.id}
            className={cn("grid gap-3 px-4 py-4 lg:items-center lg:gap-4 lg:py-3", COLUMNS, !user.isActive && "bg-muted/30")}
          >
            <div className="flex min-w-0 items-center gap-3">
              <Avatar className={cn("size-9", !user.isActive && "opacity-60")}>
                <AvatarFallback>{initials(user)}</AvatarFallback>
              </Avatar>
              <div className="min-w-0">
                <p className="flex items-center gap-2 text-sm font-medium">
                  <span className="truncate">{name}</span>
                  {self && <Badge variant="accent">You</Badge>}
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  <span className="font-mono">{user.username}</span>
                  <span aria-hidden> · </span>
                  <span title={user.email}>{user.email}</span>
                </p>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2 lg:contents">
              <div className="lg:block">
                <span className="sr-only">Role: </span>
                <Badge variant="outline">{ROLE_LABEL[user.role]}</Badge>
                {user.isPrivacyOfficer && (
                  <Badge variant="secondary" className="ml-1 lg:mt-1 lg:ml-0">
                    Privacy officer
                  </Badge>
                )}
              </div>
              <p className="min-w-0 truncate text-sm text-muted-foreground lg:text-foreground">
                {detail ? (
                  <>
                    <span className="sr-only">
                      {forAudience(user.role, { staff: "", attorney: "Firm: ", consultant: "Specialization: " })}
                    </span>
                    {detail}
                  </>
                ) : (
                  <span className="hidden text-muted-foreground lg:inline" aria-hidden>
                    —
                  </span>
                )}
              </p>
              <div>
                {user.isActive ? (
                  <Badge className="bg-success-soft text-success">Active</Badge>
                ) : (
                  <Badge variant="secondary">Inactive</Badge>
                )}
              </div>
              <p className="w-full text-xs text-muted-foreground lg:w-auto lg:text-sm">
                <span className="lg:sr-only">Last sign-in: </span>
                {formatDate(user.lastLoginAt)}
              </p>
            </div>
            <div className="grid grid-cols-3 gap-2 lg:flex lg:justify-end lg:gap-1">
              <RowAction icon={Pencil} label="Edit" name={name} onClick={() => onEdit(user)} />
              <RowAction
                icon={KeyRound}
                label="Send reset link"
                shortLabel="Reset link"
                name={name}
                onClick={() => onSendReset(user)}
                pending={sendingResetFor === user.id}
                disabled={!user.isActive}
              />
              {self ? (
                <span className="hidden size-8 lg:block" aria-hidden />
              ) : user.isActive ? (
                <RowAction icon={UserX} label="Deactivate" name={name} onClick={() => onSetActive(user, false)} destructive />
              ) : (
                <RowAction icon={UserCheck} label="Reactivate" name={name} onClick={() => onSetActive(user, true)} />
              )}
            </div>
          </li>
        );
      })}
    </ListTable>
  );
}

/** A text button on small screens, an icon button with a tooltip-like title on wide ones. */
function RowAction({
  icon: Icon,
  label,
  shortLabel,
  name,
  onClick,
  destructive,
  pending,
  disabled,
}: {
  icon: typeof Pencil;
  label: string;
  /** Shown on small screens where the full label does not fit. */
  shortLabel?: string;
  name: string;
  onClick: () => void;
  destructive?: boolean;
  pending?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      disabled={pending || disabled}
      aria-label={`${label}: ${name}`}
      title={label}
      className={cn(
        "lg:size-8 lg:border-transparent lg:bg-transparent lg:p-0 lg:shadow-none",
        destructive && "text-destructive hover:text-destructive",
      )}
    >
      {pending ? <Spinner decorative className="size-4" /> : <Icon aria-hidden />}
      <span className="lg:sr-only">{shortLabel ?? label}</span>
    </Button>
  );
}
