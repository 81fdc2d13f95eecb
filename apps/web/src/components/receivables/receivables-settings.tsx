import type { ReceivablesSettings } from "@medlegal/domain";
import { receivablesSettingsSchema } from "@medlegal/domain";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { LoadState } from "@/components/load-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

interface FormState {
  longStopMonths: string;
  capitalDays: string;
  costsDays: string;
}

const toPayload = (f: FormState) => ({
  longStopMonths: Number(f.longStopMonths),
  capitalDays: Number(f.capitalDays),
  costsDays: Number(f.costsDays),
});

function SettingsForm({
  settings,
  pending,
  serverErrors,
  onSubmit,
}: {
  settings: ReceivablesSettings;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (s: ReceivablesSettings) => void;
}) {
  const { err, formRef, text, submit } = useZodForm<FormState>({
    initial: () => ({
      longStopMonths: String(settings.longStopMonths),
      capitalDays: String(settings.capitalDays),
      costsDays: String(settings.costsDays),
    }),
    schema: receivablesSettingsSchema,
    toPayload,
    idPrefix: "receivables",
    pending,
    serverErrors,
    resetKey: JSON.stringify(settings),
  });
  return (
    <form ref={formRef} noValidate onSubmit={submit((f) => onSubmit(toPayload(f)))} aria-label="Deferred billing" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Default long-stop (months after the first invoice)"
          htmlFor="receivables-longStopMonths"
          error={err("longStopMonths")}
          required
        >
          <Input {...text("longStopMonths")} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field label="Capital paid (days after the order)" htmlFor="receivables-capitalDays" error={err("capitalDays")} required>
          <Input {...text("capitalDays")} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field label="Costs paid (days after taxation)" htmlFor="receivables-costsDays" error={err("costsDays")} required>
          <Input {...text("costsDays")} inputMode="numeric" autoComplete="off" />
        </Field>
      </div>
      <FormFooter pending={pending} submitLabel="Save deferred billing" />
    </form>
  );
}

/** Administrators: the default long-stop of new deferral agreements and how long the RAF takes to pay (issue 29). */
export function ReceivablesSettingsSection() {
  const utils = trpc.useUtils();
  const settings = trpc.receivables.settings.useQuery();
  const save = trpc.receivables.setSettings.useMutation({
    onSuccess: (saved) => {
      utils.receivables.settings.setData(undefined, saved);
      toast({ title: "Deferred billing saved", description: "Expected payment dates use these days from now on." });
    },
    meta: { errorTitle: "Could not save the deferred billing settings" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(save.error), [save.error]);
  return (
    <LoadState
      query={settings}
      loadingLabel="Loading the deferred billing settings"
      errorTitle="Could not load the deferred billing settings"
    >
      {settings.data && (
        <SettingsForm
          settings={settings.data}
          pending={save.isPending}
          serverErrors={serverErrors}
          onSubmit={(next) => save.mutate(next)}
        />
      )}
    </LoadState>
  );
}
