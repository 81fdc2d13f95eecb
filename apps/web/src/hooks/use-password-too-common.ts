import * as React from "react";

type Checker = (password: string) => boolean;
let checker: Promise<Checker> | undefined;

/** zxcvbn's dictionaries load on first use, in a chunk of their own, so the sign-in bundle stays small. */
function loadChecker(): Promise<Checker> {
  checker ??= import("@medlegal/domain/common-password").then(
    (module) => module.isCommonPassword,
    () => {
      // Offline or a failed chunk: say nothing here; the server still refuses a common password.
      checker = undefined;
      return () => false;
    },
  );
  return checker;
}

/**
 * Whether `password` is a common one (the server's rule, docs/decisions.md), judged once `enabled`
 * (the composition rules are met); false until the answer for this very password is in.
 */
export function usePasswordTooCommon(password: string, enabled: boolean): boolean {
  const [judged, setJudged] = React.useState<{ password: string; common: boolean } | null>(null);
  React.useEffect(() => {
    if (!enabled) return;
    let current = true;
    void loadChecker().then((isCommon) => {
      if (current) setJudged({ password, common: isCommon(password) });
    });
    return () => {
      current = false;
    };
  }, [password, enabled]);
  return enabled && judged?.password === password && judged.common;
}
