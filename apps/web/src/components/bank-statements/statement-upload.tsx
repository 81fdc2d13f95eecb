import type { Bank, BankMapping, BankMappingItem, StatementPreview } from "@medlegal/domain";
import {
  BANK_LABELS,
  BANKS,
  formatRand,
  STATEMENT_DATE_FORMAT_LABELS,
  STATEMENT_DATE_FORMATS,
  STATEMENT_MATCH_LABELS,
} from "@medlegal/domain";
import { FileUp } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";

type Source = Bank | "ofx";
const SOURCE_LABELS: Record<Source, string> = { ...BANK_LABELS, ofx: "OFX file (any bank)" };
const MATCH_CLASS = { exact: "text-emerald-800", partial: "text-amber-800", none: "text-muted-foreground" } as const;

/**
 * Upload a bank statement: choose the bank (its column mapping reads the CSV) or OFX, preview the
 * credit lines with their matches and the lines imported before, then import. Nothing is kept
 * until Import; a refused file says which line.
 */
export function StatementUpload({ onImported }: { onImported: () => void }) {
  const [source, setSource] = React.useState<Source>("fnb");
  const [file, setFile] = React.useState<{ name: string; content: string } | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [preview, setPreview] = React.useState<StatementPreview | null>(null);
  // A new key empties the file field once its statement is imported.
  const [fileField, setFileField] = React.useState(0);
  const input = file ? { bank: source, fileName: file.name, content: file.content } : null;
  const previewing = trpc.bankStatements.preview.useMutation({
    meta: { errorToast: false },
    onSuccess: setPreview,
    onError: (e) => setProblem(trpcErrorMessage(e)),
  });
  const importing = trpc.bankStatements.import.useMutation({
    meta: { errorToast: false },
    onSuccess: (r) => {
      toast({
        title: `${r.imported} line${r.imported === 1 ? "" : "s"} imported`,
        description: r.duplicates ? `${r.duplicates} imported before were left out.` : "They are in the match queue below.",
      });
      setPreview(null);
      setFile(null);
      setFileField((n) => n + 1);
      onImported();
    },
    onError: (e) => setProblem(trpcErrorMessage(e)),
  });
  const fresh = preview?.lines.filter((l) => !l.duplicate).length ?? 0;

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Import a statement</CardTitle>
        <CardDescription>
          A CSV export of the agency's account, or an OFX file. Only money received is read; debits are left out.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Bank" htmlFor="statement-bank">
            <NativeSelect
              id="statement-bank"
              value={source}
              onChange={(e) => {
                setSource(e.target.value as Source);
                setPreview(null);
                setProblem(null);
              }}
            >
              {[...BANKS, "ofx" as const].map((b) => (
                <option key={b} value={b}>
                  {SOURCE_LABELS[b]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Statement file" htmlFor="statement-file">
            <Input
              key={fileField}
              id="statement-file"
              type="file"
              accept=".csv,.txt,.ofx,.qfx,text/csv"
              aria-describedby={problem ? "statement-file-error" : undefined}
              aria-invalid={problem ? true : undefined}
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                setPreview(null);
                setProblem(null);
                setFile(chosen ? { name: chosen.name, content: await chosen.text() } : null);
              }}
            />
          </Field>
        </div>
        {problem && <FieldError id="statement-file-error">{problem}</FieldError>}
        <p className="text-xs text-muted-foreground">
          No statement at hand?{" "}
          <a
            href="/api/bank-statements/sample.csv"
            download
            className="rounded-sm text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Download a sample FNB statement
          </a>{" "}
          paying the oldest open invoices, and import it with FNB chosen.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={!input || previewing.isPending}
            onClick={() => input && (setProblem(null), previewing.mutate(input))}
          >
            Preview
          </Button>
          <Button
            type="button"
            disabled={!input || !preview || fresh === 0 || importing.isPending}
            onClick={() => input && importing.mutate(input)}
          >
            <FileUp aria-hidden />
            Import {preview ? `${fresh} line${fresh === 1 ? "" : "s"}` : ""}
          </Button>
        </div>
        {preview && <PreviewList preview={preview} />}
        {source !== "ofx" && <MappingEditor bank={source} onSaved={() => setPreview(null)} />}
      </CardContent>
    </Card>
  );
}

function PreviewList({ preview }: { preview: StatementPreview }) {
  return (
    <section aria-labelledby="statement-preview-heading" className="grid gap-2">
      <h3 id="statement-preview-heading" className="text-sm font-semibold">
        Preview: {preview.lines.length} credit line{preview.lines.length === 1 ? "" : "s"}
        {preview.debitsIgnored > 0 && (
          <span className="font-normal text-muted-foreground">
            {" "}
            · {preview.debitsIgnored} debit{preview.debitsIgnored === 1 ? "" : "s"} left out
          </span>
        )}
      </h3>
      {preview.lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">This statement has no money received.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Statement preview">
          {preview.lines.map((l) => (
            <li key={`${l.lineNo}`} className={cn("grid gap-1 rounded-md border px-3 py-2 text-sm", l.duplicate && "bg-muted/50")}>
              <p className="flex flex-wrap gap-x-2">
                <span className="font-semibold tabular-nums">{formatRand(l.amountCents)}</span>
                <span className="text-muted-foreground">
                  Line {l.lineNo} · {formatDay(l.postedOn)}
                </span>
                <span className={cn("font-medium", MATCH_CLASS[l.match.kind])}>
                  {l.duplicate ? "Imported before" : STATEMENT_MATCH_LABELS[l.match.kind]}
                </span>
              </p>
              <p className="break-words text-xs text-muted-foreground">{[l.description, l.reference].filter(Boolean).join(" · ")}</p>
              {!l.duplicate && <p className="text-xs">{l.match.note}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const COLUMN_FIELDS: { key: keyof BankMapping; label: string; required?: boolean }[] = [
  { key: "dateColumn", label: "Date column", required: true },
  { key: "descriptionColumn", label: "Description column", required: true },
  { key: "referenceColumn", label: "Reference column" },
  { key: "amountColumn", label: "Amount column (signed)" },
  { key: "creditColumn", label: "Credit column" },
  { key: "balanceColumn", label: "Balance column" },
  { key: "footerMarker", label: "Footer starts with" },
];

/** The bank's column mapping, editable and saved for every later statement of that bank. */
function MappingEditor({ bank, onSaved }: { bank: Bank; onSaved: () => void }) {
  const utils = trpc.useUtils();
  const mappings = trpc.bankStatements.listMappings.useQuery();
  const item = mappings.data?.find((m) => m.bank === bank);
  const [draft, setDraft] = React.useState<BankMapping | null>(null);
  React.useEffect(() => setDraft(item?.mapping ?? null), [item]);
  const done = (saved: BankMappingItem) => {
    utils.bankStatements.listMappings.setData(undefined, (old) => old?.map((m) => (m.bank === saved.bank ? saved : m)));
    toast({ title: `${saved.bankLabel} mapping ${saved.saved ? "saved" : "reset"}` });
    onSaved();
  };
  const save = trpc.bankStatements.saveMapping.useMutation({ meta: { errorToast: false }, onSuccess: done });
  const reset = trpc.bankStatements.resetMapping.useMutation({ onSuccess: done });
  if (!item || !draft) return null;
  const set = (key: keyof BankMapping, value: string) =>
    setDraft({
      ...draft,
      [key]:
        key === "headerRow"
          ? Number(value)
          : key === "dateFormat"
            ? value
            : value === "" && key !== "dateColumn" && key !== "descriptionColumn"
              ? null
              : value,
    });
  return (
    <details className="rounded-md border px-3 py-2">
      <summary className="cursor-pointer rounded-sm text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
        Column mapping for {item.bankLabel} {item.saved ? "(saved)" : "(default)"}
      </summary>
      {bank === "fnb" && (
        <p className="mt-2 text-sm text-muted-foreground">
          This mapping reads FNB's transaction history. FNB's statement download, whose lines begin with record numbers (2, 3, 5), is
          recognised by itself: nothing to edit.
        </p>
      )}
      <form
        className="mt-3 grid gap-3"
        aria-label={`Column mapping for ${item.bankLabel}`}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ bank, mapping: draft });
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Header row (line number)" htmlFor="mapping-headerRow" required>
            <Input
              id="mapping-headerRow"
              type="number"
              min={1}
              max={50}
              value={draft.headerRow}
              onChange={(e) => set("headerRow", e.target.value)}
            />
          </Field>
          <Field label="Date format" htmlFor="mapping-dateFormat" required>
            <NativeSelect id="mapping-dateFormat" value={draft.dateFormat} onChange={(e) => set("dateFormat", e.target.value)}>
              {STATEMENT_DATE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {STATEMENT_DATE_FORMAT_LABELS[f]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {COLUMN_FIELDS.map((f) => (
            <Field key={f.key} label={f.label} htmlFor={`mapping-${f.key}`} required={f.required}>
              <Input
                id={`mapping-${f.key}`}
                value={(draft[f.key] as string | null) ?? ""}
                maxLength={100}
                autoComplete="off"
                onChange={(e) => set(f.key, e.target.value)}
              />
            </Field>
          ))}
        </div>
        {save.error && <FieldError>{trpcErrorMessage(save.error)}</FieldError>}
        <p className="text-xs text-muted-foreground">
          Name either the amount column (money in positive, out negative) or the credit column (money in only).
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save mapping
          </Button>
          {item.saved && (
            <Button type="button" size="sm" variant="outline" disabled={reset.isPending} onClick={() => reset.mutate({ bank })}>
              Back to the default
            </Button>
          )}
        </div>
      </form>
    </details>
  );
}
