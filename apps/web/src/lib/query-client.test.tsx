import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { refusal, renderWithTrpc } from "@/test/trpc";

vi.mock("@/hooks/use-toast", () => ({ toast: vi.fn() }));

type Options = Parameters<typeof trpc.sla.pause.useMutation>[0];

function Pause({ options }: { options?: Options }) {
  const pause = trpc.sla.pause.useMutation(options);
  return (
    <button type="button" onClick={() => pause.mutate({ queryId: "q1", reason: "Waiting for records" } as never)}>
      {pause.isError ? "failed" : "pause"}
    </button>
  );
}

async function failOnce(options?: Options) {
  const view = renderWithTrpc(<Pause options={options} />, { "sla.pause": () => Promise.reject(refusal("The timer is already paused.")) });
  await act(async () => screen.getByRole("button").click());
  await waitFor(() => expect(screen.getByRole("button")).toHaveTextContent("failed"));
  view.unmount();
}

describe("the default mutation error toast", () => {
  beforeEach(() => vi.mocked(toast).mockClear());

  it("shows the server's sentence under the mutation's title, or 'Not done'", async () => {
    await failOnce({ meta: { errorTitle: "Could not pause the timer" } });
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      variant: "destructive",
      title: "Could not pause the timer",
      description: "The timer is already paused.",
    });
    await failOnce();
    expect(toast).toHaveBeenLastCalledWith({ variant: "destructive", title: "Not done", description: "The timer is already paused." });
  });

  it("stays quiet for a mutation that opts out or handles its failure itself", async () => {
    await failOnce({ meta: { errorToast: false } });
    await failOnce({ onError: () => undefined });
    expect(toast).not.toHaveBeenCalled();
  });
});
