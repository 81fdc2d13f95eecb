import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from "@medlegal/domain";
import { useCallback, useEffect, useRef, useState } from "react";

/** The activity that counts as "still here" (docs/product-rules.md#passwords-and-sessions). */
export const ACTIVITY_EVENTS = ["click", "keydown", "mousedown", "touchstart"] as const;

export interface InactivityOptions {
  onTimeout: () => void;
  warningAfterMs?: number;
  timeoutMs?: number;
}

/**
 * Idle for warningAfterMs: the warning opens with a countdown to timeoutMs; at zero onTimeout runs.
 * Activity restarts the timer while no warning shows; once it shows, only continueSession does, so
 * a stray key press cannot silently hide the warning.
 */
export function useInactivityTimer({
  onTimeout,
  warningAfterMs = INACTIVITY_WARNING_MS,
  timeoutMs = INACTIVITY_TIMEOUT_MS,
}: InactivityOptions) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const warningTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tickTimer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const warningShown = useRef(false);
  const onTimeoutRef = useRef(onTimeout);

  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  const clearTimers = useCallback(() => {
    clearTimeout(warningTimer.current);
    clearInterval(tickTimer.current);
  }, []);

  const start = useCallback(() => {
    clearTimers();
    warningShown.current = false;
    setDeadline(null);
    warningTimer.current = setTimeout(() => {
      const end = Date.now() + (timeoutMs - warningAfterMs);
      warningShown.current = true;
      setNow(Date.now());
      setDeadline(end);
      tickTimer.current = setInterval(() => {
        const t = Date.now();
        setNow(t);
        if (t >= end) {
          clearTimers();
          warningShown.current = false;
          setDeadline(null);
          onTimeoutRef.current();
        }
      }, 1000);
    }, warningAfterMs);
  }, [clearTimers, timeoutMs, warningAfterMs]);

  useEffect(() => {
    start();
    const onActivity = () => {
      if (!warningShown.current) start();
    };
    for (const name of ACTIVITY_EVENTS) document.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      clearTimers();
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, onActivity, { capture: true });
    };
  }, [start, clearTimers]);

  return {
    warningOpen: deadline !== null,
    remainingMs: deadline === null ? 0 : Math.max(0, deadline - now),
    continueSession: start,
  };
}

export { formatCountdown } from "@medlegal/domain";
