import { createFileRoute } from "@tanstack/react-router";
import * as React from "react";
import { PageHeader } from "@/components/page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { prefetchPage } from "@/lib/route-data";
import { BookingList } from "./-components/interpreting-bookings";

type When = "upcoming" | "past";

export const Route = createFileRoute("/_app/my-interpreting")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.interpreting.myBookings.prefetch({ when: "upcoming" })),
  component: MyInterpretingPage,
});

/** The interpreter's bookings (issue 28, docs/decisions.md "Interpreters as users"); their first page. */
function MyInterpretingPage() {
  const [when, setWhen] = React.useState<When>("upcoming");
  return (
    <>
      <PageHeader
        title="My Interpreting"
        description="The assessments the agency booked you to interpret at: when and where, the claimant and who comes with them."
      />
      <Tabs value={when} onValueChange={(v) => setWhen(v as When)}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="upcoming">Upcoming</TabsTrigger>
          <TabsTrigger value="past">Past</TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming">
          <BookingList when="upcoming" />
        </TabsContent>
        <TabsContent value="past">
          <BookingList when="past" />
        </TabsContent>
      </Tabs>
    </>
  );
}
