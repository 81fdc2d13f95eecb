import {
  billingEventInputSchema,
  billingEventRemoveSchema,
  caseBillingInputSchema,
  caseBillingOutputSchema,
  deferralAgreementInputSchema,
  receivablesOverviewOutputSchema,
  receivablesSettingsSchema,
} from "@medlegal/domain";
import {
  getCaseBilling,
  getReceivablesSettings,
  recordBillingEvent,
  removeBillingEvent,
  setDeferralAgreement,
  updateReceivablesSettings,
} from "../../services/receivables/case-billing";
import { receivablesOverview } from "../../services/receivables/overview";
import { roleProcedure, router } from "../../trpc";

/** Deferred billing per matter and the receivables forecast (docs/decisions.md "Deferred billing per matter"); row scoping in the services. */
export const receivablesRouter = router({
  caseBilling: roleProcedure("receivables.read")
    .input(caseBillingInputSchema)
    .output(caseBillingOutputSchema)
    .query(({ ctx, input }) => getCaseBilling(ctx.deps, input)),
  setAgreement: roleProcedure("receivables.manage")
    .input(deferralAgreementInputSchema)
    .output(caseBillingOutputSchema)
    .mutation(({ ctx, input }) => setDeferralAgreement(ctx.deps, input)),
  recordEvent: roleProcedure("receivables.events")
    .input(billingEventInputSchema)
    .output(caseBillingOutputSchema)
    .mutation(({ ctx, input }) => recordBillingEvent(ctx.deps, input)),
  removeEvent: roleProcedure("receivables.events")
    .input(billingEventRemoveSchema)
    .output(caseBillingOutputSchema)
    .mutation(({ ctx, input }) => removeBillingEvent(ctx.deps, input)),
  overview: roleProcedure("receivables.forecast")
    .output(receivablesOverviewOutputSchema)
    .query(({ ctx }) => receivablesOverview(ctx.deps)),
  settings: roleProcedure("settings.agency")
    .output(receivablesSettingsSchema)
    .query(({ ctx }) => getReceivablesSettings(ctx.deps)),
  setSettings: roleProcedure("settings.agency")
    .input(receivablesSettingsSchema)
    .output(receivablesSettingsSchema)
    .mutation(({ ctx, input }) => updateReceivablesSettings(ctx.deps, input)),
});
