import { spawn } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

const serverDir = join(import.meta.dirname, "..");

/** A port nobody listens on now (the server is then told to use it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The real server (`src/main.ts`) in its own process on the embedded database in `dataDir`, with a
 * way to wait for a line it prints. `env` adds to a minimal environment (PORT 0 unless said).
 */
export function startServer(dataDir: string, env: Record<string, string> = {}) {
  // Node itself with tsx's loader, so signals reach the server and its pid is the one it reports.
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      ...env,
    },
  });
  let output = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters.filter((w) => output.includes(w.text))) w.resolve();
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    printed: (text: string) =>
      Promise.race([
        new Promise<void>((resolve) => (output.includes(text) ? resolve() : waiters.push({ text, resolve }))),
        exited.then(() => {
          if (!output.includes(text)) throw new Error(`The server ended without printing "${text}":\n${output}`);
        }),
      ]),
  };
}

export type ServerProcess = ReturnType<typeof startServer>;
