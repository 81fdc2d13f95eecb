import type { CurrentUser, LoginInput, RegistrationInput } from "@medlegal/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { apiJson, getJson, readableErrorMessage } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "./use-toast";

/** The signed-in user: null when signed out (a 401 here is an answer, not an expired session). */
export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.user,
    queryFn: ({ signal }) => getJson<CurrentUser>("/api/user", { on401: "returnNull", signal }),
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // A 401 from the sign-in itself means wrong credentials, not an expired session.
    mutationFn: (input: LoginInput) => apiJson<CurrentUser>("POST", "/api/login", input, { on401: "throw" }),
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      await navigate({ to: "/" });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Login failed", description: readableErrorMessage(error) });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: RegistrationInput) => apiJson<CurrentUser>("POST", "/api/register", input),
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      await navigate({ to: "/" });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Registration failed", description: readableErrorMessage(error) });
    },
  });
}

/** Signs out, forgets every cached read, and goes to /auth. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>("POST", "/api/logout"),
    onSuccess: async () => {
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.user, null);
      await navigate({ to: "/auth", search: {} });
    },
    onError: (error) => {
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
    mutationFn: (input: { token: string; password: string }) =>
      apiJson<{ message: string }>("POST", "/api/reset-password", input),
  });
}
