import { isTwoFactorChallenge, type LoginInput, loginSchema } from "@medlegal/domain/sign-in";
import { useRouter } from "@tanstack/react-router";
import { useRef } from "react";
import { useLogin } from "@/hooks/use-auth";
import { useZodForm } from "@/hooks/use-zod-form";
import { Button } from "../ui/button";
import { Field, FieldError } from "../ui/field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Spinner } from "../ui/spinner";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { PasswordInput } from "./password-input";
import { TwoFactorStep } from "./two-factor-step";

/**
 * Once the user starts typing, the signed-in app's code (its layout, the dashboard and the tRPC client)
 * loads, so the dashboard asks for its data as soon as the password is accepted; a visit that never
 * signs in does not download it (docs/decisions.md, "Performance").
 */
function usePreloadSignedInApp(): () => void {
  const router = useRouter();
  const started = useRef(false);
  return () => {
    if (started.current) return;
    started.current = true;
    for (const route of [router.routesById["/_app"], router.routesById["/_app/"]]) void router.loadRouteChunk(route);
    void import("@/lib/trpc-runtime");
  };
}

/** Username and password, checked with the server's login schema; errors wait for the first submit. */
export function SignInForm() {
  const preloadSignedInApp = usePreloadSignedInApp();
  const login = useLogin();
  const { methods, err, formRef, text, submit } = useZodForm<LoginInput>({
    initial: () => ({ username: "", password: "" }),
    schema: loginSchema,
    idPrefix: "signin",
    mode: "onSubmit",
  });

  // A correct password for an account with two-factor sign-in: the code step replaces the form.
  if (login.data && isTwoFactorChallenge(login.data)) return <TwoFactorStep onRestart={() => login.reset()} />;

  return (
    <form
      ref={formRef}
      onSubmit={submit((values) =>
        login.mutate(loginSchema.parse(values), {
          onSuccess: (answer) => isTwoFactorChallenge(answer) && methods.setValue("password", ""),
        }),
      )}
      onInput={preloadSignedInApp}
      noValidate
      className="grid gap-4"
      aria-label="Sign In"
    >
      <Field label="Username" htmlFor="signin-username" error={err("username")}>
        <Input {...text("username")} autoComplete="username" autoCapitalize="none" spellCheck={false} required autoFocus />
      </Field>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between">
          <Label htmlFor="signin-password">Password</Label>
          <ForgotPasswordDialog />
        </div>
        <PasswordInput {...text("password")} autoComplete="current-password" required />
        {err("password") && <FieldError id="signin-password-error">{err("password")}</FieldError>}
      </div>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={login.isPending}>
        {login.isPending && <Spinner decorative className="size-4 text-primary-foreground" />}
        Sign In
      </Button>
    </form>
  );
}
