import { MESSAGE_ATTACHMENTS_MAX, MESSAGE_BODY_MAX } from "@medlegal/domain";
import { FileText, Paperclip, SendHorizontal, X } from "lucide-react";
import * as React from "react";
import { formatFileSize } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { uploadMessageAttachment } from "@/lib/upload";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { useRefreshMessages } from "./use-messages";

const ACCEPT = "application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg";
/** The counter shows from this many characters on, so it only speaks up near the limit. */
export const COUNTER_FROM = Math.floor(MESSAGE_BODY_MAX * 0.9);

/** What the composer says about a draft: its length against the limit, and whether it may be sent. */
export function draftState(body: string) {
  const length = body.length;
  const over = length > MESSAGE_BODY_MAX;
  return { length, over, showCounter: length >= COUNTER_FROM, empty: body.trim().length === 0 };
}

interface Upload {
  key: number;
  name: string;
  size: number;
  progress: number;
  fileId?: string;
  error?: string;
  abort: AbortController;
}

/**
 * The reply box of a conversation: a labelled textarea (Enter adds a line, Ctrl/Cmd+Enter sends),
 * a counter near the 10,000-character limit, up to five attachments uploaded one by one with their
 * progress, and the server's sentence inline when it refuses. The draft stays until the message is
 * stored.
 */
export function Composer({ threadId, onFocus }: { threadId: string; onFocus?: () => void }) {
  const [body, setBody] = React.useState("");
  const [uploads, setUploads] = React.useState<Upload[]>([]);
  const [error, setError] = React.useState<string | null>(null);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const nextKey = React.useRef(0);
  const refresh = useRefreshMessages();
  const send = trpc.messages.send.useMutation({ meta: { errorToast: false } });
  const draft = draftState(body);
  const uploading = uploads.some((u) => !u.fileId && !u.error);
  const blocked = draft.empty || draft.over || uploading || send.isPending;
  const id = `composer-${threadId}`;

  // Uploads still running when the conversation closes are of no use any more.
  React.useEffect(() => () => uploads.forEach((u) => u.abort.abort()), []); // eslint-disable-line react-hooks/exhaustive-deps

  function attach(files: FileList | null) {
    setError(null);
    const room = MESSAGE_ATTACHMENTS_MAX - uploads.length;
    const chosen = Array.from(files ?? []);
    if (chosen.length > room) setError(`A message can carry at most ${MESSAGE_ATTACHMENTS_MAX} attachments.`);
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const key = nextKey.current++;
      const abort = new AbortController();
      const update = (patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));
      setUploads((list) => [...list, { key, name: file.name, size: file.size, progress: 0, abort }]);
      uploadMessageAttachment(file, (progress) => update({ progress }), abort.signal).then(
        (stored) => update({ fileId: stored.fileId, progress: 1 }),
        (e: unknown) => !abort.signal.aborted && update({ error: e instanceof Error ? e.message : "The file could not be uploaded." }),
      );
    }
    if (fileRef.current) fileRef.current.value = "";
  }

  function remove(key: number) {
    setUploads((list) => {
      list.find((u) => u.key === key)?.abort.abort();
      return list.filter((u) => u.key !== key);
    });
  }

  function submit() {
    if (blocked) {
      if (draft.empty) setError("Write a message first.");
      return;
    }
    setError(null);
    const attachmentFileIds = uploads.flatMap((u) => (u.fileId ? [u.fileId] : []));
    send.mutate(
      { threadId, body, attachmentFileIds },
      {
        onSuccess: () => {
          setBody("");
          setUploads([]);
          void refresh();
        },
        onError: (e) => setError(trpcErrorMessage(e)),
      },
    );
  }

  return (
    <form
      className="grid gap-2 border-t bg-card p-3"
      aria-label="Reply"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <Textarea
        id={id}
        value={body}
        rows={3}
        placeholder="Write a message…"
        className="max-h-60 min-h-20 resize-y"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={draft.over || undefined}
        onFocus={onFocus}
        onChange={(e) => {
          setBody(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          }
        }}
      />

      {uploads.length > 0 && (
        <ul aria-label="Attachments" className="grid gap-1.5">
          {uploads.map((u) => (
            <li key={u.key} className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/40 px-2.5 py-1.5 text-xs">
              <FileText aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <div className="grid min-w-0 flex-1 gap-1">
                <span className="truncate font-medium">{u.name}</span>
                {u.error ? (
                  <span className="text-destructive">{u.error}</span>
                ) : u.fileId ? (
                  <span className="text-muted-foreground">{formatFileSize(u.size)} · ready</span>
                ) : (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${u.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(u.progress * 100)}
                    className="h-1.5 overflow-hidden rounded-full bg-muted"
                  >
                    <div
                      className="h-full rounded-full bg-primary transition-[width]"
                      style={{ width: `${Math.round(u.progress * 100)}%` }}
                    />
                  </div>
                )}
              </div>
              <Button variant="ghost" size="icon-sm" className="size-7" aria-label={`Remove ${u.name}`} onClick={() => remove(u.key)}>
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}

      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <input ref={fileRef} type="file" accept={ACCEPT} multiple className="hidden" onChange={(e) => attach(e.target.files)} />
        <Button
          variant="outline"
          size="sm"
          onClick={() => fileRef.current?.click()}
          disabled={uploads.length >= MESSAGE_ATTACHMENTS_MAX || send.isPending}
        >
          <Paperclip aria-hidden />
          Attach
        </Button>
        {/* Near the limit the counter takes the hint's place on a phone. */}
        <p id={`${id}-hint`} className={cn("min-w-0 flex-1 text-xs text-muted-foreground", draft.showCounter && "sr-only sm:not-sr-only")}>
          <span className="hidden sm:inline">Ctrl+Enter sends. </span>PDF, PNG or JPEG, up to {MESSAGE_ATTACHMENTS_MAX}.
        </p>
        {draft.showCounter && <span className="flex-1 sm:hidden" />}
        {draft.showCounter && (
          <span
            aria-live="polite"
            className={cn("text-xs tabular-nums", draft.over ? "font-semibold text-destructive" : "text-muted-foreground")}
          >
            {draft.length.toLocaleString("en-GB")} / {MESSAGE_BODY_MAX.toLocaleString("en-GB")}
            {draft.over && <span className="sr-only"> characters: too long to send</span>}
          </span>
        )}
        <Button type="submit" size="sm" disabled={draft.over || uploading || send.isPending}>
          {send.isPending ? <Spinner decorative className="size-4" /> : <SendHorizontal aria-hidden />}
          Send
        </Button>
      </div>
    </form>
  );
}
