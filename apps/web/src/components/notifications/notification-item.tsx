import type { NotificationDto } from "@medlegal/domain";
import { formatNotificationDate } from "@medlegal/domain";
import { Check, Trash2 } from "lucide-react";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";

export interface NotificationActions {
  onMarkRead: (id: string) => void;
  onDelete: (id: string) => void;
}

export function NotificationItem({
  notification,
  onMarkRead,
  onDelete,
  className,
  clampOnPhones = false,
}: NotificationActions & {
  notification: NotificationDto;
  className?: string;
  /** Two lines of the message on a phone (the dashboard's short list); the full text is on /notifications. */
  clampOnPhones?: boolean;
}) {
  const unread = !notification.read;
  return (
    <li
      data-unread={unread ? "true" : "false"}
      aria-label={`${unread ? "Unread: " : ""}${notification.title}`}
      className={cn(
        "group relative flex gap-3 px-4 py-3 transition-colors",
        unread ? "bg-accent/70 hover:bg-accent" : "hover:bg-muted/60",
        className,
      )}
    >
      <span aria-hidden className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-primary" : "bg-transparent")} />
      <div className="min-w-0 flex-1">
        <p className={cn("text-sm leading-snug", unread ? "font-semibold text-foreground" : "font-medium text-foreground/85")}>
          {notification.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </p>
        <p className={cn("mt-0.5 text-sm leading-snug break-words text-muted-foreground", clampOnPhones && "max-sm:line-clamp-2")}>
          {notification.message}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          <time dateTime={notification.createdAt}>{formatNotificationDate(notification.createdAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 items-start gap-0.5">
        {unread && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Mark "${notification.title}" as read`}
            title="Mark as read"
            onClick={() => onMarkRead(notification.id)}
          >
            <Check />
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete "${notification.title}"`}
          title="Delete"
          className="text-muted-foreground hover:text-destructive"
          onClick={() => onDelete(notification.id)}
        >
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}
