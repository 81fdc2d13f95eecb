import type { BundleGuestView } from "@medlegal/domain";
import { BUNDLE_SHARE_MESSAGES } from "@medlegal/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ADMIN, renderApp } from "@/test/app";
import { refusal, renderWithTrpc } from "@/test/trpc";
import { SharedBundleScreen } from "./shared-bundle";

const token = "a".repeat(43);
const view: BundleGuestView = {
  reference: "CASE-0042",
  number: 2,
  servedOn: "2026-11-20",
  servedTo: "The RAF's attorneys",
  pages: 14,
  sharedWith: "Adv. P. Opposing",
  expiresAt: "2026-12-04T10:00:00.000Z",
  files: [
    { fileId: "f-c", kind: "section", letter: "C", fileName: "C - Plaintiff expert reports.pdf", size: 20_480 },
    { fileId: "f-zip", kind: "zip", letter: null, fileName: "Bundle.zip", size: 409_600 },
    { fileId: "f-whole", kind: "whole", letter: null, fileName: "Bundle.pdf", size: 204_800 },
  ],
  entries: [
    {
      letter: "C",
      section: "plaintiff_reports",
      description: "Orthopaedic report",
      party: "Plaintiff",
      author: "Dr Orthopaedic",
      date: "2026-10-01",
      pages: "C-001 – C-003",
    },
  ],
};

describe("the shared bundle page", () => {
  it("asks for the e-mailed code, then shows the bundle's heading, files and index", async () => {
    const user = userEvent.setup();
    const onVerified = vi.fn();
    const page = renderWithTrpc(<SharedBundleScreen token={token} onVerified={onVerified} />, {
      "bundles.guestOpen": () => ({ emailHint: "o***@example.org" }),
      "bundles.guestVerify": () => ({ ok: true as const }),
      "bundles.guestGet": () => view,
    });
    expect(await screen.findByText(/We e-mailed a 6-digit code to o\*\*\*@example.org/)).toBeInTheDocument();
    expect(page.sent("bundles.guestOpen")).toEqual([{ token }]);
    await user.type(screen.getByLabelText(/Code/), "123456");
    await user.click(screen.getByRole("button", { name: "Open the bundle" }));
    expect(await screen.findByRole("heading", { name: "Trial bundle 2: CASE-0042" })).toBeInTheDocument();
    expect(page.sent("bundles.guestVerify")).toEqual([{ token, code: "123456" }]);
    expect(onVerified).toHaveBeenCalledOnce();
    expect(screen.getByText(/Served on 20 Nov 2026 on The RAF's attorneys/)).toBeInTheDocument();
    const links = screen.getAllByRole("link");
    // The ZIP first, then the whole PDF, then the sections.
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["The whole bundle (ZIP of every file)", "/api/bundle/files/f-zip"],
      ["The whole bundle (one PDF)", "/api/bundle/files/f-whole"],
      ["Section C (PDF)", "/api/bundle/files/f-c"],
    ]);
    expect(screen.getByText("C-001 – C-003 · Orthopaedic report")).toBeInTheDocument();
  });

  it("says why a link cannot be used", async () => {
    renderWithTrpc(<SharedBundleScreen token={token} onVerified={() => {}} />, {
      "bundles.guestOpen": () => {
        throw refusal(BUNDLE_SHARE_MESSAGES.linkEnded);
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(BUNDLE_SHARE_MESSAGES.linkEnded);
    expect(screen.queryByLabelText(/Code/)).not.toBeInTheDocument();
  });

  it("shows a wrong code's sentence on the field and stays on the code", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<SharedBundleScreen token={token} onVerified={() => {}} />, {
      "bundles.guestOpen": () => ({ emailHint: "o***@example.org" }),
      "bundles.guestVerify": () => {
        throw refusal(BUNDLE_SHARE_MESSAGES.badCode, { code: BUNDLE_SHARE_MESSAGES.badCode });
      },
    });
    await user.type(await screen.findByLabelText(/Code/), "000000");
    await user.click(screen.getByRole("button", { name: "Open the bundle" }));
    await waitFor(() => expect(screen.getByText(BUNDLE_SHARE_MESSAGES.badCode)).toBeInTheDocument());
    expect(screen.getByLabelText(/Code/)).toHaveAttribute("aria-invalid", "true");
    expect(page.sent("bundles.guestGet")).toEqual([]);
  });

  it("says so when the session has ended", async () => {
    renderWithTrpc(<SharedBundleScreen onVerified={() => {}} />, {
      "bundles.guestGet": () => {
        throw refusal(BUNDLE_SHARE_MESSAGES.noGuest);
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(BUNDLE_SHARE_MESSAGES.noGuest);
  });

  it("is the public page /bundle, outside the signed-in app", async () => {
    renderApp("/bundle", ADMIN, { "bundles.guestGet": () => view });
    expect(await screen.findByRole("heading", { name: "Trial bundle 2: CASE-0042" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: /main/i })).not.toBeInTheDocument();
  });
});
