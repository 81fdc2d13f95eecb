import { can } from "@medlegal/domain";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { CalendarRange } from "lucide-react";
import * as React from "react";
import { definedOnly, searchParam } from "@/lib/search-params";
import { AvailabilityOverrides } from "@/components/availability/availability-overrides";
import { WeeklyAvailabilityEditor } from "@/components/availability/weekly-availability-editor";
import { LoadState } from "@/components/load-state";
import { EmptyState, PageHeader } from "@/components/page";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { saToday } from "@/lib/booking-time";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/expert-availability")({
  validateSearch: (search: Record<string, unknown>) => definedOnly({ consultantId: searchParam.uuid(search.consultantId) }),
  loaderDeps: ({ search }) => ({ consultantId: search.consultantId }),
  // Staff choose whose hours to open (the one in the URL, if any); anyone else opens their own.
  loader: ({ context, deps }) =>
    prefetchPage(context, ({ trpc, user }) => {
      if (!user || !can(user.role, "availability.agency")) return trpc.availability.get.prefetch({});
      return Promise.all([
        trpc.consultants.list.prefetch({}),
        deps.consultantId ? trpc.availability.get.prefetch({ consultantId: deps.consultantId }) : undefined,
      ]);
    }),
  component: ExpertAvailabilityPage,
});

function ExpertAvailabilityPage() {
  const me = useCurrentUser().data;
  const staff = !!me && can(me.role, "availability.agency");
  const { consultantId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const consultants = trpc.consultants.list.useQuery({}, { enabled: staff });
  const target = staff ? consultantId : undefined;
  const enabled = !!me && (!staff || !!target);
  const availability = trpc.availability.get.useQuery(target ? { consultantId: target } : {}, { enabled });
  const utils = trpc.useUtils();
  const today = saToday();

  const onSaved = async (title: string, description: string) => {
    toast({ title, description });
    await utils.availability.invalidate();
    await utils.bookings.listSlots.invalidate();
  };
  const setWeekly = trpc.availability.setWeekly.useMutation({
    onSuccess: (v) => onSaved("Weekly hours saved", `${v.consultantName}'s free slots now follow these hours.`),
    meta: { errorTitle: "Could not save the hours" },
  });
  const setOverride = trpc.availability.setOverride.useMutation({
    onSuccess: () => onSaved("Exception added", "That date now follows the exception instead of the weekly hours."),
    meta: { errorTitle: "Could not add the exception" },
  });
  const removeOverride = trpc.availability.removeOverride.useMutation({
    onSuccess: () => onSaved("Exception removed", "That date follows the weekly hours again."),
    meta: { errorTitle: "Could not remove the exception" },
  });

  const weeklyErrors = React.useMemo(() => trpcFieldErrors(setWeekly.error), [setWeekly.error]);
  const overrideErrors = React.useMemo(() => trpcFieldErrors(setOverride.error), [setOverride.error]);

  const active = (consultants.data ?? []).filter((c) => c.isActive);
  const chosen = active.find((c) => c.id === consultantId);
  const data = availability.data;
  const who = target ? { consultantId: target } : {};

  return (
    <>
      <PageHeader
        title={staff ? "Expert Availability" : "My Availability"}
        description={
          staff
            ? "Set when an expert sees claimants: weekly hours, venues, days off and how many assessments fit in a day."
            : "When you see claimants: your weekly hours and venues, days off, and how many assessments you take in a day. Attorneys and the agency book into the free slots."
        }
      />

      {staff && (
        <div className="mb-6 grid gap-1.5 rounded-lg border bg-card p-3 sm:max-w-md">
          <Label htmlFor="availability-consultant">Consultant</Label>
          {consultants.isLoading ? (
            <Skeleton className="h-9" />
          ) : (
            <NativeSelect
              id="availability-consultant"
              value={consultantId ?? ""}
              onChange={(e) => void navigate({ search: { consultantId: e.target.value || undefined }, replace: true })}
            >
              <option value="">Choose a consultant…</option>
              {active.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.specialization ? ` — ${c.specialization}` : ""}
                </option>
              ))}
            </NativeSelect>
          )}
        </div>
      )}

      {staff && !target ? (
        <EmptyState icon={CalendarRange} title="Choose a consultant">
          Their weekly hours, venues, days off and daily capacity will be shown here to change.
        </EmptyState>
      ) : (
        <LoadState query={availability} loadingLabel="Loading availability" loadingRows={7} errorTitle="Could not load the availability">
          {data && (
            <div className="grid gap-6">
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Weekly hours{staff && chosen ? ` — ${data.consultantName}` : ""}</CardTitle>
                  <CardDescription>
                    Each range is cut into one-hour assessment slots. Leave a day empty when you do not see claimants.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <WeeklyAvailabilityEditor
                    key={`${data.consultantId}`}
                    initial={{ days: data.days, dailyCapacity: data.dailyCapacity }}
                    saving={setWeekly.isPending}
                    serverErrors={weeklyErrors}
                    onSave={(value) => setWeekly.mutateAsync({ ...who, ...value })}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Days off and changed hours</CardTitle>
                  <CardDescription>
                    An exception replaces the weekly hours for one date. Existing bookings on that date are not moved.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <AvailabilityOverrides
                    key={data.consultantId}
                    overrides={data.overrides}
                    today={today}
                    adding={setOverride.isPending}
                    serverErrors={overrideErrors}
                    removingDate={removeOverride.isPending ? (removeOverride.variables as { date: string }).date : null}
                    onAdd={(input) => setOverride.mutateAsync({ ...who, ...input })}
                    onRemove={(date) => removeOverride.mutateAsync({ ...who, date }).catch(() => undefined)}
                  />
                </CardContent>
              </Card>
            </div>
          )}
        </LoadState>
      )}
    </>
  );
}
