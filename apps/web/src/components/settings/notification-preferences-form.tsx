import type { NotificationPreference } from "@medlegal/domain";
import { NOTIFICATION_TYPE_LABEL, notificationPreferencesSchema } from "@medlegal/domain";
import { Bell, Mail } from "lucide-react";
import { useZodForm } from "@/hooks/use-zod-form";
import { Switch } from "../ui/switch";
import { FormActions } from "../forms/form-footer";

/** Per notification type: show it in the bell, and send it by e-mail. Saved together, checked by the server's schema. */
export function NotificationPreferencesForm({
  preferences,
  pending = false,
  onSubmit,
}: {
  preferences: readonly NotificationPreference[];
  pending?: boolean;
  onSubmit: (preferences: NotificationPreference[]) => void;
}) {
  const { form, patch, formRef, submit, dirty, reset } = useZodForm<{ preferences: NotificationPreference[] }>({
    initial: () => ({ preferences: preferences.map((p) => ({ ...p })) }),
    schema: notificationPreferencesSchema,
    idPrefix: "notification-preferences",
    pending,
    // The saved preferences came back: the switches start from them.
    resetKey: preferences,
  });
  const value = form.preferences;
  const set = (type: NotificationPreference["type"], channel: "bell" | "email", on: boolean) =>
    patch({ preferences: value.map((p) => (p.type === type ? { ...p, [channel]: on } : p)) });

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Notification preferences"
      className="grid gap-4"
      onSubmit={submit((values) => onSubmit(values.preferences), { requireChange: true })}
    >
      <div className="overflow-hidden rounded-lg border">
        <div className="grid grid-cols-[minmax(0,1fr)_4.5rem_4.5rem] items-center gap-2 border-b bg-muted/50 px-4 py-2.5 text-xs font-medium text-muted-foreground sm:grid-cols-[minmax(0,1fr)_7rem_7rem]">
          <span>Notification</span>
          <span className="flex items-center justify-center gap-1.5">
            <Bell className="size-3.5" aria-hidden />
            In the bell
          </span>
          <span className="flex items-center justify-center gap-1.5">
            <Mail className="size-3.5" aria-hidden />
            By e-mail
          </span>
        </div>
        <ul className="divide-y">
          {value.map((p) => {
            const label = NOTIFICATION_TYPE_LABEL[p.type];
            return (
              <li
                key={p.type}
                className="grid grid-cols-[minmax(0,1fr)_4.5rem_4.5rem] items-center gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_7rem_7rem]"
              >
                <span className="text-sm font-medium">{label}</span>
                <span className="flex justify-center">
                  <Switch
                    checked={p.bell}
                    disabled={pending}
                    onCheckedChange={(on) => set(p.type, "bell", on)}
                    aria-label={`${label} in the bell`}
                  />
                </span>
                <span className="flex justify-center">
                  <Switch
                    checked={p.email}
                    disabled={pending}
                    onCheckedChange={(on) => set(p.type, "email", on)}
                    aria-label={`${label} by e-mail`}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <FormActions pending={pending} dirty={dirty} onReset={reset} label="Save preferences" />
    </form>
  );
}
