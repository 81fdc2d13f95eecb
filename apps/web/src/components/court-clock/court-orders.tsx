import type { CourtClockView, CourtOrderKind } from "@medlegal/domain";
import { COURT_ORDER_KIND_LABEL, COURT_ORDER_KINDS, courtOrderInputSchema } from "@medlegal/domain";
import { Trash2 } from "lucide-react";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatDay } from "@/lib/format";
import { FormFooter } from "../forms/form-footer";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";

interface OrderFormState {
  kind: CourtOrderKind | "";
  dueOn: string;
  text: string;
}

/** The dated items of the court's orders on a case; an item of a plan kind replaces the computed date. */
export function CourtOrders({
  view,
  pending,
  serverErrors,
  onAdd,
  onRemove,
}: {
  view: CourtClockView;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onAdd: (payload: { caseId: string; kind: CourtOrderKind; dueOn: string; text: string }) => void;
  onRemove: (id: string) => void;
}) {
  const toPayload = (f: OrderFormState) => ({ caseId: view.caseId, kind: f.kind, dueOn: f.dueOn, text: f.text });
  const { form, patch, err, formRef, bind, text, submit } = useZodForm<OrderFormState>({
    initial: () => ({ kind: "", dueOn: "", text: "" }),
    schema: courtOrderInputSchema,
    toPayload,
    idPrefix: "order",
    pending,
    serverErrors,
    resetKey: view.orders.length,
  });
  return (
    <div className="grid gap-4">
      {view.orders.length === 0 ? (
        <p className="text-sm text-muted-foreground">No court order recorded. An order's dates replace the computed ones in the plan.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Court order items">
          {view.orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-start justify-between gap-2 px-3 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  {COURT_ORDER_KIND_LABEL[o.kind]} · {formatDay(o.dueOn)}
                </p>
                <p className="break-words text-muted-foreground">{o.text}</p>
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onRemove(o.id)}
                disabled={pending}
                aria-label={`Remove the order item ${COURT_ORDER_KIND_LABEL[o.kind]} of ${formatDay(o.dueOn)}`}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        ref={formRef}
        onSubmit={submit(() => onAdd(toPayload(form) as Parameters<typeof onAdd>[0]))}
        noValidate
        className="grid gap-4"
        aria-label="Add a court order item"
      >
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
          <Field label="What the order sets" htmlFor="order-kind" error={err("kind")} required>
            <NativeSelect {...bind("kind")} value={form.kind} onChange={(e) => patch({ kind: e.target.value as CourtOrderKind })}>
              <option value="" disabled>
                Select…
              </option>
              {COURT_ORDER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {COURT_ORDER_KIND_LABEL[k]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Date" htmlFor="order-dueOn" error={err("dueOn")} required>
            <Input {...text("dueOn")} type="date" />
          </Field>
          <Field label="The order's words" htmlFor="order-text" error={err("text")} required className="sm:col-span-2">
            <Input {...text("text")} maxLength={500} placeholder="Plaintiff's expert reports by 30 November" />
          </Field>
        </div>
        <FormFooter pending={pending} submitLabel="Add order item" />
      </form>
    </div>
  );
}
