import { describe, expect, it } from "vitest";
import type { KeyPress } from "./keyboard-shortcuts";
import { shortcutFor, shortcutList } from "./keyboard-shortcuts";
import { commandsFor, hrefForHit, newPageFor, pagesFor } from "./palette-entries";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inField: false,
  inDialog: false,
  ...extra,
});

describe("keyboard shortcuts", () => {
  it("opens the palette with / or Ctrl+K (⌘K), and only the chord while typing in a field", () => {
    expect(shortcutFor(press("/"), "employee", false)).toEqual({ kind: "palette" });
    expect(shortcutFor(press("k", { ctrlKey: true }), "employee", false)).toEqual({ kind: "palette" });
    expect(shortcutFor(press("k", { metaKey: true }), "attorney", false)).toEqual({ kind: "palette" });
    expect(shortcutFor(press("/", { inField: true }), "employee", false)).toBeNull();
    expect(shortcutFor(press("k", { ctrlKey: true, inField: true }), "employee", false)).toEqual({ kind: "palette" });
    // Another dialog keeps its keys.
    expect(shortcutFor(press("k", { ctrlKey: true, inDialog: true }), "employee", false)).toBeNull();
  });

  it("leaves letters alone while typing, and with a modifier held", () => {
    for (const key of ["?", "g", "n"]) {
      expect(shortcutFor(press(key, { inField: true }), "attorney", false), key).toBeNull();
      expect(shortcutFor(press(key, { ctrlKey: true }), "attorney", false), key).toBeNull();
    }
  });

  it("goes with g then a letter to the role's own list, and nowhere the role may not open", () => {
    expect(shortcutFor(press("g"), "employee", false)).toEqual({ kind: "await-go" });
    expect(shortcutFor(press("q"), "employee", true)).toEqual({ kind: "go", href: "/admin/query-management" });
    expect(shortcutFor(press("q"), "attorney", true)).toEqual({ kind: "go", href: "/queries" });
    expect(shortcutFor(press("b"), "consultant", true)).toEqual({ kind: "go", href: "/my-bookings" });
    expect(shortcutFor(press("b"), "attorney", true)).toEqual({ kind: "go", href: "/bookings" });
    expect(shortcutFor(press("i"), "administrator", true)).toEqual({ kind: "go", href: "/invoices" });
    // Experts have no cases list nor an invoice list.
    expect(shortcutFor(press("c"), "consultant", true)).toBeNull();
    expect(shortcutFor(press("i"), "consultant", true)).toBeNull();
    // A letter after g's wait is just a letter.
    expect(shortcutFor(press("q"), "employee", false)).toBeNull();
  });

  it("lists in ? only the shortcuts the role has", () => {
    const consultant = shortcutList("consultant", false).map((s) => s.keys.join(" "));
    expect(consultant).toEqual(["/", "Ctrl+K", "g q", "g b", "g r", "n", "?", "Esc"]);
    expect(shortcutList("employee", true).map((s) => s.keys.join(" "))).toContain("⌘K");
    expect(shortcutList("employee", false).map((s) => s.keys.join(" "))).toContain("g c");
  });
});

describe("the palette's pages and commands", () => {
  it("offers each role only what it may open", () => {
    const attorney = commandsFor("attorney").map((c) => c.label);
    expect(attorney).toEqual(["New query", "New case", "New claimant", "New booking"]);
    const admin = commandsFor("administrator").map((c) => c.label);
    expect(admin).toContain("Record a payment");
    expect(admin).toContain("Go to SLA monitoring");
    expect(admin).not.toContain("New query");
    expect(commandsFor("employee").map((c) => c.label)).not.toContain("Record a payment");
    expect(pagesFor("attorney").map((p) => p.href)).not.toContain("/sla-monitoring");
    expect(pagesFor("consultant").map((p) => p.href)).not.toContain("/patients");
    expect(pagesFor("employee").map((p) => p.label)).toContain("SLA monitoring");
  });

  it("opens a result on the role's page for it", () => {
    expect(hrefForHit("attorney", { kind: "query", id: "q1", targetId: null })).toBe("/queries/q1");
    expect(hrefForHit("employee", { kind: "claimant", id: "p1", targetId: null })).toBe("/patients?claimant=p1");
    expect(hrefForHit("attorney", { kind: "invoice", id: "cn1", targetId: "inv1" })).toBe("/invoices/inv1");
    expect(hrefForHit("consultant", { kind: "booking", id: "b1", targetId: null })).toBe("/my-bookings");
    // A user found by an employee opens a new message to them; administrators open User Management (issue 37).
    expect(hrefForHit("employee", { kind: "user", id: "u1", targetId: null })).toBe("/messages?to=u1");
    expect(hrefForHit("administrator", { kind: "user", id: "u1", targetId: null })).toBe("/admin/users");
    expect(hrefForHit("attorney", { kind: "user", id: "u1", targetId: null })).toBeNull();
    expect(newPageFor("employee", "/admin/bookings")).toBe("/booking-form");
    expect(newPageFor("attorney", "/invoices")).toBeNull();
  });
});
