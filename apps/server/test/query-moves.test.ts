import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { QueryStatus } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

describe.each(testDialects())("the moves a query's page offers on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    cookie = (await login(t.app, "employee")).cookie;
  });
  afterAll(() => t.close());

  const offered = async (status: QueryStatus) => {
    const query = await t.db.selectFrom("queries").select("id").where("status", "=", status).executeTakeFirstOrThrow();
    return (await trpc<{ nextStatuses: string[] }>(t.app, cookie, "queries.get", { id: query.id })).data.nextStatuses;
  };

  it("offers no 'in review' beside 'Take into review', and no 'scheduled' before a booking is confirmed", async () => {
    expect(await offered("submitted")).toEqual(["on_hold", "cancelled"]);
    const assigning = await t.db
      .selectFrom("queries")
      .select("id")
      .where("status", "=", "assigning")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("bookings")
              .select("id")
              .whereRef("bookings.query_id", "=", "queries.id")
              .where("bookings.status", "=", "confirmed"),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const page = await trpc<{ nextStatuses: string[] }>(t.app, cookie, "queries.get", { id: assigning.id });
    expect(page.data.nextStatuses).toEqual(["on_hold", "cancelled"]);
    expect(await offered("assessed")).toEqual(["reporting", "on_hold", "cancelled"]);
  });
});
