import { act, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { openCreateForm, requestCreateForm, useCreateAction } from "./use-create-action";

function ListPage({ path, enabled, onCreate }: { path: string; enabled: boolean; onCreate: () => void }) {
  useCreateAction(path, onCreate, enabled);
  return null;
}

describe("a list page's new form for n and the palette's commands", () => {
  it("opens the shown page's form, and nothing where there is none or the role may not create", () => {
    let opened = 0;
    expect(openCreateForm()).toBe(false);
    const view = render(<ListPage path="/queries" enabled onCreate={() => opened++} />);
    act(() => void expect(openCreateForm()).toBe(true));
    expect(opened).toBe(1);
    view.rerender(<ListPage path="/queries" enabled={false} onCreate={() => opened++} />);
    act(() => void expect(openCreateForm()).toBe(false));
    view.unmount();
    expect(openCreateForm()).toBe(false);
    expect(opened).toBe(1);
  });

  it("opens the form a command asked for once its page is shown, and only that page's", () => {
    let cases = 0;
    let queries = 0;
    requestCreateForm("/queries");
    const other = render(<ListPage path="/cases" enabled onCreate={() => cases++} />);
    expect(cases).toBe(0);
    other.unmount();
    const view = render(<ListPage path="/queries" enabled onCreate={() => queries++} />);
    expect(queries).toBe(1);
    // Asking again while the page is shown opens it at once.
    act(() => requestCreateForm("/queries"));
    expect(queries).toBe(2);
    view.unmount();
  });
});
