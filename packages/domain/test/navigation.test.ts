import { describe, expect, it } from "vitest";
import { canOpenRoute, ROLES, ROUTE_PERMISSIONS, SIDEBAR, SIDEBAR_MORE } from "../src";

/** Who opens each page, written out: a change to the permission map that opens or closes a page fails here. */
const A = "administrator";
const E = "employee";
const T = "attorney";
const C = "consultant";
const I = "interpreter";
const OPENS: Record<string, string[]> = {
  "/": [A, E, T, C],
  "/messages": [A, E, T, C],
  "/settings": [A, E, T, C, I],
  "/notifications": [A, E, T, C, I],
  "/appointments": [A, E, T, C],
  "/reports": [A, E, T, C],
  "/reports/$id": [A, E, T, C],
  "/sla-tracking": [A, E, T, C],
  "/employee-dashboard": [A, E],
  "/admin/query-management": [A, E],
  "/queries": [A, E, T, C],
  "/queries/$id": [A, E, T, C],
  "/cases": [A, E, T],
  "/cases/$id": [A, E, T],
  "/trial-calendar": [A, E, T],
  "/patients": [A, E, T],
  "/consultant-assignments": [A, E],
  "/consultant-availability": [A, E],
  "/call-rosters": [A, E],
  "/expert-appointment-scheduler": [A, E],
  "/consultants": [A, E],
  "/admin/expert-appointments": [A, E],
  "/admin/bookings": [A, E],
  "/admin/assessment-schedules": [A, E],
  "/expert-appointments": [A, E, C],
  "/expert-availability": [A, E, C],
  "/my-bookings": [C],
  "/my-interpreting": [I],
  "/bookings": [A, E, T],
  "/booking-form": [A, E, T],
  "/booking-form/$bookingId": [A, E, T],
  "/video-conferences": [A, E, T, C, I],
  "/meeting/$roomId": [A, E, T, C, I],
  "/sla-monitoring": [A, E],
  "/invoices": [A, E, T],
  "/invoices/$id": [A, E, T, C],
  "/manual-invoice": [A, E],
  "/invoice-demo": [A, E],
  "/sa-invoice-demo": [A, E],
  "/expert-invoice-generator": [A, E, C],
  "/payments": [A, T],
  "/admin/payments": [A, T],
  "/admin/bank-statements": [A],
  "/admin/users": [A],
  "/admin/specializations": [A],
  "/audit-trail": [A],
  "/admin/privacy": [A, E],
  "/day-sheet": [A, E],
  "/joint-minutes/$id": [A, E, T, C],
  "/joint-minutes": [A, E, T, C],
  "/records": [A, E],
};

describe("who opens which page", () => {
  it("opens each route for exactly the roles its permission grants, and no route without one", () => {
    expect(Object.keys(ROUTE_PERMISSIONS).sort()).toEqual(Object.keys(OPENS).sort());
    for (const [path, roles] of Object.entries(OPENS)) {
      expect(
        ROLES.filter((role) => canOpenRoute(role, path)),
        path,
      ).toEqual(roles);
    }
    expect(canOpenRoute(A, "/no-such-page")).toBe(false);
  });

  it("never offers a sidebar entry that its role cannot open", () => {
    for (const role of ROLES) {
      for (const entry of SIDEBAR[role]) expect(canOpenRoute(role, entry.to), `${role} ${entry.to}`).toBe(true);
    }
  });

  it("offers the second group's pages to the roles that use them, each once and never twice in the sidebar (issue 37 item 22, issue 40)", () => {
    const more = (role: (typeof ROLES)[number]) => SIDEBAR_MORE[role].map((entry) => `${entry.label} ${entry.to}`);
    const staff = ["Trial Calendar /trial-calendar", "Day Sheets /day-sheet", "Cases /cases", "Records /records"];
    expect(more(A)).toEqual(staff);
    expect(more(E)).toEqual(staff);
    expect(more(T)).toEqual(["Trial Calendar /trial-calendar"]);
    expect(more(C)).toEqual([]);
    expect(more(I)).toEqual([]);
    for (const role of ROLES) {
      for (const entry of SIDEBAR_MORE[role]) {
        expect(canOpenRoute(role, entry.to), `${role} ${entry.to}`).toBe(true);
        expect(
          SIDEBAR[role].some((main) => main.to === entry.to),
          `${role} ${entry.to} twice`,
        ).toBe(false);
      }
    }
  });
});
