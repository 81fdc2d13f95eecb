import type { AgreementKind, AgreementOverview } from "@medlegal/domain";
import { AGREEMENT_KIND_LABELS, AGREEMENT_KINDS, agreementKindFor, agreementRecordSchema } from "@medlegal/domain";
import { Upload } from "lucide-react";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/hooks/use-toast";
import { todayInSa } from "@/lib/format";
import { uploadAgreement } from "@/lib/upload";

interface AgreementForm {
  userId: string;
  kind: AgreementKind;
  version: string;
  signedOn: string;
  expiresOn: string;
}

const ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * Records a user's signed confidentiality or operator agreement with its file (PDF or a scan). A
 * new agreement replaces the ones before it.
 */
export function AgreementDialog({
  user,
  onClose,
  onRecorded,
}: {
  user: AgreementOverview | null;
  onClose: () => void;
  onRecorded: () => void;
}) {
  const [file, setFile] = React.useState<File | null>(null);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const { form, patch, bind, err, formRef, text, submit, reset } = useZodForm<AgreementForm>({
    initial: () => ({
      userId: user?.userId ?? "",
      kind: user ? agreementKindFor(user) : "confidentiality",
      version: "",
      signedOn: todayInSa(),
      expiresOn: "",
    }),
    schema: agreementRecordSchema,
    toPayload: (f) => f,
    idPrefix: "agreement",
    pending,
  });
  React.useEffect(() => {
    if (!user) return;
    reset();
    setFile(null);
    setFileError(null);
    setFailure(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form for each user
  }, [user?.userId]);

  const pick = (chosen: File | null) => {
    setFailure(null);
    setFile(chosen);
    if (!chosen) setFileError(null);
    else if (!/\.(pdf|png|jpe?g)$/i.test(chosen.name)) setFileError("Choose the signed agreement as a PDF, PNG or JPEG file.");
    else if (chosen.size > MAX_BYTES) setFileError("Files can be at most 10 MB.");
    else setFileError(null);
  };

  const upload = async (values: AgreementForm) => {
    if (!file || fileError) {
      if (!file) setFileError("Choose the signed agreement to upload.");
      fileRef.current?.focus();
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      const saved = await uploadAgreement(file, { ...values, userId: user!.userId }, () => undefined);
      toast({
        title: `Agreement recorded for ${user!.name}`,
        description: saved.current ? "It is current." : "It is not current: check its dates.",
      });
      onRecorded();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : "The agreement could not be recorded.");
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      busy={pending}
      title={user ? `Record an agreement: ${user.name}` : "Record an agreement"}
      description="The signed agreement's details and the signed file (PDF or a scan). It replaces the user's earlier agreements."
    >
      <form ref={formRef} noValidate className="grid gap-4" aria-label="Agreement" onSubmit={submit((values) => void upload(values))}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Kind" htmlFor="agreement-kind" error={err("kind")} required>
            <NativeSelect {...bind("kind")} value={form.kind} onChange={(e) => patch({ kind: e.target.value as AgreementKind })}>
              {AGREEMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {AGREEMENT_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Version" htmlFor="agreement-version" error={err("version")} required>
            <Input {...text("version")} maxLength={50} autoComplete="off" placeholder="e.g. 2026.1" />
          </Field>
          <Field label="Date signed" htmlFor="agreement-signedOn" error={err("signedOn")} required>
            <Input type="date" max={todayInSa()} {...text("signedOn")} />
          </Field>
          <Field label="Valid until (optional)" htmlFor="agreement-expiresOn" error={err("expiresOn")}>
            <Input type="date" {...text("expiresOn")} />
          </Field>
        </div>
        <Field label="Signed agreement (PDF, PNG or JPEG, at most 10 MB)" htmlFor="agreement-file" error={fileError} required>
          <Input
            ref={fileRef}
            id="agreement-file"
            type="file"
            accept={ACCEPT}
            disabled={pending}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "agreement-file-error" : undefined}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            className="file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm"
          />
        </Field>
        {failure && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
          </p>
        )}
        <FormFooter
          pending={pending}
          submitLabel={
            <>
              <Upload aria-hidden /> Record agreement
            </>
          }
          onSecondary={onClose}
        />
      </form>
    </FormDialog>
  );
}
