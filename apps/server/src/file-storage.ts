import { join } from "node:path";
import type { FileStore } from "@medlegal/api";
import { fileStoreFromUrl, folderStore } from "@medlegal/api";
import { defaultDataDir } from "@medlegal/db";
import type { ServerConfig } from "./config";

/**
 * Where files' bytes go (docs/decisions.md, "File storage"): FILE_STORAGE_URL; else the data
 * folder's `files/` on the embedded database; else (PostgreSQL without one) null, the database
 * itself, which every instance shares.
 */
export function configuredFileStore(config: Pick<ServerConfig, "fileStorageUrl" | "databaseUrl">): FileStore | null {
  if (config.fileStorageUrl) return fileStoreFromUrl(config.fileStorageUrl);
  return config.databaseUrl ? null : folderStore(join(defaultDataDir(), "files"));
}
