import type { ChecklistItem, ReportKind } from "@medlegal/domain";
import { checklistUpdateSchema, REPORT_KIND_LABELS } from "@medlegal/domain";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";

/** One check while it is edited; `key` stays with it through moves so focus can follow it. */
interface DraftCheck {
  key: string;
  label: string;
  mandatory: boolean;
}

let draftKeys = 0;
const nextKey = () => `check-${++draftKeys}`;
const toDraft = (items: ChecklistItem[]): DraftCheck[] => items.map((i) => ({ key: nextKey(), label: i.label, mandatory: i.mandatory }));
const sameList = (a: DraftCheck[], b: ChecklistItem[]) =>
  a.length === b.length && a.every((item, i) => item.label.trim() === b[i]!.label && item.mandatory === b[i]!.mandatory);

/**
 * One report kind's QA checklist as administrators edit it: the checks in order, each renamed in
 * place, marked mandatory or not, moved up or down with buttons (keyboard as well as mouse) or
 * removed; new checks are added at the end. Nothing is stored until "Save checklist"; the saved
 * list applies to reviews recorded afterwards (docs/decisions.md, "Files and reports").
 */
export function ChecklistEditor({
  kind,
  items,
  pending,
  onSave,
  onDirtyChange,
}: {
  kind: ReportKind;
  items: ChecklistItem[];
  pending: boolean;
  onSave: (items: { label: string; mandatory: boolean }[]) => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const [draft, setDraft] = React.useState<DraftCheck[]>(() => toDraft(items));
  const [newLabel, setNewLabel] = React.useState("");
  const [newError, setNewError] = React.useState<string | null>(null);
  const [attempted, setAttempted] = React.useState(false);
  const [announcement, setAnnouncement] = React.useState("");
  const listRef = React.useRef<HTMLOListElement>(null);
  const newInputRef = React.useRef<HTMLInputElement>(null);
  const kindLabel = REPORT_KIND_LABELS[kind];
  const dirty = !sameList(draft, items);

  React.useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  // The schema the server checks, so the sentences match: per check, and for the list as a whole.
  const payload = draft.map(({ label, mandatory }) => ({ label, mandatory }));
  const parsed = checklistUpdateSchema.safeParse({ kind, items: payload });
  const checkErrors = new Map<number, string>();
  let listError: string | null = null;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      if (field === "items" && typeof index === "number") {
        if (!checkErrors.has(index)) checkErrors.set(index, issue.message);
      } else listError ??= issue.message;
    }
  }

  /** Focuses a control of the check `key` once React has drawn the list again. */
  function focusLater(key: string, control: "up" | "down" | "label") {
    requestAnimationFrame(() => {
      const list = listRef.current;
      if (!list) return;
      const wanted = list.querySelector<HTMLElement>(`[data-check="${key}"] [data-control="${control}"]`);
      const fallback = list.querySelector<HTMLElement>(`[data-check="${key}"] [data-control="${control === "up" ? "down" : "up"}"]`);
      const target = wanted && !(wanted as HTMLButtonElement).disabled ? wanted : fallback;
      target?.focus();
    });
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= draft.length) return;
    const next = [...draft];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    setDraft(next);
    setAnnouncement(`"${moved!.label || "Unnamed check"}" moved to position ${to + 1} of ${next.length}.`);
    focusLater(moved!.key, by < 0 ? "up" : "down");
  }

  function remove(index: number) {
    const removed = draft[index]!;
    const next = draft.filter((_, i) => i !== index);
    setDraft(next);
    setAnnouncement(`"${removed.label || "Unnamed check"}" removed. Save the checklist to keep the change.`);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) focusLater(neighbour.key, "label");
    else newInputRef.current?.focus();
  }

  function update(index: number, change: Partial<DraftCheck>) {
    setDraft((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));
  }

  function add(event: React.FormEvent) {
    event.preventDefault();
    const label = newLabel.trim();
    if (!label) {
      setNewError("Name the check");
      return;
    }
    if (draft.some((item) => item.label.trim().toLowerCase() === label.toLowerCase())) {
      setNewError(`"${label}" is already on the list.`);
      return;
    }
    setDraft([...draft, { key: nextKey(), label, mandatory: true }]);
    setNewLabel("");
    setNewError(null);
    setAnnouncement(`"${label}" added as check ${draft.length + 1}.`);
  }

  function save() {
    setAttempted(true);
    if (!parsed.success || pending) return;
    onSave(parsed.data.items);
  }

  function discard() {
    setDraft(toDraft(items));
    setAttempted(false);
    setAnnouncement("Changes discarded.");
  }

  return (
    <div className="grid gap-4">
      <ol ref={listRef} aria-label={`Checks for ${kindLabel}`} className="divide-y rounded-lg border">
        {draft.map((item, index) => {
          const n = index + 1;
          const inputId = `${item.key}-label`;
          const error = attempted ? checkErrors.get(index) : undefined;
          return (
            <li
              key={item.key}
              data-check={item.key}
              className="grid grid-cols-[1.5rem_minmax(0,1fr)] gap-x-2 gap-y-2 px-3 py-3 sm:grid-cols-[2rem_minmax(0,1fr)_auto] sm:items-center"
            >
              <span aria-hidden className="pt-2 text-sm text-muted-foreground tabular-nums sm:pt-0">
                {n}.
              </span>
              <div className="grid gap-1">
                <label htmlFor={inputId} className="sr-only">
                  Check {n}
                </label>
                {/* Grows with its text, so a long check reads whole on a phone; a check is one line of text. */}
                <Textarea
                  id={inputId}
                  data-control="label"
                  rows={1}
                  className="min-h-9 resize-none [field-sizing:content]"
                  value={item.label}
                  maxLength={300}
                  disabled={pending}
                  onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
                  onChange={(e) => update(index, { label: e.target.value.replace(/[\r\n]+/g, " ") })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
              </div>
              <div className="col-start-2 flex flex-wrap items-center gap-1 sm:col-start-auto">
                <label className="mr-2 flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-primary)]"
                    checked={item.mandatory}
                    disabled={pending}
                    onChange={(e) => update(index, { mandatory: e.target.checked })}
                  />
                  <span>
                    Mandatory<span className="sr-only"> (check {n})</span>
                  </span>
                </label>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  data-control="up"
                  aria-label={`Move check ${n} up`}
                  disabled={pending || index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  data-control="down"
                  aria-label={`Move check ${n} down`}
                  disabled={pending || index === draft.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown />
                </Button>
                <Button variant="ghost" size="icon-sm" aria-label={`Remove check ${n}`} disabled={pending} onClick={() => remove(index)}>
                  <Trash2 className="text-muted-foreground" />
                </Button>
              </div>
            </li>
          );
        })}
        {draft.length === 0 && (
          <li className="px-3 py-6 text-center text-sm text-muted-foreground">No checks. Add at least one before saving.</li>
        )}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <form noValidate aria-label="Add a check" className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start" onSubmit={add}>
        <div className="grid gap-1.5">
          <label htmlFor={`checklist-new-${kind}`} className="text-sm font-medium">
            New check
          </label>
          <Input
            ref={newInputRef}
            id={`checklist-new-${kind}`}
            value={newLabel}
            maxLength={300}
            disabled={pending}
            placeholder="e.g. Page numbers on every page"
            onChange={(e) => {
              setNewLabel(e.target.value);
              if (newError) setNewError(null);
            }}
            aria-invalid={newError ? true : undefined}
            aria-describedby={newError ? `checklist-new-${kind}-error` : undefined}
          />
          {newError && <FieldError id={`checklist-new-${kind}-error`}>{newError}</FieldError>}
        </div>
        <Button type="submit" variant="outline" className="sm:mt-7" disabled={pending}>
          <Plus />
          Add check
        </Button>
      </form>

      {attempted && listError && <FieldError>{listError}</FieldError>}
      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        {dirty && <span className="mr-auto text-sm text-muted-foreground">Unsaved changes</span>}
        {dirty && (
          <Button variant="outline" disabled={pending} onClick={discard}>
            Discard changes
          </Button>
        )}
        <Button disabled={pending || !dirty} onClick={save}>
          {pending && <Spinner decorative className="size-4 text-current" />}
          Save checklist
        </Button>
      </div>
    </div>
  );
}
