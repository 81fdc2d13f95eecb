import type { CurrentUser, LoginAnswer, LoginInput, RegistrationInput } from "@medlegal/domain";
import { isTwoFactorChallenge } from "@medlegal/domain/constants";
import { TWO_FACTOR_MESSAGES } from "@medlegal/domain/constants";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { apiJson, getJson, readableErrorMessage, setSigningOut } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "./use-toast";

/** The signed-in user: null when signed out (a 401 here is an answer, not an expired session). */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.user,
  queryFn: ({ signal }) => getJson<CurrentUser>("/api/user", { on401: "returnNull", signal }),
});

/** The signed-in user, read where the `/_app` guard has already loaded it (routes/_app.tsx). */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** After a sign-in: the user is known; one held at a compulsory two-factor set-up goes there first. */
function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (user: CurrentUser) => {
    setSigningOut(false);
    queryClient.setQueryData(queryKeys.user, user);
    await navigate(user.twoFactorSetupRequired ? { to: "/two-factor-setup" } : { to: "/" });
  };
}

const loginFailed = (error: unknown) => toast({ variant: "destructive", title: "Login failed", description: readableErrorMessage(error) });

/** The password step. Its data is `{ twoFactorRequired: true }` when a code must follow (useVerifyTwoFactor). */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    // A 401 from the sign-in itself means wrong credentials, not an expired session.
    mutationFn: (input: LoginInput) => apiJson<LoginAnswer>("POST", "/api/login", input, { on401: "throw" }),
    onSuccess: async (answer) => {
      if (!isTwoFactorChallenge(answer)) await signedIn(answer);
    },
    onError: loginFailed,
  });
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function useVerifyTwoFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (code: string) => apiJson<CurrentUser>("POST", "/api/login/two-factor", { code }, { on401: "throw" }),
    onSuccess: signedIn,
    // A wrong code is said once, on the code field (TwoFactorCodeForm); the rest send the user back with a toast.
    onError: (error) => readableErrorMessage(error) !== TWO_FACTOR_MESSAGES.wrongCode && loginFailed(error),
  });
}

/** Sign-up answers "check your e-mail" whether or not the address has an account (docs/decisions.md "Sign-up confirms the e-mail"). */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegistrationInput) => apiJson<{ message: string }>("POST", "/api/register", input),
    onError: (error) => {
      toast({ variant: "destructive", title: "Registration failed", description: readableErrorMessage(error) });
    },
  });
}

/** The link in the sign-up mail: creates the account and signs the new user in. */
export function useConfirmSignUp() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (token: string) => apiJson<CurrentUser>("POST", "/api/register/confirm", { token }, { on401: "throw" }),
    onSuccess: signedIn,
  });
}

/** Signs out, forgets every cached read, and goes to /auth. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // The variable says why the app signs out by itself (inactivity), so /auth can tell the user.
    mutationFn: (_reason?: "inactive") => {
      setSigningOut(true);
      return apiJson<{ message: string }>("POST", "/api/logout");
    },
    onSuccess: async (_answer, reason) => {
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.user, null);
      await navigate({ to: "/auth", search: reason ? { signedOut: reason } : {} });
    },
    onError: (error) => {
      setSigningOut(false);
      toast({ variant: "destructive", title: "Logout failed", description: readableErrorMessage(error) });
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => apiJson<{ message: string }>("POST", "/api/forgot-password", { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => apiJson<{ message: string }>("POST", "/api/reset-password", input),
  });
}
