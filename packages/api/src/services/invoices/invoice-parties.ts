import type { InvoicePartyJson } from "@medlegal/db";
import type { Db } from "../platform/deps";
import { getAgencySettings } from "../settings/settings";
import type { PrintableDocument } from "./invoice-pdf";
import type { InvoiceRow } from "./invoice-access";

/** The agency as it prints on its invoices now, and whether it charges VAT (a VAT number in its settings). */
export async function agencyParty(db: Db): Promise<{ party: InvoicePartyJson; vatRegistered: boolean; bank: PrintableDocument["bank"] }> {
  const agency = await getAgencySettings({ db });
  return {
    party: { name: agency.name, firmName: null, address: agency.address, vatNumber: agency.vatNumber, email: agency.email },
    vatRegistered: agency.vatNumber.trim() !== "",
    bank: {
      bankName: agency.bankName,
      accountName: agency.accountName,
      accountNumber: agency.accountNumber,
      branchCode: agency.branchCode,
    },
  };
}

/** A user as a party: attorneys by firm (their first address row), consultants by name and practice address. */
export async function userParty(db: Db, userId: string): Promise<InvoicePartyJson> {
  const user = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "firm_name", "address", "vat_number", "email", "role"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const contactAddress = await db
    .selectFrom("user_contacts")
    .select("value")
    .where("user_id", "=", userId)
    .where("kind", "=", "address")
    .orderBy("position")
    .executeTakeFirst();
  const name = `${user.first_name} ${user.last_name}`;
  return {
    name: user.firm_name || name,
    firmName: user.firm_name ? `Attention: ${name}` : null,
    address: user.address ?? contactAddress?.value ?? "",
    vatNumber: user.vat_number ?? "",
    email: user.email,
  };
}

/** Supplier and recipient of an invoice: the agency bills attorneys; an expert bills the agency. */
export async function partiesOf(db: Db, row: Pick<InvoiceRow, "kind" | "attorney_id" | "consultant_id">) {
  const agency = await agencyParty(db);
  if (row.kind === "attorney")
    return {
      supplier: agency.party,
      recipient: await userParty(db, row.attorney_id!),
      vatRegistered: agency.vatRegistered,
      bank: agency.bank,
    };
  const expert = await userParty(db, row.consultant_id!);
  // The expert is paid into their own account (their billing details under Settings).
  const own = (await db.selectFrom("users").select("bank_account").where("id", "=", row.consultant_id!).executeTakeFirst())?.bank_account;
  return { supplier: expert, recipient: agency.party, vatRegistered: expert.vatNumber.trim() !== "", bank: own ?? null };
}
