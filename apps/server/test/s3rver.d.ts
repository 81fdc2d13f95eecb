/** s3rver ships no types: an S3 API server on loopback for the file-store tests. */
declare module "s3rver" {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string }[] });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
