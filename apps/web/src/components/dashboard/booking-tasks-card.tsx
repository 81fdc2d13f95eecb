import { CollapsibleList } from "@/components/ui/collapsible-list";
import type { BookingTask } from "@medlegal/domain";
import { BOOKING_TASK_LABELS } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Check, ClipboardX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { formatWhen } from "@/lib/booking-time";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/** Marks one task done; every list of tasks reads again. */
function useCompleteTask() {
  const utils = trpc.useUtils();
  return trpc.logistics.completeTask.useMutation({
    onSuccess: async (task) => {
      toast({ title: `${BOOKING_TASK_LABELS[task.kind]}: done`, description: task.bookingReference });
      await utils.logistics.tasks.invalidate();
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not mark the task done", description: trpcErrorMessage(error) }),
  });
}

function TaskRow({
  task,
  showBooking,
  complete,
}: {
  task: BookingTask;
  showBooking: boolean;
  complete: ReturnType<typeof useCompleteTask>;
}) {
  const label = BOOKING_TASK_LABELS[task.kind];
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 text-sm" data-task={task.kind}>
      <span className="min-w-0 break-words">
        <span className={task.doneAt ? "text-muted-foreground line-through" : "font-medium"}>{label}</span>: {task.detail}
        {showBooking && (
          <span className="block text-xs text-muted-foreground">
            <Link to="/booking-form/$bookingId" params={{ bookingId: task.bookingId }} className="font-medium text-primary hover:underline">
              {task.bookingReference}
            </Link>{" "}
            · {task.claimantName} · {formatWhen(task.startsAt)}
          </span>
        )}
      </span>
      {task.doneAt ? (
        <span className="text-xs text-muted-foreground">Done {formatDateTime(task.doneAt)}</span>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => complete.mutate({ id: task.id })}
          disabled={complete.isPending}
          aria-label={`Mark done: ${label}, ${task.bookingReference}`}
        >
          <Check aria-hidden />
          Done
        </Button>
      )}
    </div>
  );
}

/**
 * For staff: what claimants who cannot attend left to undo (docs/product-rules.md "A claimant who
 * cannot attend"), the caller's matters and unmanaged ones, until each is marked done. Nothing shows
 * while there is none, so the dashboard stays quiet.
 */
export function BookingTasksCard() {
  const tasks = trpc.logistics.tasks.useQuery({});
  const complete = useCompleteTask();
  const open = tasks.data ?? [];
  if (open.length === 0) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardX className="size-4 text-destructive" aria-hidden />
          Arrangements to cancel
        </CardTitle>
        <CardDescription className="max-sm:hidden">
          The claimant cannot attend: cancel these before the day, so nobody turns up and bills it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* Two on a phone, with "Show all" for the rest, so the dashboard stays short at 375 px. */}
        <CollapsibleList
          items={open}
          getKey={(task) => task.id}
          limit={2}
          label="Arrangements to cancel"
          className="grid gap-3"
          renderItem={(task) => <TaskRow task={task} showBooking complete={complete} />}
        />
      </CardContent>
    </Card>
  );
}

/** One booking's tasks, done ones too, on its page (staff only). */
export function BookingTaskList({ bookingId }: { bookingId: string }) {
  const tasks = trpc.logistics.tasks.useQuery({ bookingId });
  const complete = useCompleteTask();
  const list = tasks.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="booking-tasks" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3">
      <h3 id="booking-tasks" className="text-sm font-semibold">
        Arrangements to cancel
      </h3>
      <ul className="grid gap-2">
        {list.map((task) => (
          <li key={task.id}>
            <TaskRow task={task} showBooking={false} complete={complete} />
          </li>
        ))}
      </ul>
    </section>
  );
}
