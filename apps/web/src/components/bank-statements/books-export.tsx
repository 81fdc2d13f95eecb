import type { BooksLayout } from "@medlegal/domain";
import { addDays, BOOKS_LAYOUT_LABELS, BOOKS_LAYOUTS, booksExportInputSchema } from "@medlegal/domain";
import { Download } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { todayInSa } from "@/lib/format";

/**
 * The books of a period for the bookkeeper (docs/decisions.md, "Issue 29: bank statements and the
 * books"): invoices, credit notes or receipts in Sage Accounting's layouts, or Xero's sales invoices.
 */
export function BooksExport() {
  const today = todayInSa();
  const [input, setInput] = React.useState<{ layout: BooksLayout; from: string; to: string }>({
    layout: "sage_invoices",
    from: `${addDays(today, -27).slice(0, 8)}01`,
    to: today,
  });
  const checked = booksExportInputSchema.safeParse(input);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? "Choose a period");
  const href = `/api/books/export.csv?${new URLSearchParams(input).toString()}`;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Export the books</CardTitle>
        <CardDescription>
          A period's invoices, credit notes or receipts as CSV to import into Sage Accounting or Xero; each line carries its VAT code (15 %
          or zero-rated).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        <Field label="Layout" htmlFor="books-layout" className="sm:col-span-2">
          <NativeSelect
            id="books-layout"
            value={input.layout}
            onChange={(e) => setInput({ ...input, layout: e.target.value as BooksLayout })}
          >
            {BOOKS_LAYOUTS.map((l) => (
              <option key={l} value={l}>
                {BOOKS_LAYOUT_LABELS[l]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="From" htmlFor="books-from">
          <Input
            id="books-from"
            type="date"
            value={input.from}
            max={input.to}
            onChange={(e) => setInput({ ...input, from: e.target.value })}
          />
        </Field>
        <Field label="To" htmlFor="books-to">
          <Input id="books-to" type="date" value={input.to} onChange={(e) => setInput({ ...input, to: e.target.value })} />
        </Field>
        <div className="grid sm:col-span-2">
          {problem ? (
            <Button disabled>
              <Download aria-hidden />
              Download CSV
            </Button>
          ) : (
            <Button asChild>
              <a href={href} download>
                <Download aria-hidden />
                Download CSV
              </a>
            </Button>
          )}
        </div>
        {problem && (
          <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
            {problem}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
