import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * The two panes of /messages. From 1024 px the list and the conversation sit side by side (the
 * conversation pane shows `placeholder` until one is chosen); below, they are two views: the list
 * while no conversation is open (`threadId` undefined), the conversation (with its own way back)
 * once one is. The choice lives in the URL, so the phone's Back button walks between the views.
 */
export function MessagesLayout({
  threadId,
  list,
  conversation,
  placeholder,
}: {
  threadId: string | undefined;
  list: React.ReactNode;
  conversation: React.ReactNode;
  placeholder: React.ReactNode;
}) {
  const open = threadId !== undefined;
  return (
    <div
      data-view={open ? "conversation" : "list"}
      // Side by side, and a phone's open conversation, scroll inside the panes (the title and the
      // composer stay in view); a phone's list scrolls with the page.
      className={cn(
        "grid overflow-hidden rounded-lg border bg-card lg:h-[calc(100svh-14.5rem)] lg:min-h-[26rem] lg:grid-cols-[minmax(17rem,22rem)_minmax(0,1fr)]",
        open && "h-[calc(100svh-9.75rem)] min-h-[22rem]",
      )}
    >
      <div data-pane="list" className={cn("min-h-0 min-w-0 lg:block lg:border-r", open ? "hidden" : "block")}>
        {list}
      </div>
      <div data-pane="conversation" className={cn("min-h-0 min-w-0 lg:block", open ? "block" : "hidden")}>
        {conversation ?? placeholder}
      </div>
    </div>
  );
}
