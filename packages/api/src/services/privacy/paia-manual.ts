import type { PaiaManual } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import type { Db } from "../platform/deps";
import { getAgencySettings } from "../settings/settings";
import { retentionSettings } from "./retention";

/**
 * The agency's PAIA manual (section 51; docs/product-rules.md "The PAIA manual"), public as the Act
 * asks (on the agency's website): who to ask and how, from the agency's settings, with its retention
 * periods. Nothing about any claimant, and no bank details.
 */
export async function paiaManual({ db }: { db: Db }): Promise<PaiaManual> {
  const [agency, retention, changed] = await Promise.all([
    getAgencySettings({ db }),
    retentionSettings(db),
    db
      .selectFrom("settings")
      .select("updated_at")
      .where("key", "in", ["agency", "retention"])
      .orderBy("updated_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    agency: { name: agency.name, address: agency.address, email: agency.email, phone: agency.phone },
    informationOfficer: agency.informationOfficer,
    informationOfficerContact: agency.informationOfficerContact,
    deputyInformationOfficer: agency.deputyInformationOfficer,
    regulatorRegistration: agency.regulatorRegistration,
    retention: { matterYears: retention.matterYears, invoiceYears: retention.invoiceYears },
    updatedOn: changed ? sastDate(changed.updated_at) : null,
  };
}
