/**
 * FILE_STORAGE_URL, read once (docs/decisions.md, "File storage"): `file:///absolute/folder`, or
 * `s3://[key:secret@]bucket[/prefix]?endpoint=https://…&region=…&forcePathStyle=true` for any
 * S3-compatible store. Without imports, so the server's configuration checks it at start without
 * loading the SDK (the package's `./file-storage-url` entry).
 */
export type FileStorageLocation =
  | { kind: "folder"; path: string }
  | {
      kind: "s3";
      bucket: string;
      prefix: string;
      endpoint: string | null;
      region: string;
      forcePathStyle: boolean;
      /** From the URL; otherwise the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

const EXAMPLES = "use file:///absolute/folder or s3://bucket/prefix?endpoint=https://…";

/** The location, or an Error whose message says what to set. */
export function parseFileStorageUrl(value: string): FileStorageLocation {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`FILE_STORAGE_URL is not a URL: ${EXAMPLES}.`);
  }
  if (url.protocol === "file:") {
    const path = decodeURIComponent(url.pathname);
    if (url.hostname || path === "/" || !path.startsWith("/")) throw new Error(`FILE_STORAGE_URL names no folder: ${EXAMPLES}.`);
    return { kind: "folder", path };
  }
  if (url.protocol !== "s3:") throw new Error(`FILE_STORAGE_URL must start with file:// or s3://, not ${url.protocol}//.`);
  if (!url.hostname) throw new Error(`FILE_STORAGE_URL names no bucket: ${EXAMPLES}.`);
  const endpoint = url.searchParams.get("endpoint");
  if (endpoint !== null && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new Error("FILE_STORAGE_URL's endpoint must be an address starting with http:// or https://.");
  }
  if (url.username && !url.password) throw new Error("FILE_STORAGE_URL has an access key without its secret: write key:secret@bucket.");
  return {
    kind: "s3",
    bucket: decodeURIComponent(url.hostname),
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ""),
    endpoint,
    region: url.searchParams.get("region") ?? "us-east-1",
    forcePathStyle: url.searchParams.get("forcePathStyle") === "true",
    credentials: url.username ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } : null,
  };
}
