import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "@medlegal/domain/constants";
import * as React from "react";
import type { ToastVariant } from "@/components/ui/toast";

/** A small toast store (shadcn style): at most TOAST_LIMIT at once, removed a while after dismissal. */
export interface ToastItem {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  open: boolean;
}

export type ToastInput = Omit<ToastItem, "id" | "open">;

type Action = { type: "ADD"; toast: ToastItem } | { type: "DISMISS"; id?: string } | { type: "REMOVE"; id?: string };

interface State {
  toasts: ToastItem[];
}

let count = 0;
function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id);
      dispatch({ type: "REMOVE", id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "ADD":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "DISMISS":
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case "REMOVE":
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  if (action.type === "DISMISS") {
    for (const t of memoryState.toasts) if (!t.open) scheduleRemoval(t.id);
  }
  for (const listener of listeners) listener(memoryState);
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = nextId();
  dispatch({ type: "ADD", toast: { ...input, id, open: true } });
  return { id, dismiss: () => dispatch({ type: "DISMISS", id }) };
}

export function dismissToast(id?: string) {
  dispatch({ type: "DISMISS", id });
}

export function useToasts(): ToastItem[] {
  const [state, setState] = React.useState(memoryState);
  React.useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state.toasts;
}
