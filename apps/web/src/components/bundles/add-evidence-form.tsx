import type { BundleSection, EvidenceParty } from "@medlegal/domain";
import { EVIDENCE_PARTIES, EVIDENCE_PARTY_LABEL, evidenceDocumentInputSchema, REPORT_MAX_BYTES, sastDate } from "@medlegal/domain";
import * as React from "react";
import { FormFooter, FormNote } from "@/components/forms/form-footer";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useZodForm } from "@/hooks/use-zod-form";
import { trpc } from "@/lib/trpc";
import { uploadEvidenceDocument } from "@/lib/upload";
import { isPdf, sectionName } from "./use-evidence";

interface AddForm {
  file: File | null;
  section: BundleSection | "";
  party: EvidenceParty | "";
  specializationId: string;
  author: string;
  documentDate: string;
  description: string;
}

const EMPTY: AddForm = { file: null, section: "", party: "", specializationId: "", author: "", documentDate: "", description: "" };

/**
 * A document the attorney adds to the case's expert evidence (the defendant's reports and notices, a
 * court order), one PDF of up to 25 MB with its details. The form checks the server's own schema;
 * the server checks the file and says why it refuses.
 */
export function AddEvidenceForm({ caseId, order, onAdded }: { caseId: string; order: readonly BundleSection[]; onAdded: () => void }) {
  const disciplines = trpc.specializations.listActive.useQuery();
  const [progress, setProgress] = React.useState<number | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const busy = progress !== null;
  const idPrefix = `add-evidence-${caseId}`;
  const id = (field: string) => `${idPrefix}-${field}`;
  const { form, patch, touch, err, formRef, bind, text, submit, reset } = useZodForm<AddForm>({
    initial: () => EMPTY,
    schema: evidenceDocumentInputSchema,
    toPayload: ({ file: _file, ...f }) => ({ ...f, caseId, specializationId: f.specializationId || null }),
    refine: (f, errors) => {
      if (!f.file) return { file: "Choose the document's PDF.", ...errors };
      if (!isPdf(f.file)) return { file: "The document must be a PDF.", ...errors };
      if (f.file.size > REPORT_MAX_BYTES) return { file: "Documents can be at most 25 MB.", ...errors };
      return errors;
    },
    idPrefix,
    pending: busy,
  });

  async function upload({ file, ...fields }: AddForm) {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await uploadEvidenceDocument(caseId, file, fields, setProgress);
      setProgress(null);
      reset();
      onAdded();
    } catch (e) {
      setProgress(null);
      setError(e instanceof Error ? e.message : "The document could not be uploaded.");
    }
  }

  return (
    <form ref={formRef} noValidate aria-label="Add a document" className="grid gap-4" onSubmit={submit((v) => void upload(v))}>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Section" htmlFor={id("section")} error={err("section")} required>
          <NativeSelect {...bind("section")} value={form.section} onChange={(e) => patch({ section: e.target.value as BundleSection })}>
            <option value="" disabled>
              Select…
            </option>
            {order.map((s) => (
              <option key={s} value={s}>
                {sectionName(order, s)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Whose document" htmlFor={id("party")} error={err("party")} required>
          <NativeSelect {...bind("party")} value={form.party} onChange={(e) => patch({ party: e.target.value as EvidenceParty })}>
            <option value="" disabled>
              Select…
            </option>
            {EVIDENCE_PARTIES.map((p) => (
              <option key={p} value={p}>
                {EVIDENCE_PARTY_LABEL[p]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Discipline (optional)" htmlFor={id("specializationId")} error={err("specializationId")}>
          <NativeSelect
            {...bind("specializationId")}
            value={form.specializationId}
            onChange={(e) => patch({ specializationId: e.target.value })}
          >
            <option value="">None</option>
            {(disciplines.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <Field label="Author" htmlFor={id("author")} error={err("author")} required>
          <Input {...text("author")} maxLength={200} />
        </Field>
        <Field label="Document date" htmlFor={id("documentDate")} error={err("documentDate")} required>
          <Input {...text("documentDate")} type="date" max={sastDate(new Date())} />
        </Field>
      </div>
      <Field label="Description" htmlFor={id("description")} error={err("description")} required>
        <Input {...text("description")} maxLength={300} />
      </Field>
      <Field label="Document (PDF, at most 25 MB)" htmlFor={id("file")} error={err("file")} required>
        <Input
          {...bind("file")}
          type="file"
          accept="application/pdf,.pdf"
          onChange={(e) => {
            patch({ file: e.target.files?.[0] ?? null });
            touch("file");
          }}
        />
      </Field>
      {busy && (
        <p role="status" className="text-xs">
          Uploading {form.file?.name} · {Math.round((progress ?? 0) * 100)}%
        </p>
      )}
      <FormFooter pending={busy} submitLabel="Add the document" note={error ? <FormNote alert>{error}</FormNote> : undefined} />
    </form>
  );
}
