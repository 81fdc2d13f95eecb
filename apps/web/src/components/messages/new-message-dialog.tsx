import type { ThreadPerson } from "@medlegal/domain";
import { isStaff, MESSAGE_BODY_MAX, ROLE_LABEL, THREAD_PARTICIPANTS_MAX, THREAD_SUBJECT_MAX } from "@medlegal/domain";
import { X } from "lucide-react";
import * as React from "react";
import { useDebounced } from "@/hooks/use-debounced";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { FormFooter, FormNote } from "../forms/form-footer";
import { Field, FieldError } from "../ui/field";
import { FormDialog } from "../ui/form-dialog";
import { Input } from "../ui/input";
import { SearchInput } from "../ui/search-input";
import { Switch } from "../ui/switch";
import { Textarea } from "../ui/textarea";
import { useRefreshMessages } from "./use-messages";

/**
 * Staff start a conversation (messages.startThread): a subject, up to ten people found by name
 * (messages.recipients), internal or not (internal: agency staff only), and the first message.
 * `to`: a person already chosen (a user found in the search palette, `/messages?to=<id>`).
 */
export function NewMessageDialog({
  open,
  onClose,
  onStarted,
  to,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (threadId: string) => void;
  to?: string;
}) {
  const [subject, setSubject] = React.useState("");
  const [chosen, setChosen] = React.useState<ThreadPerson[]>([]);
  const [internal, setInternal] = React.useState(false);
  const [body, setBody] = React.useState("");
  const [search, setSearch] = React.useState("");
  const searchRef = React.useRef<HTMLInputElement>(null);
  const debounced = useDebounced(search.trim());
  const recipients = trpc.messages.recipients.useQuery(
    { search: debounced || undefined },
    { enabled: open, placeholderData: (previous) => previous },
  );
  const addressee = trpc.messages.recipients.useQuery({ userId: to }, { enabled: open && to !== undefined });
  const addresseeFound = addressee.data?.items[0];
  React.useEffect(() => {
    if (addresseeFound) setChosen((list) => (list.some((c) => c.userId === addresseeFound.userId) ? list : [addresseeFound, ...list]));
  }, [addresseeFound]);
  const refresh = useRefreshMessages();
  const start = trpc.messages.startThread.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ threadId }) => {
      void refresh();
      toast({ title: "Message sent", description: subject.trim() });
      reset();
      onStarted(threadId);
    },
  });
  const errors = trpcFieldErrors(start.error) ?? {};
  const full = chosen.length >= THREAD_PARTICIPANTS_MAX;
  const offered = (recipients.data?.items ?? []).filter((p) => !chosen.some((c) => c.userId === p.userId) && (!internal || isStaff(p)));

  function reset() {
    setSubject("");
    setChosen([]);
    setInternal(false);
    setBody("");
    setSearch("");
    start.reset();
  }

  return (
    <FormDialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      busy={start.isPending}
      title="New message"
      description="Start a conversation with people of the agency, attorneys or experts."
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate({ subject, participantIds: chosen.map((c) => c.userId), body, internal });
        }}
      >
        <Field label="Subject" htmlFor="new-message-subject" error={errors.subject} required>
          <Input
            id="new-message-subject"
            value={subject}
            maxLength={THREAD_SUBJECT_MAX}
            onChange={(e) => setSubject(e.target.value)}
            aria-invalid={Boolean(errors.subject)}
            aria-describedby={errors.subject ? "new-message-subject-error" : undefined}
          />
        </Field>

        <div className="flex items-start gap-3 rounded-md border p-3">
          <Switch
            id="new-message-internal"
            checked={internal}
            aria-describedby="new-message-internal-hint"
            onCheckedChange={(next) => {
              setInternal(next);
              if (next) setChosen((list) => list.filter(isStaff));
            }}
          />
          <div className="grid gap-0.5">
            <label htmlFor="new-message-internal" className="text-sm font-medium">
              Internal
            </label>
            <p id="new-message-internal-hint" className="text-xs text-muted-foreground">
              Agency staff only: attorneys and experts cannot be added.
            </p>
          </div>
        </div>

        <fieldset className="grid gap-2" aria-describedby={errors.participantIds ? "new-message-recipients-error" : undefined}>
          <legend className="mb-1 text-sm font-medium after:ml-0.5 after:text-muted-foreground after:content-['*']">To</legend>
          {chosen.length > 0 && (
            <ul aria-label="Chosen recipients" className="flex flex-wrap gap-1.5">
              {chosen.map((p) => (
                <li key={p.userId} className="flex items-center gap-1 rounded-full border bg-muted/50 py-0.5 pr-0.5 pl-2.5 text-xs">
                  <span>
                    {p.name} <span className="text-muted-foreground">({ROLE_LABEL[p.role]})</span>
                  </span>
                  <button
                    type="button"
                    aria-label={`Remove ${p.name}`}
                    onClick={() => setChosen((list) => list.filter((c) => c.userId !== p.userId))}
                    className="flex size-5 items-center justify-center rounded-full outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <X aria-hidden className="size-3" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label htmlFor="new-message-search" className="text-xs text-muted-foreground">
            Find people by name
          </label>
          <SearchInput
            ref={searchRef}
            id="new-message-search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name"
            disabled={full}
          />
          <div className="max-h-44 overflow-y-auto rounded-md border" aria-busy={recipients.isFetching ? true : undefined}>
            {recipients.isLoading ? (
              <p className="px-3 py-2 text-sm text-muted-foreground">Loading people…</p>
            ) : recipients.isError ? (
              <p role="alert" className="px-3 py-2 text-sm text-destructive">
                {trpcErrorMessage(recipients.error)}
              </p>
            ) : full ? (
              <p className="px-3 py-2 text-sm text-muted-foreground">
                A conversation holds at most {THREAD_PARTICIPANTS_MAX} people besides you.
              </p>
            ) : offered.length === 0 ? (
              <p className="px-3 py-2 text-sm text-muted-foreground">Nobody found.</p>
            ) : (
              <ul aria-label="People you can add" className="divide-y">
                {offered.slice(0, 30).map((p) => (
                  <li key={p.userId}>
                    <button
                      type="button"
                      onClick={() => {
                        setChosen((list) => [...list, p]);
                        // The button leaves the list: keyboard users go on from the search box.
                        searchRef.current?.focus();
                      }}
                      className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                    >
                      <span className="min-w-0 truncate">
                        <span className="sr-only">Add </span>
                        {p.name}
                      </span>
                      <span className="shrink-0 text-xs text-muted-foreground">{ROLE_LABEL[p.role]}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {errors.participantIds && <FieldError id="new-message-recipients-error">{errors.participantIds}</FieldError>}
        </fieldset>

        <Field label="Message" htmlFor="new-message-body" error={errors.body} required>
          <Textarea
            id="new-message-body"
            rows={5}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={Boolean(errors.body) || body.length > MESSAGE_BODY_MAX}
            aria-describedby={errors.body ? "new-message-body-error" : undefined}
          />
        </Field>

        <FormFooter
          pending={start.isPending}
          submitLabel="Send"
          onSecondary={() => {
            reset();
            onClose();
          }}
          note={start.error && !trpcFieldErrors(start.error) ? <FormNote alert>{trpcErrorMessage(start.error)}</FormNote> : undefined}
        />
      </form>
    </FormDialog>
  );
}
