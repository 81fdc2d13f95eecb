import { fullName, initials, ROLE_LABEL } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "@/components/page";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useCurrentUser } from "@/hooks/use-auth";

export const Route = createFileRoute("/_app/settings")({
  component: SettingsPage,
});

function SettingsPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const rows: [string, string][] = [
    ["Name", fullName(user)],
    ["Username", user.username],
    ["Email", user.email],
    ["Role", ROLE_LABEL[user.role]],
  ];
  if (user.specialization) rows.push(["Specialization", user.specialization]);

  return (
    <>
      <PageHeader title="Settings" description="Your account and preferences." />
      <Card className="max-w-2xl">
        <CardHeader className="flex-row items-center gap-4">
          <Avatar className="size-12">
            <AvatarFallback className="text-sm">{initials(user)}</AvatarFallback>
          </Avatar>
          <div>
            <CardTitle className="text-base">Profile</CardTitle>
            <CardDescription>The details of your account.</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <dl className="divide-y rounded-md border">
            {rows.map(([label, value]) => (
              <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-sm font-medium break-words sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-muted-foreground">
            Changing these details and your notification preferences is not available yet.
          </p>
        </CardContent>
      </Card>
    </>
  );
}
