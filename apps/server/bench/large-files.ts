/**
 * `pnpm bench:files` (also part of `pnpm bench`): issue 39's figures for a large file on the embedded
 * default, as `pnpm start` runs it (its own process, PGlite inside it, files in the data folder's
 * `files/`): a 112 MB meeting recording uploaded as seven 16 MB chunks and downloaded whole, with the
 * server's resident memory read from /proc throughout (target: under 300 MB) and `/health` asked
 * again and again meanwhile (target: under 200 ms). The client streams its bodies from one reused
 * 1 MB buffer and discards what it reads. Then issue 40's: a 100 MB, 500-page scan received against a
 * records request and read by the sweeper, with `/health` asked throughout (target: under 500 ms).
 * Nothing here passes or fails: it prints each figure next to its target.
 */
import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createDatabase } from "@medlegal/db";
import { DEMO_PASSWORD } from "@medlegal/api";
import { RECORDING_CHUNK_MAX_BYTES } from "@medlegal/domain";
import { freePort } from "../test/server-process";
import { machine, row } from "./report";
import { scannedPdf } from "../test/scanned-pdf";
import { startApp } from "./server";

const CHUNKS = Number(process.env.BENCH_RECORDING_CHUNKS ?? 7);
const PIECE = 1024 * 1024;
const WEBM_START = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** A process's resident memory now, from /proc (Linux). */
function resident(pid: number, which: "VmRSS"): number {
  const match = new RegExp(`${which}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no ${which} for process ${pid}`);
  return Number(match[1]) * 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
  child.kill("SIGTERM");
  await exited;
}

/** Signs in over HTTP as the web app does; the session cookie. */
async function signIn(port: number, username: string): Promise<string> {
  const origin = `http://127.0.0.1:${port}`;
  const answer = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${await answer.text()}`);
  return answer.headers.getSetCookie()[0]!.split(";")[0]!;
}

/** POSTs one chunk as multipart, its bytes written from one reused 1 MB piece. */
function uploadChunk(port: number, cookie: string, recordingId: string, seq: number, piece: Buffer): Promise<number> {
  const boundary = "----medlegal-bench";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chunk-${seq}.webm"\r\nContent-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = RECORDING_CHUNK_MAX_BYTES;
  return new Promise((done, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/api/meetings/recordings/${recordingId}/chunks/${seq}`,
        headers: {
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + size + tail.length,
        },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => done(answer.statusCode ?? 0));
      },
    );
    req.on("error", fail);
    (async () => {
      req.write(head);
      for (let written = 0; written < size; written += PIECE) {
        const part = written === 0 && seq === 0 ? Buffer.concat([WEBM_START, piece.subarray(WEBM_START.length)]) : piece;
        if (!req.write(part.subarray(0, Math.min(PIECE, size - written)))) await new Promise((r) => req.once("drain", r));
      }
      req.end(tail);
    })().catch(fail);
  });
}

/** POSTs received records (one PDF) as multipart, in 1 MB writes; the answer's status. */
function uploadRecords(port: number, cookie: string, requestId: string, day: string, pdf: Buffer): Promise<number> {
  const boundary = "----medlegal-bench";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/api/records/requests/${requestId}/records?status=received&onDate=${day}`,
        headers: {
          cookie,
          origin: `http://127.0.0.1:${port}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + pdf.length + tail.length,
        },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => done(answer.statusCode ?? 0));
      },
    );
    req.on("error", fail);
    (async () => {
      req.write(head);
      for (let written = 0; written < pdf.length; written += PIECE) {
        if (!req.write(pdf.subarray(written, Math.min(pdf.length, written + PIECE)))) await new Promise((r) => req.once("drain", r));
      }
      req.end(tail);
    })().catch(fail);
  });
}

