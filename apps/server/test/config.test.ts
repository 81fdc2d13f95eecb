import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, fastifyTrustProxy, resolveConfig } from "../src/config";

describe("the server's configuration (resolveConfig)", () => {
  it("needs nothing for a local start: the public origin is the server's own listen address", () => {
    expect(resolveConfig({})).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      appUrl: "http://localhost:3000",
      trustProxy: false,
      allowedOrigins: [],
    });
    expect(resolveConfig({ PORT: "3001" }).appUrl).toBe("http://localhost:3001");
  });

  it("takes APP_URL as an origin, without a trailing slash", () => {
    expect(resolveConfig({ APP_URL: "https://medlegal.example/" }).appUrl).toBe("https://medlegal.example");
    expect(resolveConfig({ APP_URL: "https://medlegal.example:8443" }).appUrl).toBe("https://medlegal.example:8443");
  });

  it.each([
    ["medlegal.example", /is not a URL/],
    ["ftp://medlegal.example", /must start with http:\/\/ or https:\/\//],
    ["javascript:alert(1)", /must start with http:\/\/ or https:\/\//],
    ["https://medlegal.example/app", /without a path/],
    ["https://medlegal.example/?next=x", /without a path, query/],
    ["https://user:pw@medlegal.example", /credentials/],
  ])("refuses APP_URL=%s with a sentence", (value, message) => {
    expect(() => resolveConfig({ APP_URL: value })).toThrow(ConfigError);
    expect(() => resolveConfig({ APP_URL: value })).toThrow(message);
  });

  it("caps a PDF's pages at 3,000 unless PDF_MAX_PAGES says otherwise, and refuses a value that is not a page count with a sentence", () => {
    expect(resolveConfig({}).pdfMaxPages).toBe(3000);
    expect(resolveConfig({ PDF_MAX_PAGES: "5000" }).pdfMaxPages).toBe(5000);
    for (const value of ["0", "-1", "2.5", "many"])
      expect(() => resolveConfig({ PDF_MAX_PAGES: value })).toThrow(
        `PDF_MAX_PAGES must be a whole number of pages, at least 1; got "${value}".`,
      );
  });

  it("refuses to start in production or behind a proxy without APP_URL", () => {
    expect(() => resolveConfig({ NODE_ENV: "production" })).toThrow(/APP_URL is required in production and behind a proxy/);
    expect(() => resolveConfig({ TRUST_PROXY: "1" })).toThrow(/APP_URL is required/);
    expect(() => resolveConfig({ TRUST_PROXY: "10.0.0.0/8" })).toThrow(/APP_URL is required/);
    expect(resolveConfig({ NODE_ENV: "production", APP_URL: "https://medlegal.example" }).appUrl).toBe("https://medlegal.example");
    // Empty or false means no proxy, so no APP_URL is needed.
    expect(resolveConfig({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(resolveConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  it("the server exits with status 1 and the sentence, before opening any database", () => {
    const serverDir = join(import.meta.dirname, "..");
    const run = spawnSync(join(serverDir, "node_modules/.bin/tsx"), ["src/main.ts"], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, NODE_ENV: "production", TRUST_PROXY: "1", DATABASE_URL: "", DATA_DIR: "/nonexistent/medlegal" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("MedLegal cannot start: APP_URL is required in production and behind a proxy");
  });

  it("reads TRUST_PROXY as a hop count or a list of addresses and ranges, and refuses true", () => {
    const base = { APP_URL: "https://medlegal.example" };
    expect(resolveConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(resolveConfig({ ...base, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    expect(() => resolveConfig({ ...base, TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY=true would trust any client's X-Forwarded-For header\. Set TRUST_PROXY to the number of proxies/,
    );
    expect(() => resolveConfig({ ...base, TRUST_PROXY: "10.0.0.0/33,proxy.internal" })).toThrow(
      /not addresses or CIDR ranges: 10\.0\.0\.0\/33, proxy\.internal/,
    );
  });

  it("turns a hop count into a trust function over hops, since Fastify refuses bare counts", () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust("10.0.0.1", hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(["127.0.0.1"])).toEqual(["127.0.0.1"]);
    expect(fastifyTrustProxy(false)).toBe(false);
  });

  it("needs DATABASE_URL for the app's own user when an owner connection is given", () => {
    expect(() => resolveConfig({ DATABASE_OWNER_URL: "postgres://owner@db/medlegal" })).toThrow(
      /DATABASE_OWNER_URL is set without DATABASE_URL/,
    );
    expect(resolveConfig({ DATABASE_OWNER_URL: "postgres://owner@db/m", DATABASE_URL: "postgres://app@db/m" })).toMatchObject({
      databaseOwnerUrl: "postgres://owner@db/m",
      databaseUrl: "postgres://app@db/m",
    });
  });

  it("takes FILE_STORAGE_URL as a folder or an S3 bucket, and refuses anything else with a sentence that says what to set", () => {
    expect(resolveConfig({}).fileStorageUrl).toBeUndefined();
    expect(resolveConfig({ FILE_STORAGE_URL: " file:///srv/medlegal-files " }).fileStorageUrl).toBe("file:///srv/medlegal-files");
    const bucket = "s3://medlegal/agency?endpoint=https://s3.af-south-1.amazonaws.com&region=af-south-1";
    expect(resolveConfig({ FILE_STORAGE_URL: bucket }).fileStorageUrl).toBe(bucket);
    for (const [value, message] of [
      ["files", /FILE_STORAGE_URL is not a URL: use file:\/\/\/absolute\/folder or s3:\/\/bucket/],
      ["ftp://files.example/medlegal", /FILE_STORAGE_URL must start with file:\/\/ or s3:\/\/, not ftp:\/\//],
      ["file:///", /FILE_STORAGE_URL names no folder/],
      ["s3://medlegal?endpoint=minio:9000", /endpoint must be an address starting with http:\/\/ or https:\/\//],
      ["s3://AKIAKEY@medlegal", /an access key without its secret/],
    ] as const) {
      expect(() => resolveConfig({ FILE_STORAGE_URL: value })).toThrow(ConfigError);
      expect(() => resolveConfig({ FILE_STORAGE_URL: value })).toThrow(message);
    }
  });

  it("makes nightly backups at 02:00 keeping 7 days and 4 weeks unless told otherwise, and refuses a time or count that is none", () => {
    expect(resolveConfig({}).backups).toEqual({ at: "02:00", keepDaily: 7, keepWeekly: 4 });
    expect(
      resolveConfig({ BACKUP_DIR: " /mnt/nas/medlegal ", BACKUP_AT: "23:30", BACKUP_KEEP_DAILY: "14", BACKUP_KEEP_WEEKLY: "0" }).backups,
    ).toEqual({ folder: "/mnt/nas/medlegal", at: "23:30", keepDaily: 14, keepWeekly: 0 });
    for (const [env, message] of [
      [{ BACKUP_AT: "2am" }, /BACKUP_AT must be a South African time of day as HH:MM, such as 02:00; got "2am"/],
      [{ BACKUP_AT: "24:00" }, /BACKUP_AT must be/],
      [{ BACKUP_KEEP_DAILY: "0" }, /BACKUP_KEEP_DAILY must be a whole number of backups from 1 to 366; got "0"/],
      [{ BACKUP_KEEP_WEEKLY: "two" }, /BACKUP_KEEP_WEEKLY must be a whole number of backups from 0 to 366/],
    ] as const) {
      expect(() => resolveConfig(env)).toThrow(ConfigError);
      expect(() => resolveConfig(env)).toThrow(message);
    }
  });

  it("rejects a port that is not one", () => {
    expect(() => resolveConfig({ PORT: "http" })).toThrow(/PORT must be a port number/);
  });

  it("keeps 32 MB of bell lists in memory unless NOTIFICATION_LIST_CACHE_MB says how much, 0 for none", () => {
    expect(resolveConfig({}).notificationListCacheBytes).toBe(32 * 1024 * 1024);
    expect(resolveConfig({ NOTIFICATION_LIST_CACHE_MB: "0" }).notificationListCacheBytes).toBe(0);
    expect(resolveConfig({ NOTIFICATION_LIST_CACHE_MB: "8" }).notificationListCacheBytes).toBe(8 * 1024 * 1024);
    for (const bad of ["-1", "many", "1.5"])
      expect(() => resolveConfig({ NOTIFICATION_LIST_CACHE_MB: bad })).toThrow(/NOTIFICATION_LIST_CACHE_MB must be a whole number/);
  });
});
