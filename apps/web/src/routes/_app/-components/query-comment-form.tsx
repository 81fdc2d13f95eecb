import type { QueryDetail } from "@medlegal/domain";
import { commentInputSchema } from "@medlegal/domain";
import { Send } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/** A comment on the query's timeline; everyone on the query can read it. */
export function CommentForm({ queryId, onChanged }: { queryId: string; onChanged: (d: QueryDetail) => Promise<unknown> }) {
  const [body, setBody] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const comment = trpc.queries.comment.useMutation({
    onSuccess: async (detail) => {
      setBody("");
      toast({ title: "Comment added" });
      await onChanged(detail);
    },
    onError: (e) => toast({ variant: "destructive", title: "Could not add the comment", description: trpcErrorMessage(e) }),
  });
  return (
    <form
      className="grid gap-2 border-t pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = commentInputSchema.safeParse({ queryId, body });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? "Write a comment");
          return;
        }
        comment.mutate(parsed.data);
      }}
    >
      <Field label="Add a comment" htmlFor="query-comment" error={error}>
        <Textarea
          id="query-comment"
          rows={3}
          maxLength={5000}
          value={body}
          placeholder="Everyone on this query can read it."
          disabled={comment.isPending}
          onChange={(e) => {
            setBody(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "query-comment-error" : undefined}
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
