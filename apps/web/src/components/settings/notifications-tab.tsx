import type { NotificationPreference } from "@medlegal/domain";
import { LoadState } from "@/components/load-state";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { NotificationPreferencesForm } from "./notification-preferences-form";
import { SettingsSection } from "./settings-section";

/** The Notifications tab: what shows in the bell and what is e-mailed. */
export function NotificationsTab() {
  const utils = trpc.useUtils();
  const preferences = trpc.account.getNotificationPreferences.useQuery();
  const save = trpc.account.setNotificationPreferences.useMutation({
    onSuccess: (saved) => {
      utils.account.getNotificationPreferences.setData(undefined, saved);
      toast({ title: "Preferences saved", description: "Your notification choices were updated." });
    },
    meta: { errorTitle: "Could not save your preferences" },
  });
  return (
    <SettingsSection
      title="Notification preferences"
      description="Choose what appears in your notification bell and what is e-mailed to you."
    >
      <LoadState query={preferences} loadingLabel="Loading your preferences" errorTitle="Could not load your preferences">
        {preferences.data && (
          <NotificationPreferencesForm
            preferences={preferences.data}
            pending={save.isPending}
            onSubmit={(next: NotificationPreference[]) => save.mutate({ preferences: next })}
          />
        )}
      </LoadState>
    </SettingsSection>
  );
}
