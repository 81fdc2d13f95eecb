import { z } from "zod";
import {
  answerInterpretingSchema,
  interpretingBookingInputSchema,
  interpretingBookingOutputSchema,
  interpretingListInputSchema,
} from "@medlegal/domain";
import {
  answerInterpreting,
  interpretingBooking,
  joinInterpretingMeeting,
  myInterpretingBookings,
} from "../../services/interpreting/interpreting";
import { roleProcedure, router } from "../../trpc";

const own = roleProcedure("interpreting.own");

/** The interpreter's own bookings and their video rooms (docs/decisions.md "Interpreters as users"); row scoping in the service. */
export const interpretingRouter = router({
  myBookings: own
    .input(interpretingListInputSchema)
    .output(z.array(interpretingBookingOutputSchema))
    .query(({ ctx, input }) => myInterpretingBookings(ctx.deps, input)),
  booking: own
    .input(interpretingBookingInputSchema)
    .output(interpretingBookingOutputSchema)
    .query(({ ctx, input }) => interpretingBooking(ctx.deps, input)),
  // Confirm or decline a booking they are named on (a decline tells the case manager).
  answer: own
    .input(answerInterpretingSchema)
    .output(interpretingBookingOutputSchema)
    .mutation(({ ctx, input }) => answerInterpreting(ctx.deps, input)),
  joinMeeting: own
    .input(interpretingBookingInputSchema)
    .output(z.object({ roomId: z.string() }))
    .mutation(({ ctx, input }) => joinInterpretingMeeting(ctx.deps, input)),
});
