import type { BundleShare } from "@medlegal/domain";
import { BUNDLE_SHARE_MESSAGES } from "@medlegal/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { refusal, renderWithTrpc } from "@/test/trpc";
import { BundleShareForm } from "./bundle-share-form";

const bundleId = "3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c";
const share = (over: Partial<BundleShare> = {}): BundleShare => ({
  id: "8a1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c",
  name: "Adv. P. Opposing",
  email: "p@opposing.example",
  createdAt: "2026-11-20T08:00:00.000Z",
  createdBy: "Anna Attorney",
  expiresAt: "2026-12-04T08:00:00.000Z",
  revokedAt: null,
  state: "active",
  ...over,
});

describe("the bundle share form", () => {
  it("e-mails the link to the opposing attorney and lists the shares, each withdrawable while open", async () => {
    const user = userEvent.setup();
    const shares: BundleShare[] = [share({ id: "9b1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c", name: "Adv. Old", state: "expired" })];
    const view = renderWithTrpc(<BundleShareForm bundleId={bundleId} served />, {
      "bundles.shares": () => shares,
      "bundles.share": () => {
        shares.unshift(share());
        return { url: "http://localhost/bundle?token=x", expiresAt: "2026-12-04T08:00:00.000Z" };
      },
      // A void answer, which the typed fixtures cannot name.
      "bundles.revokeShare": () => undefined as never,
    });
    expect(await screen.findByText(/Adv. Old/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Withdraw/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Opposing attorney's name/), "Adv. P. Opposing");
    await user.type(screen.getByLabelText(/Their e-mail address/), "p@opposing.example");
    await user.click(screen.getByRole("button", { name: "E-mail the link" }));
    await waitFor(() =>
      expect(view.sent("bundles.share")).toEqual([{ id: bundleId, name: "Adv. P. Opposing", email: "p@opposing.example" }]),
    );
    const withdraw = await screen.findByRole("button", { name: "Withdraw the link of Adv. P. Opposing" });
    await waitFor(() => expect(screen.getByLabelText(/Opposing attorney's name/)).toHaveValue(""));
    await user.click(withdraw);
    await waitFor(() => expect(view.sent("bundles.revokeShare")).toEqual([{ id: share().id }]));
  });

  it("refuses a bad address on its field and sends nothing", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<BundleShareForm bundleId={bundleId} served />, { "bundles.shares": () => [] });
    await user.type(screen.getByLabelText(/Opposing attorney's name/), "Adv. P. Opposing");
    await user.type(screen.getByLabelText(/Their e-mail address/), "not-an-address");
    await user.click(screen.getByRole("button", { name: "E-mail the link" }));
    expect(await screen.findByText(/valid e-?mail/i)).toBeInTheDocument();
    expect(view.sent("bundles.share")).toEqual([]);
  });

  it("shows the server's sentence for a bundle not served", async () => {
    const user = userEvent.setup();
    renderWithTrpc(<BundleShareForm bundleId={bundleId} served />, {
      "bundles.shares": () => [],
      "bundles.share": () => {
        throw refusal(BUNDLE_SHARE_MESSAGES.notServed);
      },
    });
    await user.type(screen.getByLabelText(/Opposing attorney's name/), "Adv. P. Opposing");
    await user.type(screen.getByLabelText(/Their e-mail address/), "p@opposing.example");
    await user.click(screen.getByRole("button", { name: "E-mail the link" }));
    expect(await screen.findByText(BUNDLE_SHARE_MESSAGES.notServed)).toBeInTheDocument();
  });

  it("says to serve the bundle first", () => {
    renderWithTrpc(<BundleShareForm bundleId={bundleId} served={false} />, { "bundles.shares": () => [] });
    expect(screen.getByText("Mark the bundle served to share it with the opposing attorney.")).toBeInTheDocument();
  });
});
