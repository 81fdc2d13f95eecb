import { describe, expect, it, vi } from "vitest";
import { createSessionExpiryHandler } from "./session-expiry";

describe("session expiry", () => {
  it("clears and navigates once, on the first 401 only", () => {
    const deps = { clearCache: vi.fn(), clearStorage: vi.fn(), navigate: vi.fn() };
    const onUnauthorized = createSessionExpiryHandler(deps);

    onUnauthorized();
    onUnauthorized();

    expect(deps.clearCache).toHaveBeenCalledTimes(1);
    expect(deps.clearStorage).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith("/auth?sessionExpired=true");
  });

  it("clears before it navigates", () => {
    const order: string[] = [];
    createSessionExpiryHandler({
      clearCache: () => order.push("cache"),
      clearStorage: () => order.push("storage"),
      navigate: () => order.push("navigate"),
    })();
    expect(order).toEqual(["cache", "storage", "navigate"]);
  });
});
