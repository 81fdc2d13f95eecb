import { describe, expect, it, vi } from "vitest";
import {
  HttpError,
  httpErrorMessage,
  notifyUnauthorized,
  readableErrorMessage,
  setSigningOut,
  setUnauthorizedHandler,
  throwIfResNotOk,
} from "./api";

describe("request errors", () => {
  it("formats the message as `status: body`", () => {
    expect(httpErrorMessage(401, "Unauthorized", '{"message":"Invalid username or password"}')).toBe(
      '401: {"message":"Invalid username or password"}',
    );
  });

  it("falls back to the status text when the body is empty", () => {
    expect(httpErrorMessage(503, "Service Unavailable", "")).toBe("503: Service Unavailable");
  });

  it("throws that message for a non-OK response and passes an OK one", async () => {
    await expect(throwIfResNotOk(new Response('{"message":"Taken"}', { status: 409, statusText: "Conflict" }))).rejects.toThrow(
      '409: {"message":"Taken"}',
    );
    await expect(throwIfResNotOk(new Response(null, { status: 500, statusText: "Internal Server Error" }))).rejects.toThrow(
      "500: Internal Server Error",
    );
    await expect(throwIfResNotOk(new Response("{}", { status: 200 }))).resolves.toBeUndefined();
  });

  it("keeps the status on the error", async () => {
    const error = await throwIfResNotOk(new Response("nope", { status: 429, statusText: "Too Many Requests" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(429);
  });

  it("shows people the server's message, else the text after the status", () => {
    expect(readableErrorMessage(new Error('401: {"message":"Invalid username or password"}'))).toBe("Invalid username or password");
    expect(readableErrorMessage(new Error("503: Service Unavailable"))).toBe("Service Unavailable");
    expect(readableErrorMessage(new Error("500: <html>oops</html>"), "Fallback")).toBe("Fallback");
    expect(readableErrorMessage("not an error", "Fallback")).toBe("Fallback");
  });
});

describe("a 401 while the user signs out", () => {
  it("does not start the session-expired sign-out; after the next sign-in a 401 does again", () => {
    const expired = vi.fn();
    setUnauthorizedHandler(expired);
    setSigningOut(true);
    // The live stream ended by the sign-out, a poll answered after it: both expected.
    notifyUnauthorized();
    notifyUnauthorized();
    expect(expired).not.toHaveBeenCalled();
    setSigningOut(false);
    notifyUnauthorized();
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
