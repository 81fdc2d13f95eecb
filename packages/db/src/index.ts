export * from "./connection";
export * from "./database";
export { migrateToLatest } from "./migrate";
export { migrations } from "./migrations";
