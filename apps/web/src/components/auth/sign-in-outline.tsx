import { cn } from "@/lib/utils";
import { fieldClasses } from "../ui/input";

/**
 * The sign-in form's shape, drawn while the form's code (which carries the validation library) is
 * on its way: a cold /auth shows its labels, fields and button at once instead of bare tabs over an
 * empty space (docs/decisions.md, "Sign-in page"). Nothing in it can be typed into, so no keystroke
 * is lost when the real form replaces it.
 */
export function SignInOutline() {
  return (
    <div role="status" aria-label="Loading the form" className="grid gap-4">
      <div aria-hidden className="grid gap-4">
        <div className="grid gap-1.5">
          <span className="text-sm leading-none font-medium">Username</span>
          <div className={cn(fieldClasses, "bg-muted/40")} />
        </div>
        <div className="grid gap-1.5">
          <span className="text-sm leading-none font-medium">Password</span>
          <div className={cn(fieldClasses, "bg-muted/40")} />
        </div>
        <div className="mt-1 flex h-10 w-full items-center justify-center rounded-md bg-primary text-sm font-medium text-primary-foreground">
          Sign In
        </div>
      </div>
    </div>
  );
}
