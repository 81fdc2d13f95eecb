import { DEFAULT_REMINDER_TEMPLATE_SETTINGS } from "@medlegal/domain";
import type { ReminderTemplates } from "@medlegal/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { ReminderTemplatesSettings } from "./reminder-templates";

describe("the reminder texts in settings", () => {
  it("marks Afrikaans and isiZulu as drafts, refuses a text naming the injury's field on its own box, and sends nothing", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<ReminderTemplatesSettings />, {
      "settings.getReminderTemplates": () => DEFAULT_REMINDER_TEMPLATE_SETTINGS,
    });
    const zulu = within(await screen.findByRole("group", { name: /isiZulu/ }));
    expect(zulu.getByText("Draft: to be checked")).toBeInTheDocument();
    const english = within(screen.getByRole("group", { name: /English/ }));
    expect(english.getByText("Checked by the agency")).toBeInTheDocument();
    const box = english.getByLabelText("On confirmation");
    fireEvent.change(box, { target: { value: "{reference} {date} {time} {venue} with your {specialization}" } });
    await user.click(screen.getByRole("button", { name: "Save reminder texts" }));
    expect(await english.findByText(/\{specialization\} is not known/)).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(view.sent("settings.updateReminderTemplates")).toEqual([]);
  });

  it("previews a text with sample facts and sends the edited text with the languages marked checked", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<ReminderTemplatesSettings />, {
      "settings.getReminderTemplates": () => DEFAULT_REMINDER_TEMPLATE_SETTINGS,
      "settings.updateReminderTemplates": (input) => input as ReminderTemplates,
    });
    const afrikaans = within(await screen.findByRole("group", { name: /Afrikaans/ }));
    fireEvent.change(afrikaans.getByLabelText("At 07:00 on the day"), {
      target: { value: "Vandag {reference}: {date} om {time}, {venue}." },
    });
    expect(afrikaans.getByText(/Preview: Vandag BK-2026-00123: Mon 7 Dec 2026 om 09:30, Rosebank/)).toBeInTheDocument();
    await user.click(afrikaans.getByLabelText(/had the Afrikaans texts checked/));
    await user.click(screen.getByRole("button", { name: "Save reminder texts" }));
    await waitFor(() => expect(view.sent("settings.updateReminderTemplates")).toHaveLength(1));
    const sent = view.sent("settings.updateReminderTemplates")[0] as ReminderTemplates;
    expect(sent.templates.Afrikaans.morning_of).toBe("Vandag {reference}: {date} om {time}, {venue}.");
    expect(sent.templates.English).toEqual(DEFAULT_REMINDER_TEMPLATE_SETTINGS.templates.English);
    expect(sent.reviewed).toEqual(["English", "Afrikaans"]);
  });
});
