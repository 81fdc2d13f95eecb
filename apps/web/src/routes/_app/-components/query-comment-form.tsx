import type { QueryDetail } from "@medlegal/domain";
import { commentInputSchema } from "@medlegal/domain";
import { Send } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

/** A comment on the query's timeline; everyone on the query can read it. */
export function CommentForm({ queryId, onChanged }: { queryId: string; onChanged: (d: QueryDetail) => Promise<unknown> }) {
  const [sent, setSent] = React.useState(0);
  const comment = trpc.queries.comment.useMutation({
    onSuccess: async (detail) => {
      setSent((n) => n + 1);
      toast({ title: "Comment added" });
      await onChanged(detail);
    },
    meta: { errorTitle: "Could not add the comment" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(comment.error), [comment.error]);
  const { err, formRef, text, submit } = useZodForm<{ body: string }>({
    initial: () => ({ body: "" }),
    schema: commentInputSchema,
    toPayload: (f) => ({ queryId, body: f.body }),
    idPrefix: "query-comment",
    pending: comment.isPending,
    serverErrors,
    // A sent comment empties the box.
    resetKey: sent,
    mode: "onSubmit",
  });
  return (
    <form ref={formRef} noValidate className="grid gap-2 border-t pt-4" onSubmit={submit((f) => comment.mutate({ queryId, body: f.body }))}>
      <Field label="Add a comment" htmlFor="query-comment-body" error={err("body")}>
        <Textarea
          {...text("body")}
          rows={3}
          maxLength={5000}
          placeholder="Everyone on this query can read it."
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
          }}
        />
      </Field>
      <div className="flex items-center justify-between gap-2">
        <span className="hidden text-xs text-muted-foreground sm:inline">Ctrl + Enter to send</span>
        <Button type="submit" size="sm" disabled={comment.isPending} className="ml-auto">
          {comment.isPending ? <Spinner decorative className="size-4 text-current" /> : <Send aria-hidden />}
          Comment
        </Button>
      </div>
    </form>
  );
}