/** Whether the request's newest received file has been read (its pages counted). */
async function recordsRead(port: number, cookie: string, requestId: string): Promise<number | null> {
  const input = encodeURIComponent(JSON.stringify({ id: requestId }));
  const answer = await fetch(`http://127.0.0.1:${port}/trpc/records.get?input=${input}`, { headers: { cookie } });
  const body = (await answer.json()) as { result?: { data: { records: { state: string; pages: number | null }[] } } };
  const newest = body.result?.data.records[0];
  return newest?.state === "ready" ? newest.pages : null;
}

/** A recording's download id, from the meeting as staff read it. */
async function recordingFile(port: number, cookie: string, meetingId: string, recordingId: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ id: meetingId }));
  const answer = await fetch(`http://127.0.0.1:${port}/trpc/meetings.get?input=${input}`, { headers: { cookie } });
  const body = (await answer.json()) as { result?: { data: { recordings: { id: string; fileId: string | null }[] } } };
  const fileId = body.result?.data.recordings.find((r) => r.id === recordingId)?.fileId;
  if (!fileId) throw new Error(`meetings.get: ${answer.status}, no file for the recording`);
  return fileId;
}

/** GETs a file and counts its bytes without keeping them. */
function download(port: number, cookie: string, fileId: string): Promise<{ status: number; bytes: number }> {
  return new Promise((done, fail) => {
    request({ host: "127.0.0.1", port, path: `/api/files/${fileId}`, headers: { cookie } }, (answer) => {
      let bytes = 0;
      answer.on("data", (chunk: Buffer) => (bytes += chunk.length));
      answer.on("end", () => done({ status: answer.statusCode ?? 0, bytes }));
      answer.on("error", fail);
    })
      .on("error", fail)
      .end();
  });
}

