import { serveBundleInputSchema, sastDate } from "@medlegal/domain";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

interface ServeForm {
  servedOn: string;
  servedTo: string;
}

/** Marks a ready bundle served: the day and on whom. A served bundle's page numbers are kept by every later bundle. */
export function ServeBundleForm({ caseId, bundleId, number }: { caseId: string; bundleId: string; number: number }) {
  const utils = trpc.useUtils();
  const serve = trpc.bundles.serve.useMutation({
    meta: { errorTitle: `Could not mark bundle ${number} served` },
    onSuccess: () => {
      toast({ title: `Bundle ${number} marked served` });
      void utils.bundles.list.invalidate({ caseId });
    },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(serve.error), [serve.error]);
  const { err, formRef, text, submit } = useZodForm<ServeForm>({
    initial: () => ({ servedOn: sastDate(new Date()), servedTo: "" }),
    schema: serveBundleInputSchema,
    toPayload: (f) => ({ id: bundleId, ...f }),
    idPrefix: `serve-bundle-${bundleId}`,
    pending: serve.isPending,
    serverErrors,
  });
  const id = (field: string) => `serve-bundle-${bundleId}-${field}`;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={`Mark bundle ${number} served`}
      className="grid gap-3 rounded-md border bg-muted/20 p-3"
      onSubmit={submit((f) => serve.mutate({ id: bundleId, ...f }))}
    >
      <div className="grid gap-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
        <Field label="Date served" htmlFor={id("servedOn")} error={err("servedOn")} required>
          <Input {...text("servedOn")} type="date" max={sastDate(new Date())} />
        </Field>
        <Field label="Served on" htmlFor={id("servedTo")} error={err("servedTo")} required>
          <Input {...text("servedTo")} maxLength={300} placeholder="The defendant's attorneys; the court (CaseLines)" />
        </Field>
      </div>
      <FormFooter pending={serve.isPending} submitLabel="Mark served" className="pt-3" />
    </form>
  );
}
