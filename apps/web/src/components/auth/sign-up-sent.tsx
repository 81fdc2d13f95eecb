import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * What sign-up shows once sent: the same for a new address and one that already has an account
 * (the mail says which), so the page never tells a stranger who has an account.
 */
export function SignUpSent({ message, email, onBack }: { message: string; email: string; onBack: () => void }) {
  return (
    <div className="rounded-lg border bg-card p-6 text-center shadow-xs sm:p-8" role="status">
      <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-primary/10">
        <MailCheck className="size-5 text-primary" aria-hidden />
      </div>
      <h2 className="mt-4 text-lg font-semibold">One more step</h2>
      <p className="mt-1.5 text-sm text-muted-foreground">
        We wrote to <span className="font-medium break-all text-foreground">{email}</span>.
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{message}</p>
      <Button type="button" variant="outline" className="mt-6 w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
