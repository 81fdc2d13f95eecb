import { Mail } from "lucide-react";
import { forgotPasswordSchema } from "@medlegal/domain/sign-in";
import * as React from "react";
import { useForgotPassword } from "@/hooks/use-auth";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/hooks/use-toast";
import { readableErrorMessage } from "@/lib/api";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";

const FALLBACK = "Failed to send reset link. Please try again.";

export function ForgotPasswordDialog() {
  const [open, setOpen] = React.useState(false);
  const forgot = useForgotPassword();
  const { form, err, formRef, text, submit, reset } = useZodForm<{ email: string }>({
    initial: () => ({ email: "" }),
    schema: forgotPasswordSchema,
    idPrefix: "forgot",
    pending: forgot.isPending,
    mode: "onSubmit",
  });
  const empty = form.email.trim() === "";

  const send = submit(({ email }) =>
    forgot.mutate(email.trim(), {
      onSuccess: () => {
        setOpen(false);
        reset();
        toast({
          title: "Reset link sent",
          description: "If an account with this email exists, a password reset link has been sent to your email.",
        });
      },
      onError: (error) => {
        toast({ variant: "destructive", title: "Error", description: readableErrorMessage(error, FALLBACK) });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className="h-auto px-0 text-xs font-medium">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          ref={formRef}
          onSubmit={(event) => {
            // The dialog is portalled out of the DOM but not out of React's tree: without this, its submit
            // event would bubble on to the Sign In form the dialog sits in and submit that too.
            event.stopPropagation();
            send(event);
          }}
          className="grid gap-5"
          noValidate
        >
          <DialogHeader>
            <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Mail className="size-5" aria-hidden />
            </div>
            <DialogTitle>Reset your password</DialogTitle>
            <DialogDescription>
              Enter the email address of your account and we will send you a link to choose a new password.
            </DialogDescription>
          </DialogHeader>
          <Field label="Email" htmlFor="forgot-email" error={err("email")}>
            <Input {...text("email")} type="email" autoComplete="email" placeholder="you@example.co.za" required />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={empty || forgot.isPending}>
              {forgot.isPending && <Spinner decorative className="size-4 text-primary-foreground" />}
              Send reset link
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
