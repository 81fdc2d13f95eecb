/** Where a signed-out user lands after the session ended (docs/product-rules.md#passwords-and-sessions). */
export const SESSION_EXPIRED_URL = "/auth?sessionExpired=true";

export interface SessionExpiryDeps {
  clearCache: () => void;
  clearStorage: () => void;
  navigate: (url: string) => void;
}

/**
 * docs/product-rules.md#passwords-and-sessions: on the first 401 from any call, clear cached data, local storage and session
 * storage, then go to /auth?sessionExpired=true. Only once per page load: later 401s (other
 * requests in flight at the same moment) do nothing.
 */
export function createSessionExpiryHandler(deps: SessionExpiryDeps): () => void {
  let handled = false;
  return () => {
    if (handled) return;
    handled = true;
    deps.clearCache();
    deps.clearStorage();
    deps.navigate(SESSION_EXPIRED_URL);
  };
}

export function clearBrowserStorage(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): nothing to clear then.
  }
}
