import type { BundleShare } from "@medlegal/domain";
import { shareBundleInputSchema } from "@medlegal/domain";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

interface ShareForm {
  name: string;
  email: string;
}

const STATE_LABEL: Record<BundleShare["state"], string> = { active: "Open", expired: "Expired", withdrawn: "Withdrawn" };

/**
 * Sharing a served bundle with the opposing attorney (issue 41 item 5): their name and e-mail
 * address get a link that works for 14 days behind a one-time code; the shares so far, each
 * withdrawable. `served` false says why there is nothing to share yet.
 */
export function BundleShareForm({ bundleId, served }: { bundleId: string; served: boolean }) {
  const utils = trpc.useUtils();
  // A new key empties the form after a link went out.
  const [sent, setSent] = React.useState(0);
  const shares = trpc.bundles.shares.useQuery({ id: bundleId }, { retry: false });
  const share = trpc.bundles.share.useMutation({
    onSuccess: () => {
      void utils.bundles.shares.invalidate({ id: bundleId });
      toast({ title: "Link e-mailed" });
      setSent((n) => n + 1);
    },
    // Its refusal shows by the form (a field's on the field), not as a toast.
    meta: { errorToast: false },
  });
  const revoke = trpc.bundles.revokeShare.useMutation({
    onSuccess: () => {
      void utils.bundles.shares.invalidate({ id: bundleId });
      toast({ title: "Link withdrawn" });
    },
    meta: { errorTitle: "Could not withdraw the link" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(share.error), [share.error]);
  const toPayload = (f: ShareForm) => ({ id: bundleId, name: f.name, email: f.email });
  const { form, err, formRef, text, submit } = useZodForm<ShareForm>({
    initial: () => ({ name: "", email: "" }),
    schema: shareBundleInputSchema,
    toPayload,
    idPrefix: "bundle-share",
    pending: share.isPending,
    serverErrors,
    resetKey: sent,
  });

  if (!served) return <p className="text-sm text-muted-foreground">Mark the bundle served to share it with the opposing attorney.</p>;
  return (
    <div className="grid gap-4">
      <form
        ref={formRef}
        onSubmit={submit(() => share.mutate(toPayload(form)))}
        noValidate
        className="grid gap-4"
        aria-label="Share with the opposing attorney"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Opposing attorney's name" htmlFor="bundle-share-name" error={err("name")} required>
            <Input {...text("name")} autoComplete="off" />
          </Field>
          <Field label="Their e-mail address" htmlFor="bundle-share-email" error={err("email")} required>
            <Input {...text("email")} type="email" autoComplete="off" />
          </Field>
        </div>
        <p className="text-xs text-muted-foreground">
          They get a link for 14 days; opening it e-mails them a one-time code. The e-mail names the case reference only.
        </p>
        {share.isError && !serverErrors && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {trpcErrorMessage(share.error)}
          </p>
        )}
        <FormFooter pending={share.isPending} submitLabel="E-mail the link" />
      </form>
      {shares.data && shares.data.length > 0 && (
        <ul className="grid gap-2" aria-label="Shared with">
          {shares.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 text-sm last:border-b-0">
              <span className="min-w-0 break-words">
                <span className="font-medium">{s.name}</span> · {s.email} · {STATE_LABEL[s.state]}
                {s.state === "active" ? ` until ${formatDateTime(s.expiresAt)}` : ""}
              </span>
              {s.state === "active" && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ id: s.id })}
                  aria-label={`Withdraw the link of ${s.name}`}
                >
                  Withdraw
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
