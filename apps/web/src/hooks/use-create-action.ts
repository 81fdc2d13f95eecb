import * as React from "react";

/**
 * A list page's "new" form, for the `n` shortcut and the palette's "New query"-style commands
 * (issue 30): the page registers how it opens its form while it is shown and the role may create;
 * a command asks for the form before navigating, and the page opens it once it is there.
 */
let current: { path: string; open: () => void } | null = null;
let requested: string | null = null;

/** Opens the current page's "new" form; false when the page has none (or the role may not create). */
export function openCreateForm(): boolean {
  if (!current) return false;
  current.open();
  return true;
}

/** Asks the page at `path` to open its "new" form when it next registers (right after navigating there). */
export function requestCreateForm(path: string): void {
  if (current?.path === path) current.open();
  else requested = path;
}

export function useCreateAction(path: string, open: () => void, enabled: boolean): void {
  const latest = React.useRef(open);
  React.useEffect(() => {
    latest.current = open;
  });
  React.useEffect(() => {
    if (!enabled) return;
    const entry = { path, open: () => latest.current() };
    current = entry;
    if (requested === path) {
      requested = null;
      entry.open();
    }
    return () => {
      if (current === entry) current = null;
    };
  }, [path, enabled]);
}
