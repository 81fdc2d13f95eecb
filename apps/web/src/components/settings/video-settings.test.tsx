import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { VideoSettings } from "./video-settings";

const saved = { stunUrls: ["stun:stun.example.org:3478"], turnUrls: [], turnSecretSet: false, credentialTtlMinutes: 240 };

describe("VideoSettings", () => {
  it("refuses a STUN line that is no STUN URL on its field, and sends nothing", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<VideoSettings />, { "settings.getVideo": () => saved });
    const stun = await screen.findByLabelText("STUN servers");
    fireEvent.change(stun, { target: { value: "stun:stun.example.org:3478\nstun.example.org" } });
    await user.click(screen.getByRole("button", { name: "Save video settings" }));

    expect(await screen.findByText("A STUN server looks like stun:stun.example.org:3478")).toBeInTheDocument();
    expect(stun).toHaveAttribute("aria-invalid", "true");
    expect(view.sent("settings.updateVideo")).toEqual([]);
  });

  it("sends one URL per line and the minutes as a number", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<VideoSettings />, { "settings.getVideo": () => saved, "settings.updateVideo": () => saved });
    fireEvent.change(await screen.findByLabelText("TURN servers"), { target: { value: "turn:turn.example.org:3478" } });
    fireEvent.change(screen.getByLabelText("TURN credentials last (minutes)"), { target: { value: "60" } });
    await user.click(screen.getByRole("button", { name: "Save video settings" }));

    await waitFor(() => expect(view.sent("settings.updateVideo")).toHaveLength(1));
    expect(view.sent("settings.updateVideo")[0]).toEqual({
      stunUrls: ["stun:stun.example.org:3478"],
      turnUrls: ["turn:turn.example.org:3478"],
      turnSecret: "",
      clearTurnSecret: false,
      credentialTtlMinutes: 60,
    });
  });
});
