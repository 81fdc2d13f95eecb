import type { MeetingDetail, MeetingGuestRole } from "@medlegal/domain";
import { inviteToMeetingSchema, MEETING_GUEST_ROLE_LABEL, MEETING_GUEST_ROLES, meetingGuestSchema } from "@medlegal/domain";
import * as React from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { NEW_GUEST } from "./meeting-guest";

/**
 * The invitation as typed, flat so each field carries its own error: the server's invite schema,
 * with the guest's fields taken from its guest schema.
 */
interface InviteDraft {
  kind: "guest" | "user";
  userId: string;
  name: string;
  email: string;
  role: MeetingGuestRole;
}

const USER_INVITE = inviteToMeetingSchema.options[0].shape;
const inviteFormSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("user"), userId: USER_INVITE.userId }),
  z.object({ kind: z.literal("guest"), ...meetingGuestSchema.shape }),
]);

function invitePayload(meetingId: string, f: InviteDraft) {
  return f.kind === "user"
    ? { meetingId, kind: "user" as const, userId: f.userId }
    : { meetingId, kind: "guest" as const, guest: { name: f.name, email: f.email, role: f.role } };
}

/** The server names a guest's fields "guest" (its errors are by top-level field): they land on the e-mail, the field most often refused. */
function inviteServerErrors(errors: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!errors) return undefined;
  const { guest, ...rest } = errors;
  return guest ? { ...rest, email: guest } : rest;
}

const EMPTY_INVITE = (kind: InviteDraft["kind"]): InviteDraft => ({ kind, userId: "", ...NEW_GUEST });

/** Staff invite one more person to a meeting: a user, or a guest who gets a link by e-mail. */
export function InviteForm({ meeting }: { meeting: MeetingDetail }) {
  const utils = trpc.useUtils();
  const invitees = trpc.meetings.invitees.useQuery();
  const invite = trpc.meetings.invite.useMutation({
    meta: { errorToast: false },
    onSuccess: (next, input) => {
      utils.meetings.get.setData({ id: meeting.id }, next);
      void utils.meetings.list.invalidate();
      toast({ title: input.kind === "guest" ? "Guest invited; their link is on its way" : "Person invited" });
      reset(input.kind);
    },
  });
  const serverErrors = React.useMemo(() => inviteServerErrors(trpcFieldErrors(invite.error)), [invite.error]);
  const { form, methods, patch, err, formRef, bind, text, submit } = useZodForm<InviteDraft>({
    initial: () => EMPTY_INVITE("guest"),
    schema: inviteFormSchema,
    idPrefix: "invite",
    pending: invite.isPending,
    serverErrors,
  });
  /** After an invitation: empty fields, the same kind of invitation. */
  const reset = (kind: InviteDraft["kind"]) => methods.reset(EMPTY_INVITE(kind));

  return (
    <form ref={formRef} onSubmit={submit((f) => invite.mutate(invitePayload(meeting.id, f)))} className="grid gap-3" noValidate>
      <Field label="Invite" htmlFor="invite-kind">
        <NativeSelect {...bind("kind")} value={form.kind} onChange={(e) => patch({ kind: e.target.value as InviteDraft["kind"] })}>
          <option value="guest">A guest (by e-mail)</option>
          <option value="user">A person with an account</option>
        </NativeSelect>
      </Field>
      {form.kind === "user" ? (
        <Field label="Person" htmlFor="invite-userId" error={err("userId")}>
          <NativeSelect {...bind("userId")} value={form.userId} onChange={(e) => patch({ userId: e.target.value })}>
            <option value="">Choose a person</option>
            {(invitees.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.roleLabel})
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Guest's name" htmlFor="invite-name" error={err("name")}>
            <Input {...text("name")} />
          </Field>
          <Field label="Guest's e-mail" htmlFor="invite-email" error={err("email")}>
            <Input {...text("email")} type="email" />
          </Field>
          <Field label="Role" htmlFor="invite-role" error={err("role")}>
            <NativeSelect {...bind("role")} value={form.role} onChange={(e) => patch({ role: e.target.value as MeetingGuestRole })}>
              {MEETING_GUEST_ROLES.map((r) => (
                <option key={r} value={r}>
                  {MEETING_GUEST_ROLE_LABEL[r]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
      )}
      {invite.error && !serverErrors && (
        <p className="text-sm font-medium text-destructive" role="alert">
          {trpcErrorMessage(invite.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending && <Spinner />} Invite
        </Button>
      </div>
    </form>
  );
}
