import { MESSAGE_BODY_MAX } from "@medlegal/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as UploadModule from "@/lib/upload";
import { UploadError, uploadMessageAttachment } from "@/lib/upload";
import type { Answer, Answers } from "@/test/trpc";
import { refusal, renderWithTrpc } from "@/test/trpc";
import { Composer, COUNTER_FROM, draftState } from "./composer";

// The upload itself (an XMLHttpRequest with progress) is replaced at the network's edge.
vi.mock("@/lib/upload", async (original) => ({ ...(await original<typeof UploadModule>()), uploadMessageAttachment: vi.fn() }));
const upload = vi.mocked(uploadMessageAttachment);

const threadId = "0b7c3f52-2f0e-4a8e-9a51-7d2c0e6f4b11";
const sentMessage: Answer<"messages.send"> = (input) => ({
  id: "m1",
  threadId,
  sender: { userId: "u1", name: "Ann Employee", role: "employee" },
  mine: true,
  body: input.body,
  createdAt: "2026-11-27T10:00:00.000Z",
  attachments: [],
});

function setup(answers: Answers = {}) {
  const user = userEvent.setup();
  const view = renderWithTrpc(<Composer threadId={threadId} />, { "messages.send": sentMessage, ...answers });
  return { user, ...view, box: screen.getByLabelText("Message") };
}

describe("draftState", () => {
  it("shows the counter only near the limit and refuses a draft over it", () => {
    expect(draftState("Hello")).toMatchObject({ length: 5, over: false, showCounter: false, empty: false });
    expect(draftState("x".repeat(COUNTER_FROM))).toMatchObject({ showCounter: true, over: false });
    expect(draftState("x".repeat(MESSAGE_BODY_MAX + 1))).toMatchObject({ showCounter: true, over: true });
    expect(draftState("  \n ")).toMatchObject({ empty: true });
  });
});

describe("Composer", () => {
  beforeEach(() => {
    upload.mockReset();
  });

  it("adds a line on Enter and sends on Ctrl+Enter, then empties the box", async () => {
    const { user, box, sent } = setup();
    await user.type(box, "First line{Enter}second line");
    expect(sent("messages.send")).toHaveLength(0);
    expect(box).toHaveValue("First line\nsecond line");
    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(sent("messages.send")).toEqual([{ threadId, body: "First line\nsecond line", attachmentFileIds: [] }]));
    await waitFor(() => expect(box).toHaveValue(""));
  });

  it("says to write something first instead of sending an empty message", async () => {
    const { user, sent } = setup();
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Write a message first.");
    expect(sent("messages.send")).toHaveLength(0);
  });

  it("counts near the limit and will not send a message over it", async () => {
    const { box, sent } = setup();
    fireEvent.change(box, { target: { value: "x".repeat(COUNTER_FROM - 1) } });
    expect(screen.queryByText(/\/ 10,000/)).toBeNull();
    fireEvent.change(box, { target: { value: "x".repeat(MESSAGE_BODY_MAX + 1) } });
    expect(screen.getByText(/10,001 \/ 10,000/)).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    fireEvent.keyDown(box, { key: "Enter", ctrlKey: true });
    expect(sent("messages.send")).toHaveLength(0);
  });

  it("shows the server's refusal inline and keeps the draft", async () => {
    const { user, box } = setup({
      "messages.send": () => {
        throw refusal("That conversation does not exist or you are not taking part in it.");
      },
    });
    await user.type(box, "Are the X-rays in?");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That conversation does not exist or you are not taking part in it.");
    expect(box).toHaveValue("Are the X-rays in?");
  });

  it("uploads an attachment with its progress and sends it with the message", async () => {
    let finish: (value: Awaited<ReturnType<typeof uploadMessageAttachment>>) => void = () => undefined;
    upload.mockImplementation((_file, onProgress) => {
      onProgress(0.4);
      return new Promise((resolve) => (finish = resolve));
    });
    const { user, box, container, sent } = setup();
    const pdf = new File(["%PDF-1.4"], "xray.pdf", { type: "application/pdf" });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, pdf);
    expect(screen.getByRole("progressbar", { name: "Uploading xray.pdf" })).toHaveAttribute("aria-valuenow", "40");
    await user.type(box, "The X-ray");
    // Not while the file is still on its way.
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    finish({ fileId: "7f0c5a3e-1d2b-4c8e-9f6a-5b4c3d2e1f0a", name: "xray.pdf", size: 8, contentType: "application/pdf" });
    await screen.findByText(/ready/);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(sent("messages.send")).toEqual([{ threadId, body: "The X-ray", attachmentFileIds: ["7f0c5a3e-1d2b-4c8e-9f6a-5b4c3d2e1f0a"] }]),
    );
  });

  it("shows why an upload was refused beside the file", async () => {
    upload.mockRejectedValue(new UploadError(400, "Only PDF, PNG or JPEG files can be attached."));
    const { user, container } = setup();
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(["x"], "notes.pdf", { type: "application/pdf" }),
    );
    expect(await screen.findByText("Only PDF, PNG or JPEG files can be attached.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove notes.pdf" }));
    expect(screen.queryByText("notes.pdf")).toBeNull();
  });
});
