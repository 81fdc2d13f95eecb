import type { MinuteIssue, MinuteIssueStatus, MinuteParty, MinuteWorkspace } from "@medlegal/domain";
import { guestSaveIssuesSchema, MINUTE_ISSUE_STATUS_LABELS, MINUTE_ISSUE_STATUSES } from "@medlegal/domain";
import { Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

interface DraftIssue {
  id?: string;
  key: string;
  label: string;
  view: string;
  status: MinuteIssueStatus;
  reason: string;
}

const draftOf = (issues: MinuteIssue[], party: MinuteParty): DraftIssue[] =>
  issues.map((i) => ({
    id: i.id,
    key: i.id,
    label: i.label,
    view: party === "ours" ? i.ourView : i.opposingView,
    status: i.status,
    reason: i.reason,
  }));

const STATUS_VARIANT: Record<MinuteIssueStatus, "default" | "destructive" | "secondary"> = {
  agreed: "default",
  disagreed: "destructive",
  reserved: "secondary",
};

/**
 * The issues of a joint minute as one side edits them (docs/decisions.md "Joint minutes"): each
 * side writes its own view; the label, agreed/disagreed/reserved and the reasons are joint. The
 * other side's view shows read-only. Saving sends the version it started from, so a concurrent
 * change is refused rather than overwritten.
 */
export function IssuesEditor({
  minute,
  party,
  pending,
  onSave,
}: {
  minute: MinuteWorkspace;
  party: MinuteParty;
  pending: boolean;
  onSave: (input: {
    baseVersion: number;
    issues: { id?: string; label: string; view: string; status: MinuteIssueStatus; reason: string }[];
  }) => void;
}) {
  const [draft, setDraft] = React.useState(() => draftOf(minute.issues, party));
  const [problem, setProblem] = React.useState<string | null>(null);
  // A saved version (ours or the other side's) replaces the draft.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a new version arrives, not on every refetch
  React.useEffect(() => setDraft(draftOf(minute.issues, party)), [minute.version, party]);
  const mine = party === "ours" ? minute.ourExpertName : minute.opposing.name;
  // The guest knows our expert as the agency's.
  const theirs = party === "ours" ? minute.opposing.name : `${minute.ourExpertName} (the agency's expert)`;
  const otherView = (id?: string) => {
    const issue = minute.issues.find((i) => i.id === id);
    return (party === "ours" ? issue?.opposingView : issue?.ourView) || "Not written yet.";
  };
  const patch = (key: string, changes: Partial<DraftIssue>) => setDraft((d) => d.map((i) => (i.key === key ? { ...i, ...changes } : i)));

  if (!minute.canEdit) return <IssueList minute={minute} />;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = {
      baseVersion: minute.version,
      issues: draft.map(({ id, label, view, status, reason }) => ({ ...(id ? { id } : {}), label, view, status, reason })),
    };
    const checked = guestSaveIssuesSchema.safeParse(payload);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? "Check the issues");
      return;
    }
    setProblem(null);
    onSave(payload);
  };

  return (
    <form onSubmit={save} noValidate className="grid gap-4" aria-label="Issues of the joint minute">
      {draft.length === 0 && (
        <p className="text-sm text-muted-foreground">No issues yet. Add the first, e.g. "Diagnosis" or "Future surgery".</p>
      )}
      <ol className="grid gap-4">
        {draft.map((issue, n) => (
          <li key={issue.key} className="grid gap-3 rounded-md border p-3">
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
              <Field label={`Issue ${n + 1}`} htmlFor={`issue-${issue.key}-label`} required>
                <Input
                  id={`issue-${issue.key}-label`}
                  value={issue.label}
                  maxLength={200}
                  disabled={pending}
                  onChange={(e) => patch(issue.key, { label: e.target.value })}
                />
              </Field>
              <Field label="Outcome" htmlFor={`issue-${issue.key}-status`} required>
                <NativeSelect
                  id={`issue-${issue.key}-status`}
                  value={issue.status}
                  disabled={pending}
                  onChange={(e) => patch(issue.key, { status: e.target.value as MinuteIssueStatus })}
                >
                  {MINUTE_ISSUE_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {MINUTE_ISSUE_STATUS_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <Field label={`View of ${mine}`} htmlFor={`issue-${issue.key}-view`}>
              <Textarea
                id={`issue-${issue.key}-view`}
                value={issue.view}
                rows={3}
                maxLength={4000}
                disabled={pending}
                onChange={(e) => patch(issue.key, { view: e.target.value })}
              />
            </Field>
            <div className="grid gap-1 text-sm">
              <p className="font-medium">View of {theirs}</p>
              <p className="whitespace-pre-wrap break-words text-muted-foreground">{issue.id ? otherView(issue.id) : "Not written yet."}</p>
            </div>
            <Field label="Reasons (agreed or not)" htmlFor={`issue-${issue.key}-reason`}>
              <Textarea
                id={`issue-${issue.key}-reason`}
                value={issue.reason}
                rows={2}
                maxLength={2000}
                disabled={pending}
                onChange={(e) => patch(issue.key, { reason: e.target.value })}
              />
            </Field>
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={pending}
                onClick={() => setDraft((d) => d.filter((i) => i.key !== issue.key))}
                aria-label={`Remove issue ${n + 1}${issue.label ? `: ${issue.label}` : ""}`}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:justify-between">
        <Button
          type="button"
          variant="outline"
          disabled={pending}
          onClick={() =>
            setDraft((d) => [...d, { key: `new-${Date.now()}-${d.length}`, label: "", view: "", status: "reserved", reason: "" }])
          }
        >
          <Plus aria-hidden />
          Add issue
        </Button>
        <Button type="submit" disabled={pending}>
          Save as version {minute.version + 1}
        </Button>
      </div>
    </form>
  );
}

/** The issues read-only (a signed minute, or a reader). */
export function IssueList({ minute }: { minute: MinuteWorkspace }) {
  if (minute.issues.length === 0) return <p className="text-sm text-muted-foreground">No issues recorded.</p>;
  return (
    <ol className="grid gap-3" aria-label="Issues of the joint minute">
      {minute.issues.map((issue) => (
        <li key={issue.id} className="grid gap-2 rounded-md border p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{issue.label}</span>
            <Badge variant={STATUS_VARIANT[issue.status]}>{MINUTE_ISSUE_STATUS_LABELS[issue.status]}</Badge>
          </div>
          <dl className="grid gap-1 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{minute.ourExpertName}</dt>
            <dd className="whitespace-pre-wrap break-words">{issue.ourView || "—"}</dd>
            <dt className="text-muted-foreground">{minute.opposing.name}</dt>
            <dd className="whitespace-pre-wrap break-words">{issue.opposingView || "—"}</dd>
            {issue.reason && (
              <>
                <dt className="text-muted-foreground">Reasons</dt>
                <dd className="whitespace-pre-wrap break-words">{issue.reason}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ol>
  );
}
