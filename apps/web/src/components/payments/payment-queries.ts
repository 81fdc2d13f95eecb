import type { Role } from "@medlegal/domain";
import { can } from "@medlegal/domain";

/**
 * The inputs of the payments screen's reads, shared by the page and its loader so their keys agree
 * (docs/architecture.md, "Web routes and data"). An attorney's reads name nobody (their own
 * account); an administrator's name the attorney chosen.
 */
export const accountInput = (role: Role, attorneyId: string | undefined) => (can(role, "payments.manage") ? { attorneyId } : {});

/** The administrators' queue: every proof of payment awaiting a match. */
export const AWAITING_PROOFS = { status: "uploaded" } as const;

/** Administrators record and allocate payments for any attorney; attorneys see their own account. */
export const managesPayments = (role: Role | undefined) => !!role && can(role, "payments.manage");
