import * as React from "react";
import { useDebounced } from "@/hooks/use-debounced";

/**
 * A text filter whose value lives in the URL (issue 30, saved views): the box types freely and
 * `write`s the trimmed text once typing pauses; when the URL changes by itself (back, a saved view,
 * "Clear filters") the box follows it.
 */
export function useUrlText(inUrl: string | undefined, write: (text: string | undefined) => void) {
  const [text, setText] = React.useState(inUrl ?? "");
  const debounced = useDebounced(text.trim());
  React.useEffect(() => {
    if ((inUrl ?? "") !== debounced) write(debounced || undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed text settles
  }, [debounced]);
  React.useEffect(() => {
    if ((inUrl ?? "") !== text.trim()) setText(inUrl ?? "");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the URL
  }, [inUrl]);
  return [text, setText] as const;
}
