export * from "./connection";
export { DataDirLockedError } from "./data-dir-lock";
export * from "./database";
export type { Listener, ListenerEvent, ListenerHandler, ListenerOptions } from "./listener";
export { migrateToLatest, migrateUpTo } from "./migrate";
export { migrations } from "./migrations";
export { APPEND_ONLY_TABLES, appRoleOf, grantAppRole, migrateAsOwner } from "./roles";
export { copyPgliteTemplate, currentPgliteTemplate, pgliteTemplate, usablePgliteTemplate } from "./template";
export { pgRestore } from "./pg-tools";
