import { isTwoFactorChallenge, loginSchema } from "@medlegal/domain";
import * as React from "react";
import { useLogin } from "@/hooks/use-auth";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Spinner } from "../ui/spinner";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { PasswordInput } from "./password-input";
import { TwoFactorStep } from "./two-factor-step";

export function SignInForm() {
  const [username, setUsername] = React.useState("");
  const [password, setPassword] = React.useState("");
  const [errors, setErrors] = React.useState<{ username?: string; password?: string }>({});
  const login = useLogin();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "username" || key === "password") && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    login.mutate(parsed.data, { onSuccess: (answer) => isTwoFactorChallenge(answer) && setPassword("") });
  }

  // A correct password for an account with two-factor sign-in: the code step replaces the form.
  if (login.data && isTwoFactorChallenge(login.data)) return <TwoFactorStep onRestart={() => login.reset()} />;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign In">
      <Field label="Username" htmlFor="signin-username" error={errors.username}>
        <Input
          id="signin-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? "signin-username-error" : undefined}
          required
          autoFocus
        />
      </Field>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between">
          <Label htmlFor="signin-password">Password</Label>
          <ForgotPasswordDialog />
        </div>
        <PasswordInput
          id="signin-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "signin-password-error" : undefined}
          required
        />
        {errors.password && (
          <p id="signin-password-error" className="text-xs font-medium text-destructive">
            {errors.password}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={login.isPending}>
        {login.isPending && <Spinner decorative className="size-4 text-primary-foreground" />}
        Sign In
      </Button>
    </form>
  );
}
