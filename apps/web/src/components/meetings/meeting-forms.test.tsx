import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { CreateMeetingDialog } from "./meeting-forms";

const HOST = "2f6b1f0e-6c2a-4c62-9a57-0f6f7f1f2a10";

const answers = {
  "meetings.invitees": () => [{ id: HOST, name: "Megan Smith", roleLabel: "Medical Consultant", canHost: true }],
  "meetings.links": () => ({ bookings: [], queries: [] }),
};

describe("CreateMeetingDialog", () => {
  it("refuses a meeting without title or host on their fields, and sends nothing", async () => {
    const view = renderWithTrpc(<CreateMeetingDialog open onClose={vi.fn()} onCreated={vi.fn()} />, answers);
    await screen.findByRole("option", { name: "Megan Smith (Medical Consultant)" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Arrange meeting" }));

    expect(await screen.findByText("Title is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Host")).toHaveAccessibleDescription("Choose the host");
    expect(view.sent("meetings.create")).toEqual([]);
  });

  it("marks a guest's bad e-mail on that guest's field", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<CreateMeetingDialog open onClose={vi.fn()} onCreated={vi.fn()} />, answers);
    await screen.findByRole("option", { name: "Megan Smith (Medical Consultant)" });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Assessment" } });
    await user.selectOptions(screen.getByLabelText("Host"), HOST);
    await user.click(screen.getByRole("button", { name: "Add a guest" }));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Sibusiso Khumalo" } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "not-an-address" } });
    await user.click(screen.getByRole("button", { name: "Arrange meeting" }));

    await waitFor(() => expect(screen.getByLabelText("E-mail")).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
    expect(view.sent("meetings.create")).toEqual([]);
  });

  it("sends the server's payload: the host by id and the South African start as an instant", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<CreateMeetingDialog open onClose={vi.fn()} onCreated={vi.fn()} />, {
      ...answers,
      "meetings.create": () => {
        throw new Error("not needed here");
      },
    });
    await screen.findByRole("option", { name: "Megan Smith (Medical Consultant)" });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Assessment" } });
    await user.selectOptions(screen.getByLabelText("Host"), HOST);
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-03-04" } });
    fireEvent.change(screen.getByLabelText("Start"), { target: { value: "09:00" } });
    await user.click(screen.getByRole("button", { name: "Arrange meeting" }));

    await waitFor(() => expect(view.sent("meetings.create")).toHaveLength(1));
    expect(view.sent("meetings.create")[0]).toMatchObject({
      title: "Assessment",
      hostId: HOST,
      startsAt: "2030-03-04T07:00:00.000Z",
      durationMinutes: 60,
      guests: [],
    });
  });
});
