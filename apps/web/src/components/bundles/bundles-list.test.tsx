import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type OutputOf, refusal, renderWithTrpc } from "@/test/trpc";
import { BundlesList } from "./bundles-list";

const CASE = "c0c0c0c0-1111-4222-8333-444444444444";
type Bundle = OutputOf<"bundles.list">[number];

function bundle(over: Partial<Bundle> = {}): Bundle {
  return {
    id: "b1b1b1b1-1111-4222-8333-444444444444",
    number: 1,
    state: "ready",
    createdAt: "2026-12-01T08:00:00.000Z",
    madeBy: "Anele Attorney",
    pages: 30,
    error: null,
    basedOnNumber: null,
    servedOn: null,
    servedTo: null,
    files: [
      { fileId: "a0000001-1111-4222-8333-444444444444", kind: "section", letter: "C", fileName: "C.pdf", size: 204800 },
      { fileId: "a0000002-1111-4222-8333-444444444444", kind: "index_csv", letter: null, fileName: "index.csv", size: 900 },
      { fileId: "a0000003-1111-4222-8333-444444444444", kind: "whole", letter: null, fileName: "bundle.pdf", size: 409600 },
      { fileId: "a0000004-1111-4222-8333-444444444444", kind: "zip", letter: null, fileName: "bundle.zip", size: 400000 },
      { fileId: "a0000005-1111-4222-8333-444444444444", kind: "index_pdf", letter: null, fileName: "index.pdf", size: 20000 },
    ],
    entries: [
      {
        letter: "C",
        section: "plaintiff_reports",
        description: "Orthopaedic report",
        party: "Plaintiff",
        author: "Dr T. Naidoo",
        date: "2026-11-02",
        pages: "C-001 – C-012",
      },
    ],
    changes: [],
    ...over,
  };
}

const SERVED = bundle({ servedOn: "2026-12-07", servedTo: "Mokoena Attorneys for the defendant" });
const SECOND = bundle({
  id: "b2b2b2b2-1111-4222-8333-444444444444",
  number: 2,
  pages: 38,
  basedOnNumber: 1,
  changes: [
    { kind: "added", description: "Defendant's orthopaedic report", pages: "D-001 – D-009" },
    { kind: "withdrawn", description: "Occupational therapist's report", pages: "C-013 – C-020" },
  ],
});

afterEach(() => void vi.useRealTimers());

describe("the case's bundles", () => {
  it("says so when none was made, and shows the server's sentence when it refuses to make one", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<BundlesList caseId={CASE} canManage />, {
      "bundles.list": () => [],
      "bundles.make": () => {
        throw refusal("Nothing is included: tick at least one document for the bundle.");
      },
    });
    expect(await screen.findByText("No bundle made yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Make bundle" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Nothing is included: tick at least one document for the bundle.");
    expect(page.sent("bundles.make")).toEqual([{ caseId: CASE }]);
  });

  it("shows a bundle being made, then ready, asking again while it is made", async () => {
    // The list's refetchInterval runs on a held clock, moved on by the test.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let answer: Bundle[] = [bundle({ state: "making", pages: null, files: [], entries: [] })];
    const page = renderWithTrpc(<BundlesList caseId={CASE} canManage />, { "bundles.list": () => answer });
    expect(await screen.findByText("Being made…")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Bundle 1 · being made" })).toBeInTheDocument();
    answer = [bundle()];
    await act(async () => void vi.advanceTimersByTime(3000));
    expect(await screen.findByRole("heading", { name: "Bundle 1 · 30 pages · ready" })).toBeInTheDocument();
    expect(page.sent("bundles.list").length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText("Being made…")).toBeNull();
  });

  it("says why a bundle failed", async () => {
    renderWithTrpc(<BundlesList caseId={CASE} canManage />, {
      "bundles.list": () => [
        bundle({ state: "failed", pages: null, files: [], entries: [], error: "Orthopaedic report could not be read." }),
      ],
    });
    expect(await screen.findByText("Could not be made: Orthopaedic report could not be read.")).toBeInTheDocument();
  });

  it("shows a later bundle's files, ZIP first, its index and what changed, and the served one before it", async () => {
    renderWithTrpc(<BundlesList caseId={CASE} canManage />, { "bundles.list": () => [SECOND, SERVED] });
    const second = (await screen.findByRole("heading", { name: "Bundle 2 · 38 pages · ready" })).closest("li")!;
    const first = screen.getByRole("heading", { name: "Bundle 1 · 30 pages · served" }).closest("li")!;
    expect(second).toHaveTextContent("Bundle 2 · 38 pages · ready");
    expect(second).toHaveTextContent("Keeps the page numbers of bundle 1");
    const links = within(screen.getByRole("list", { name: "Files of bundle 2" }))
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(links).toEqual(["Download ZIP for CaseLines", "Whole bundle (PDF)", "Index (PDF)", "Index (CSV)", "Section C (PDF)"]);
    const changes = screen.getByRole("list", { name: "Changed since bundle 1" });
    expect(changes).toHaveTextContent("Added: Defendant's orthopaedic report (D-001 – D-009)");
    expect(changes).toHaveTextContent("Withdrawn: Occupational therapist's report (C-013 – C-020)");
    const index = within(screen.getByRole("region", { name: "Index of bundle 2" })).getAllByRole("row");
    expect(index[1]).toHaveTextContent("COrthopaedic reportPlaintiffDr T. Naidoo2 Nov 2026C-001 – C-012");
    expect(within(second).getByRole("form", { name: "Mark bundle 2 served" })).toBeInTheDocument();
    expect(first).toHaveTextContent("Bundle 1 · 30 pages · served");
    expect(first).toHaveTextContent("Served on 7 Dec 2026 to Mokoena Attorneys for the defendant");
    expect(screen.queryByRole("form", { name: "Mark bundle 1 served" })).toBeNull();
  });

  it("marks a ready bundle served with the day and on whom", async () => {
    const user = userEvent.setup();
    let served = false;
    const page = renderWithTrpc(<BundlesList caseId={CASE} canManage />, {
      "bundles.list": () => [served ? SERVED : bundle()],
      "bundles.serve": () => {
        served = true;
        return SERVED;
      },
    });
    const form = await screen.findByRole("form", { name: "Mark bundle 1 served" });
    await user.clear(within(form).getByLabelText("Served on"));
    await user.click(within(form).getByRole("button", { name: "Mark served" }));
    expect(await within(form).findByText("Served on is required")).toBeInTheDocument();
    expect(page.sent("bundles.serve")).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText("Date served"), { target: { value: "2026-12-07" } });
    await user.type(within(form).getByLabelText("Served on"), "Mokoena Attorneys for the defendant");
    await user.click(within(form).getByRole("button", { name: "Mark served" }));
    await waitFor(() => expect(page.sent("bundles.serve")).toHaveLength(1));
    expect(page.sent("bundles.serve")[0]).toEqual({
      id: SERVED.id,
      servedOn: "2026-12-07",
      servedTo: "Mokoena Attorneys for the defendant",
    });
    expect(await screen.findByText("Served on 7 Dec 2026 to Mokoena Attorneys for the defendant")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Mark bundle 1 served" })).toBeNull();
  });

  it("offers a reader neither making nor serving", async () => {
    renderWithTrpc(<BundlesList caseId={CASE} canManage={false} />, { "bundles.list": () => [bundle()] });
    expect(await screen.findByRole("heading", { name: "Bundle 1 · 30 pages · ready" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Make bundle" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Mark bundle 1 served" })).toBeNull();
  });
});