const dataDir = mkdtempSync(join(tmpdir(), "medlegal-bench-files-"));
// RECORDS_OCR off: the bench measures the upload and the page count, not OCR of 500 noise pages.
const env = { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", FILE_STORAGE_URL: "", LOG_LEVEL: "silent", RECORDS_OCR: "off" };
const port = await freePort();
let server = await startApp(env, port, "/health");
try {
  // The first start's demo data, then a recording its host started, written while the server is
  // stopped (the room's consent steps are meetings.test.ts's; the embedded database has one owner).
  await stop(server);
  const handle = createDatabase({ dataDir: join(dataDir, "pglite") });
  const meeting = await handle.db
    .selectFrom("meetings")
    .innerJoin("users", "users.id", "meetings.host_id")
    .select(["meetings.id", "meetings.host_id", "users.username"])
    .orderBy("meetings.reference")
    .executeTakeFirstOrThrow();
  const recording = await handle.db
    .insertInto("meeting_recordings")
    .values({ meeting_id: meeting.id, started_by: meeting.host_id, content_type: "video/webm" })
    .returning("id")
    .executeTakeFirstOrThrow();
  // A request the demo sent most recently: the records arrive for it (issue 40).
  const recordsRequest = await handle.db
    .selectFrom("record_requests")
    .select("id")
    .where("status", "=", "sent")
    .orderBy("received_on", "desc")
    .executeTakeFirstOrThrow();
  await handle.close();
  server = await startApp(env, port, "/health");
  const pid = server.pid!;
  const host = await signIn(port, meeting.username);
  const staff = await signIn(port, "employee");

  const before = resident(pid, "VmRSS");
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, resident(pid, "VmRSS"))), 10);
  const waits: number[] = [];
  let done = false;
  const health = (async () => {
    while (!done) {
      const asked = performance.now();
      await (await fetch(`http://127.0.0.1:${port}/health`)).text();
      waits.push(performance.now() - asked);
    }
  })();

  const piece = randomBytes(PIECE);
  const started = performance.now();
  for (let seq = 0; seq < CHUNKS; seq++) {
    const status = await uploadChunk(port, host, recording.id, seq, piece);
    if (status !== 201) throw new Error(`chunk ${seq}: ${status}`);
  }
  const uploadSeconds = (performance.now() - started) / 1000;
  const downloadStarted = performance.now();
  const answer = await download(port, staff, await recordingFile(port, staff, meeting.id, recording.id));
  const downloadSeconds = (performance.now() - downloadStarted) / 1000;
  done = true;
  await health;
  clearInterval(sampler);
  const expected = CHUNKS * RECORDING_CHUNK_MAX_BYTES;
  if (answer.status !== 200 || answer.bytes !== expected)
    throw new Error(`download: ${answer.status}, ${answer.bytes} of ${expected} bytes`);

  waits.sort((a, b) => a - b);
  const slowest = waits[waits.length - 1]!;
  console.log(`\nA large file in and out\n${machine()}, the server as pnpm start runs it, PGlite inside it, files in its data folder\n`);
  row(
    `upload of a ${mb(expected)} recording in ${CHUNKS} chunks of ${mb(RECORDING_CHUNK_MAX_BYTES)}`,
    `${uploadSeconds.toFixed(1)} s`,
    "-",
    null,
  );
  row("download of it whole, streamed", `${downloadSeconds.toFixed(1)} s`, "-", null);
  row("server's resident memory before", mb(before), "-", null);
  row("server's resident memory at its peak meanwhile", mb(peak), "< 300 MB", peak < 300 * 1024 * 1024);
  // What the transfer itself costs: a file that sat whole in memory would add its 112 MB here.
  row("added by the transfer", mb(peak - before), `< ${mb(expected)}`, peak - before < expected);
  row(`/health meanwhile, slowest of ${waits.length}`, `${slowest.toFixed(0)} ms`, "< 200 ms", slowest < 200);
  row("/health meanwhile, median", `${waits[Math.floor(waits.length / 2)]!.toFixed(1)} ms`, "-", null);

  // Issue 40: a holder's 100 MB, 500-page scan received against its request, then read by the sweeper
  // in a PDF worker; /health asked throughout (target: under 500 ms).
  const scan = await scannedPdf(500, 0, 200_000);
  const scanWaits: number[] = [];
  let scanPeak = resident(pid, "VmRSS");
  const scanBefore = scanPeak;
  const scanSampler = setInterval(() => (scanPeak = Math.max(scanPeak, resident(pid, "VmRSS"))), 10);
  let scanDone = false;
  const scanHealth = (async () => {
    while (!scanDone) {
      const asked = performance.now();
      await (await fetch(`http://127.0.0.1:${port}/health`)).text();
      scanWaits.push(performance.now() - asked);
    }
  })();
  const scanStarted = performance.now();
  const received = await uploadRecords(
    port,
    staff,
    recordsRequest.id,
    new Date().toLocaleDateString("en-CA", { timeZone: "Africa/Johannesburg" }),
    scan,
  );
  if (received !== 201) throw new Error(`records upload: ${received}`);
  const scanUploaded = (performance.now() - scanStarted) / 1000;
  const uploadPeak = scanPeak;
  let pages: number | null = null;
  while (pages === null) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    pages = await recordsRead(port, staff, recordsRequest.id);
  }
  const scanRead = (performance.now() - scanStarted) / 1000;
  scanDone = true;
  await scanHealth;
  clearInterval(scanSampler);
  scanWaits.sort((a, b) => a - b);
  const scanSlowest = scanWaits[scanWaits.length - 1]!;
  row(`upload of a ${mb(scan.length)} scan of ${pages} pages as received records`, `${scanUploaded.toFixed(1)} s`, "-", null);
  row("until its pages were counted in a worker (sweeper every 5 s)", `${scanRead.toFixed(1)} s`, "-", null);
  // The upload streams to disk and the store; reading the pages loads the whole file in the worker (pdf-lib).
  row("added to resident memory by its upload", mb(uploadPeak - scanBefore), `< ${mb(scan.length)}`, uploadPeak - scanBefore < scan.length);
  row("added while a worker reads it whole", mb(scanPeak - scanBefore), "-", null);
  row(`/health meanwhile, slowest of ${scanWaits.length}`, `${scanSlowest.toFixed(0)} ms`, "< 500 ms", scanSlowest < 500);
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
