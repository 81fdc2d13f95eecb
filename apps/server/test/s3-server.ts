import { join } from "node:path";
import S3rver from "s3rver";

/**
 * An S3 API server on loopback (s3rver) with one bucket, `medlegal`, keeping its objects under
 * `folder`: the file-store suites run against it. `urlFor(prefix)` is a FILE_STORAGE_URL into the bucket.
 */
export async function startS3Server(folder: string): Promise<{ urlFor(prefix: string): string; close(): Promise<void> }> {
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: join(folder, "s3"),
    configureBuckets: [{ name: "medlegal" }],
  });
  const { port } = await server.run();
  return {
    urlFor: (prefix) => `s3://S3RVER:S3RVER@medlegal/${prefix}?endpoint=http://127.0.0.1:${port}&forcePathStyle=true`,
    close: () => server.close(),
  };
}
