import type { NotificationDto } from "@medlegal/domain";
import { NOTIFICATIONS_SHOWN_MAX, unreadBadgeText } from "@medlegal/domain";
import { Bell, BellOff, CheckCheck } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover";
import { Spinner } from "../ui/spinner";
import { NotificationItem, type NotificationActions } from "./notification-item";

export const VIEW_ALL_NOTIFICATIONS_HREF = "/notifications";

export interface NotificationPanelProps extends NotificationActions {
  notifications: readonly NotificationDto[];
  onMarkAllRead: () => void;
  /** Called for a plain click on 'View all notifications' (the app navigates in place). */
  onViewAll?: () => void;
  isLoading?: boolean;
  isError?: boolean;
  /** How many to list; more than that adds the 'View all notifications' link. */
  maxShown?: number;
  /** Fewer on a phone (below the sm breakpoint), so the list stays short there. */
  phoneMaxShown?: number;
  title?: string;
  className?: string;
}

/** The bell's list: at most NOTIFICATIONS_SHOWN_MAX, newest first, with the actions of docs/product-rules.md#notifications. */
export function NotificationPanel({
  notifications,
  onMarkRead,
  onMarkAllRead,
  onDelete,
  onViewAll,
  isLoading,
  isError,
  maxShown = NOTIFICATIONS_SHOWN_MAX,
  phoneMaxShown,
  title = "Notifications",
  className,
}: NotificationPanelProps) {
  const unreadCount = notifications.filter((n) => !n.read).length;
  const shown = notifications.slice(0, Math.min(maxShown, NOTIFICATIONS_SHOWN_MAX));
  const hiddenOnPhones = phoneMaxShown !== undefined && shown.length > phoneMaxShown;
  return (
    <div className={cn("flex flex-col", className)}>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <div>
          <h2 className="text-sm font-semibold">{title}</h2>
          <p className="text-xs text-muted-foreground">{unreadCount === 0 ? "You're all caught up" : `${unreadCount} unread`}</p>
        </div>
        {unreadCount > 0 && (
          <Button variant="ghost" size="sm" onClick={onMarkAllRead}>
            <CheckCheck />
            Mark all read
          </Button>
        )}
      </div>
      {isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading notifications" />
        </div>
      ) : isError ? (
        <p className="px-4 py-10 text-center text-sm text-muted-foreground">Notifications could not be loaded.</p>
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
          <BellOff className="size-6 text-muted-foreground/60" aria-hidden />
          <p className="text-sm font-medium">No notifications</p>
          <p className="text-xs text-muted-foreground">Updates about your work will appear here.</p>
        </div>
      ) : (
        <ul className="flex-1 divide-y overflow-y-auto" aria-label="Latest notifications">
          {shown.map((n, i) => (
            <NotificationItem
              key={n.id}
              notification={n}
              onMarkRead={onMarkRead}
              onDelete={onDelete}
              clampOnPhones={phoneMaxShown !== undefined}
              className={hiddenOnPhones && i >= phoneMaxShown ? "max-sm:hidden" : undefined}
            />
          ))}
        </ul>
      )}
      {(notifications.length > shown.length || hiddenOnPhones) && (
        <div className={cn("border-t p-2", notifications.length <= shown.length && "sm:hidden")}>
          <a
            href={VIEW_ALL_NOTIFICATIONS_HREF}
            className="block rounded-md px-2 py-2 text-center text-sm font-medium text-primary outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            onClick={(e) => {
              if (!onViewAll || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              onViewAll();
            }}
          >
            View all notifications
          </a>
        </div>
      )}
    </div>
  );
}

/** The header bell: unread badge (9+ above 9) and the panel in a popover. Presentational: props in, callbacks out. */
export function NotificationBell(props: NotificationPanelProps & { defaultOpen?: boolean }) {
  const { defaultOpen = false, onViewAll, ...rest } = props;
  const [open, setOpen] = useState(defaultOpen);
  const unreadCount = props.notifications.filter((n) => !n.read).length;
  const badge = unreadBadgeText(unreadCount);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative text-muted-foreground hover:text-foreground"
          // The name holds the badge as shown ("9+"), so it contains the visible text (WCAG 2.5.3).
          aria-label={badge ? `Notifications, ${badge} unread` : "Notifications"}
        >
          <Bell className="size-5!" />
          {badge && (
            <span
              data-testid="notification-badge"
              className={cn(
                "absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground ring-2 ring-card",
              )}
            >
              {badge}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <NotificationPanel
          {...rest}
          className="max-h-[min(32rem,calc(100svh-5rem))]"
          onViewAll={() => {
            setOpen(false);
            onViewAll?.();
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
