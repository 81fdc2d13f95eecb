import type { AppRouter } from "@medlegal/api";
import type { CurrentUser } from "@medlegal/domain";
import type { TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import type { AppRouteContext } from "@/lib/route-data";
import { createTrpcQueryUtils, trpc } from "@/lib/trpc";
import { Route } from "@/routes/_app/index";

const ADMIN: CurrentUser = {
  id: "00000000-0000-4000-8000-000000000002",
  username: "admin",
  firstName: "Thandi",
  lastName: "Mokoena",
  email: "admin@medlegal.example",
  role: "administrator",
  specialization: null,
};

afterEach(() => vi.unstubAllGlobals());

describe("the first page after sign-in (the dashboard's route loader)", () => {
  it("starts every read the page shows at once (summary, notifications, unread messages, the court deadlines, privacy requests, booking tasks, saved views), so the page opens with its data", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(String(url));
        const body = String(url).includes("/api/messages/unread") ? { count: 3 } : [];
        return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    const link: TRPCLink<AppRouter> =
      () =>
      ({ op }) =>
        observable((observer) => {
          asked.push(op.path);
          observer.next({ result: { type: "data", data: { role: "administrator" } } });
          observer.complete();
        });
    const queryClient = createQueryClient();
    const trpcClient = trpc.createClient({ links: [link] });
    const context = {
      queryClient,
      trpc: createTrpcQueryUtils(queryClient, trpcClient),
      user: ADMIN,
      allowed: true,
    } as unknown as AppRouteContext;

    const loader = Route.options.loader as unknown as (args: { context: AppRouteContext }) => Promise<void>;
    await loader({ context });

    expect(asked.sort()).toEqual([
      "/api/messages/unread",
      `/api/notifications/${ADMIN.id}`,
      "courtClock.matters",
      "dashboard.summary",
      "logistics.tasks",
      "privacy.dueRequests",
      "savedViews.list",
    ]);
    expect(queryClient.getQueryData(queryKeys.unreadMessages)).toBe(3);
    expect(queryClient.getQueryData(queryKeys.notifications(ADMIN.id))).toEqual([]);
  });
});
