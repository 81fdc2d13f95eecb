/**
 * Whose saved views a user reaches (issue 30; issue 38 item 2): their own to change; for staff also
 * those an administrator shared (views.share), to read. Anyone else's view is 404.
 */
import type { ExpressionBuilder } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { isStaff } from "@medlegal/domain";

/** The caller's own views. */
export function ownViews(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "saved_views">) => eb("saved_views.owner_id", "=", user.id);
}

/** The views in the caller's sidebar: their own, and for staff the shared ones. */
export function listedViews(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "saved_views">) =>
    isStaff(user) ? eb.or([ownViews(user)(eb), eb("saved_views.shared", "=", true)]) : ownViews(user)(eb);
}

/** Whether a view is the caller's own (theirs to rename, share or delete). */
export const isOwnView = (user: CurrentUser, view: { owner_id: string }): boolean => view.owner_id === user.id;
