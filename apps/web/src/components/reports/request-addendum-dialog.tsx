import { addendumDueAt, addendumScopeSchema, saDueLabel } from "@medlegal/domain";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";

/**
 * Staff ask the expert of a released report for an addendum: first what it must cover, then a last
 * look at what goes to the expert and when it is due (17:00 on a working day) before it is sent.
 */
export function RequestAddendumDialog({
  reportId,
  reference,
  expertName,
  size = "default",
  className,
  onRequested,
}: {
  reportId: string;
  reference: string;
  expertName: string | null;
  size?: "default" | "sm";
  className?: string;
  onRequested: (created: { id: string; reference: string; dueAt: string }) => void;
}) {
  const [open, setOpen] = React.useState(false);
  const [step, setStep] = React.useState<"write" | "confirm">("write");
  const [scope, setScope] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const request = trpc.reports.createLinked.useMutation({
    onSuccess: (created) => {
      setOpen(false);
      toast({
        title: `${created.reference} requested`,
        description: `The expert has been asked for an addendum, due by ${saDueLabel(new Date(created.dueAt))}.`,
      });
      onRequested(created);
    },
    meta: { errorTitle: "The addendum was not requested" },
  });
  const start = () => {
    setScope("");
    setError(null);
    setStep("write");
    setOpen(true);
  };
  const next = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = addendumScopeSchema.safeParse(scope);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setScope(parsed.data);
    setError(null);
    setStep("confirm");
  };
  // The server decides the due time (declared holidays included); this is the same rule on the Act's holidays.
  const due = saDueLabel(addendumDueAt(new Date()));
  const expert = expertName ?? "the expert";
  return (
    <>
      <Button size={size} variant="outline" className={className} onClick={start}>
        Request an addendum
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={request.isPending}
        className="max-w-lg"
        title={step === "write" ? `Request an addendum to ${reference}` : "Send this request to the expert?"}
        description={
          step === "write"
            ? `Say what ${expert} must cover; they read it with the request.`
            : `${expert} is asked for an addendum to ${reference}, due by ${due}.`
        }
      >
        {step === "write" ? (
          <form className="grid gap-4" onSubmit={next} noValidate>
            <Field label="What must the addendum cover?" htmlFor="addendum-scope" error={error} required>
              <Textarea
                id="addendum-scope"
                rows={5}
                value={scope}
                onChange={(e) => setScope(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "addendum-scope-error" : undefined}
                placeholder="For example: the prognosis after the knee replacement, and the future medical costs."
              />
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit">Review the request</Button>
            </DialogFooter>
          </form>
        ) : (
          <div className="grid gap-4">
            <div className="rounded-md border bg-muted/40 p-3 text-sm">
              <p className="font-medium">It must cover</p>
              <p className="mt-1 whitespace-pre-wrap break-words">{scope}</p>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep("write")} disabled={request.isPending}>
                Back
              </Button>
              <Button
                type="button"
                onClick={() => request.mutate({ parentId: reportId, kind: "addendum", scope })}
                disabled={request.isPending}
              >
                {request.isPending && <Spinner decorative className="size-4 text-current" />}
                Request the addendum
              </Button>
            </DialogFooter>
          </div>
        )}
      </FormDialog>
    </>
  );
}
