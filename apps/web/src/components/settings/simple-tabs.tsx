import { ChecklistSettings } from "@/components/reports/checklist-settings";
import { ReleaseAgreementsSettings } from "@/components/reports/release-agreements";
import { HolidaysSettings } from "@/components/sla/holidays-settings";
import { TwoFactorSettings } from "@/components/two-factor/two-factor-settings";
import { CalendarFeedSetting } from "./calendar-feed-setting";
import { SettingsSection } from "./settings-section";
import { VideoSettings } from "./video-settings";
import { ReminderTemplatesSettings } from "./reminder-templates";

/** The settings tabs that hold one widget each under a title; the widget loads its own data. */

export function SecurityTab() {
  return (
    <SettingsSection title="Two-factor sign-in" description="A code from an authenticator app after your password.">
      <TwoFactorSettings />
    </SettingsSection>
  );
}

export function CalendarTab() {
  return (
    <SettingsSection
      title="Calendar link"
      description="Your assessments in Outlook, Google or Apple Calendar, kept up to date, without claimants' details."
    >
      <CalendarFeedSetting />
    </SettingsSection>
  );
}

export function HolidaysTab() {
  return (
    <SettingsSection
      title="Public holidays"
      description="Business-day SLA timers skip these days. The law's holidays are built in; add the days the President declares, such as election days."
    >
      <HolidaysSettings />
    </SettingsSection>
  );
}

export function ChecklistTab() {
  return (
    <SettingsSection
      title="Report checklist"
      description="The checks a reviewer marks pass, fail or not applicable on each report, per kind of report."
    >
      <ChecklistSettings />
    </SettingsSection>
  );
}

export function ReleaseTab() {
  return (
    <SettingsSection
      title="Release on approval"
      description="Attorneys whose reports are released as soon as they are approved, without waiting for payment."
    >
      <ReleaseAgreementsSettings />
    </SettingsSection>
  );
}

export function VideoTab() {
  return (
    <SettingsSection
      title="Video meetings"
      description="The STUN and TURN servers browsers use to connect video assessments across networks."
    >
      <VideoSettings />
    </SettingsSection>
  );
}

export function TextsTab() {
  return (
    <SettingsSection
      title="Text reminders to claimants"
      description="The SMS and WhatsApp reminders, per language: on confirmation, two working days before and on the morning of the assessment."
    >
      <ReminderTemplatesSettings />
    </SettingsSection>
  );
}
