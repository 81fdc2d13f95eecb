import type { SubjectRequestKind, SubjectRequester, subjectRequestCreateSchema as CreateSchema } from "@medlegal/domain";
import type { z } from "zod";
import {
  DEFAULT_SUBJECT_REQUEST_DAYS,
  SUBJECT_REQUEST_KIND_LABELS,
  SUBJECT_REQUEST_KINDS,
  subjectRequestCreateSchema,
} from "@medlegal/domain";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { todayInSa } from "@/lib/format";
import { trpc } from "@/lib/trpc";

interface RequestForm {
  patientId: string;
  kind: SubjectRequestKind | "";
  requestedBy: SubjectRequester | "";
  requesterName: string;
  receivedOn: string;
  dueOn: string;
  details: string;
}

/** What the server receives: the schema refuses an unchosen kind or requester with its sentence. */
const toPayload = (form: RequestForm) => ({ ...form, dueOn: form.dueOn || undefined }) as z.input<typeof CreateSchema>;

/**
 * Records a data subject request (docs/decisions.md "POPIA"): the claimant, what they ask, who asked
 * and when. The due date defaults to 30 days after receipt; the server's schema checks the form.
 */
export function SubjectRequestDialog({
  open,
  onClose,
  pending,
  serverErrors,
  onSubmit,
  preset,
}: {
  /** A claimant and kind chosen before the dialog opened (the "Data subject access request" action on /patients). */
  preset?: { patientId?: string; kind?: SubjectRequestKind };
  open: boolean;
  onClose: () => void;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: ReturnType<typeof toPayload>) => void;
}) {
  const claimants = trpc.patients.list.useQuery({}, { enabled: open });
  const initial = (): RequestForm => ({
    patientId: preset?.patientId ?? "",
    kind: preset?.kind ?? "",
    requestedBy: "",
    requesterName: "",
    receivedOn: todayInSa(),
    dueOn: "",
    details: "",
  });
  const { form, patch, bind, err, formRef, text, submit, reset } = useZodForm<RequestForm>({
    initial,
    schema: subjectRequestCreateSchema,
    toPayload,
    idPrefix: "subject-request",
    pending,
    serverErrors,
  });
  React.useEffect(() => {
    if (open) reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form each time it opens
  }, [open]);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={pending}
      title="New data subject request"
      description={`A claimant, or their attorney for them, asks about their information. It is due ${DEFAULT_SUBJECT_REQUEST_DAYS} days after it was received unless you set another date.`}
    >
      <form
        ref={formRef}
        noValidate
        className="grid gap-4"
        aria-label="New data subject request"
        onSubmit={submit((values) => onSubmit(toPayload(values)))}
      >
        <Field label="Claimant" htmlFor="subject-request-patientId" error={err("patientId")} required>
          <NativeSelect {...bind("patientId")} value={form.patientId} onChange={(e) => patch({ patientId: e.target.value })}>
            <option value="">{claimants.isLoading ? "Loading the claimants…" : "Choose the claimant"}</option>
            {(claimants.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.firstName} {p.lastName}
                {p.idNumber ? ` (${p.idNumber})` : ""}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Request" htmlFor="subject-request-kind" error={err("kind")} required>
            <NativeSelect {...bind("kind")} value={form.kind} onChange={(e) => patch({ kind: e.target.value as RequestForm["kind"] })}>
              <option value="">Choose the kind of request</option>
              {SUBJECT_REQUEST_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {SUBJECT_REQUEST_KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Asked by" htmlFor="subject-request-requestedBy" error={err("requestedBy")} required>
            <NativeSelect
              {...bind("requestedBy")}
              value={form.requestedBy}
              onChange={(e) => patch({ requestedBy: e.target.value as RequestForm["requestedBy"] })}
            >
              <option value="">Choose who asked</option>
              <option value="claimant">The claimant</option>
              <option value="attorney">Their attorney</option>
            </NativeSelect>
          </Field>
        </div>
        <Field label="Name of the person who asked" htmlFor="subject-request-requesterName" error={err("requesterName")} required>
          <Input {...text("requesterName")} autoComplete="off" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Received on" htmlFor="subject-request-receivedOn" error={err("receivedOn")} required>
            <Input type="date" {...text("receivedOn")} />
          </Field>
          <Field label="Due on (optional)" htmlFor="subject-request-dueOn" error={err("dueOn")}>
            <Input type="date" {...text("dueOn")} />
          </Field>
        </div>
        <Field label="Details (optional)" htmlFor="subject-request-details" error={err("details")}>
          <Textarea {...text("details")} rows={3} placeholder="What exactly was asked, and how (letter, e-mail, phone)." />
        </Field>
        <FormFooter pending={pending} submitLabel="Record request" onSecondary={onClose} />
      </form>
    </FormDialog>
  );
}
