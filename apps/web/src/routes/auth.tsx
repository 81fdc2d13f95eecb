import { createFileRoute, Link, Navigate, useNavigate } from "@tanstack/react-router";
import { Activity, FileCheck2, Lock, Users } from "lucide-react";
import * as React from "react";
import { SignInOutline } from "@/components/auth/sign-in-outline";
import { SignUpSent } from "@/components/auth/sign-up-sent";
import { Brand, BrandMark } from "@/components/brand";
import { FullPageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { currentUserQuery, useCurrentUser, useRegister } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { toast } from "@/hooks/use-toast";
import { INACTIVITY_TIMEOUT_MS } from "@medlegal/domain/constants";

interface AuthSearch {
  sessionExpired?: true;
  /** Why the app signed the user out itself (only inactivity today), to say so on arrival. */
  signedOut?: "inactive";
}

export const Route = createFileRoute("/auth")({
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    ...(search.sessionExpired === true || search.sessionExpired === "true" ? { sessionExpired: true as const } : {}),
    ...(search.signedOut === "inactive" ? { signedOut: "inactive" as const } : {}),
  }),
  // Who is asking, asked before the page's code arrives rather than once it renders; not awaited, so
  // the two travel side by side (docs/decisions.md, "Performance").
  beforeLoad: ({ context }) => {
    void context.queryClient.prefetchQuery(currentUserQuery);
    // The sign-in form's code starts loading with the question, not after it is answered.
    void loadSignInForm();
  },
  component: AuthPage,
});

// The forms carry the validation library; the page's text paints without waiting for them (the
// largest paint of a cold /auth), and the sign-up form loads only when its tab opens.
const loadSignInForm = () => import("@/components/auth/sign-in-form");
const SignInForm = React.lazy(() => loadSignInForm().then((module) => ({ default: module.SignInForm })));
// The sign-up form brings its own tRPC client (for the specializations it offers).
const SignUpPanel = React.lazy(() => import("@/components/auth/sign-up-panel").then((module) => ({ default: module.SignUpPanel })));

function FormPlaceholder() {
  return <div role="status" aria-label="Loading the form" className="min-h-72" />;
}

const PITCH = [
  { icon: Lock, title: "Secure communications", text: "Need-to-know access to claimant information, every action audited." },
  { icon: Users, title: "Real-time collaboration", text: "Attorneys, experts and the agency on one shared record." },
  { icon: FileCheck2, title: "From query to final report", text: "One workflow from the instruction to the delivered report." },
  { icon: Activity, title: "SLA tracking and compliance", text: "Every step measured against its service level." },
];

function AuthPage() {
  useDocumentTitle("Sign In", false);
  const { sessionExpired, signedOut } = Route.useSearch();
  // Kept after the address is tidied, until the user signs in again.
  const [idleSignOut] = React.useState(signedOut === "inactive");
  const navigate = useNavigate();
  const user = useCurrentUser();
  const register = useRegister();
  const [tab, setTab] = React.useState("signin");
  const announced = React.useRef(false);

  React.useEffect(() => {
    if (!sessionExpired || announced.current) return;
    announced.current = true;
    toast({
      variant: "destructive",
      title: "Session Expired",
      description: "Your session has expired. Please log in again to continue.",
    });
    void navigate({ to: "/auth", search: {}, replace: true });
  }, [sessionExpired, navigate]);
  React.useEffect(() => {
    if (signedOut) void navigate({ to: "/auth", search: {}, replace: true });
  }, [signedOut, navigate]);

  if (user.isLoading) return <FullPageSpinner />;
  if (user.data) return <Navigate to="/" replace />;

  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-sidebar p-10 text-sidebar-foreground lg:sticky lg:top-0 lg:flex lg:h-svh lg:flex-col">
        <div aria-hidden className="pointer-events-none absolute -top-40 -left-40 size-[32rem] rounded-full bg-primary/25 blur-3xl" />
        <Brand inverted className="relative" />
        <div className="relative mt-auto mb-auto max-w-md py-12">
          <h2 className="text-3xl font-semibold tracking-tight text-white">Medico-legal cases and reports, in one place.</h2>
          <p className="mt-3 text-sm leading-relaxed text-sidebar-foreground/80">
            Secure, efficient collaboration between attorneys, medical and actuarial experts and the agency that brings them together.
          </p>
          <ul className="mt-10 grid gap-6">
            {PITCH.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-sidebar-accent ring-1 ring-white/10">
                  <Icon className="size-4 text-indigo-300" aria-hidden />
                </span>
                <span>
                  <span className="block text-sm font-medium text-white">{title}</span>
                  <span className="block text-sm text-sidebar-foreground/70">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-sidebar-muted">© {new Date().getFullYear()} MedLegal</p>
      </aside>

      <main className="flex justify-center px-4 py-10 sm:px-8 lg:items-center lg:py-12">
        <div className={tab === "signup" ? "w-full max-w-xl" : "w-full max-w-sm"}>
          <div className="mb-8 flex flex-col items-center text-center lg:hidden">
            <BrandMark className="size-10" />
            <p className="mt-3 text-lg font-semibold tracking-tight">MedLegal</p>
          </div>
          <div className="mb-6">
            <h1 className="text-2xl font-semibold tracking-tight">{tab === "signin" ? "Sign in to MedLegal" : "Create your account"}</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {tab === "signin"
                ? "Sign in to continue to your cases, queries and reports."
                : "Attorneys and medical consultants can register here."}
            </p>
          </div>
          {idleSignOut && tab === "signin" && (
            <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              You were signed out after {INACTIVITY_TIMEOUT_MS / 60_000} minutes without activity, to keep claimants' information safe. Sign
              in again to continue.
            </p>
          )}
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Sign in or sign up">
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <React.Suspense fallback={<SignInOutline />}>
                <SignInForm />
              </React.Suspense>
            </TabsContent>
            <TabsContent value="signup">
              {register.isSuccess ? (
                <SignUpSent
                  message={register.data.message}
                  email={register.variables.email}
                  onBack={() => {
                    register.reset();
                    setTab("signin");
                  }}
                />
              ) : (
                <React.Suspense fallback={<FormPlaceholder />}>
                  <SignUpPanel onSubmit={(payload) => register.mutate(payload)} pending={register.isPending} />
                </React.Suspense>
              )}
            </TabsContent>
          </Tabs>
          {/* PAIA section 51(3): the manual is public on the agency's site. */}
          <p className="mt-8 text-center text-xs text-muted-foreground">
            <Link to="/paia-manual" className="underline underline-offset-2 hover:text-foreground">
              PAIA manual and your personal information
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
