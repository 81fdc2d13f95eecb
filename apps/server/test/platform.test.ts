import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { testDialects } from "@medlegal/db/testing";
import { resolveConfig } from "../src/config";
import { attachmentDisposition } from "../src/rest/download";
import { csvCell } from "../../../packages/api/src/services/platform/csv";
import type { TestApp } from "./helpers";
import { createTestApp, DEMO_PASSWORD, login, resetTokenIn } from "./helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const BIG_ASSET = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;
const BEHIND_PROXY = resolveConfig({ APP_URL: "https://medlegal.example", TRUST_PROXY: "1" });

describe("CSV cells", () => {
  it("defuse a formula, even after spaces a spreadsheet skips, and keep a plain negative amount a number", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("   @SUM(A1:A9)")).toBe(`"'   @SUM(A1:A9)"`);
    expect(csvCell("+27 82 555 0100")).toBe(`"'+27 82 555 0100"`);
    expect(csvCell("-1250.00")).toBe(`"-1250.00"`);
    expect(csvCell("Dr A. Smith")).toBe(`"Dr A. Smith"`);
  });
});

describe("download file names", () => {
  it("strips bidirectional and control characters, quotes and folders, with an ASCII fallback and the UTF-8 name", () => {
    expect(attachmentDisposition("report\u202Efdp.exe")).toBe(`attachment; filename="reportfdp.exe"; filename*=UTF-8''reportfdp.exe`);
    expect(attachmentDisposition('../../etc/"pass\r\nwd".pdf')).toBe(`attachment; filename="pass wd.pdf"; filename*=UTF-8''pass%20wd.pdf`);
    expect(attachmentDisposition("Ms O'Neil (X-ray) \u2066\u2067*.pdf")).toBe(
      `attachment; filename="Ms ONeil (X-ray) .pdf"; filename*=UTF-8''Ms%20ONeil%20%28X-ray%29%20.pdf`,
    );
    expect(attachmentDisposition("Zoë Ndlovu – 100%.pdf")).toBe(
      `attachment; filename="Zoe Ndlovu _ 100_.pdf"; filename*=UTF-8''Zo%C3%AB%20Ndlovu%20%E2%80%93%20100%25.pdf`,
    );
    expect(attachmentDisposition("\u202E\u0000")).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});

describe.each(testDialects())("response headers, public origin, proxies and same-origin on %s", (kind) => {
  let t: TestApp;
  let webDist: string;
  let attorney: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), "medlegal-web-"));
    mkdirSync(join(webDist, "assets"));
    writeFileSync(
      join(webDist, "index.html"),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd.js"></script></body></html>',
    );
    writeFileSync(join(webDist, "assets/index-Ab12Cd.js"), "console.log('medlegal');");
    // A hashed asset with the .br and .gz the build writes beside it.
    writeFileSync(join(webDist, "assets/big-Ef34Gh.js"), BIG_ASSET);
    writeFileSync(join(webDist, "assets/big-Ef34Gh.js.br"), brotliCompressSync(BIG_ASSET));
    writeFileSync(join(webDist, "assets/big-Ef34Gh.js.gz"), gzipSync(BIG_ASSET));
    t = await createTestApp(kind, { webDist }, { workflow: true });
    attorney = (await login(t.app, "attorney")).cookie;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const lastLoginIp = async () =>
    (
      await t.db
        .selectFrom("audit_log")
        .select("ip")
        .where("action", "=", "auth.login")
        .orderBy("at", "desc")
        .limit(1)
        .executeTakeFirstOrThrow()
    ).ip;

  describe("security headers", () => {
    const expectCommonHeaders = (headers: Record<string, unknown>) => {
      const csp = String(headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("same-origin");
    };

    it("every API and tRPC answer, errors included, is no-store and carries the headers", async () => {
      for (const [url, cookie, status] of [
        ["/api/user", attorney, 200],
        ["/api/user", "", 401],
        ["/api/nothing-here", "", 404],
        ["/trpc/notifications.list", attorney, 200],
        ["/trpc/notifications.list", "", 401],
      ] as const) {
        const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
        expect(response.statusCode, url).toBe(status);
        expect(response.headers["cache-control"], url).toBe("no-store");
        expectCommonHeaders(response.headers);
      }
    });

    it("the SPA shell is revalidated and hashed assets keep their long cache, both with the headers", async () => {
      const shell = await t.app.inject({ method: "GET", url: "/queries/anything" });
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain('<div id="root">');
      expect(shell.headers["cache-control"]).toBe("no-cache");
      expectCommonHeaders(shell.headers);

      const asset = await t.app.inject({ method: "GET", url: "/assets/index-Ab12Cd.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expectCommonHeaders(asset.headers);
    });

    it("sends hashed assets pre-compressed and JSON above 1 KB compressed, with the headers and Vary", async () => {
      const brotli = await t.app.inject({
        method: "GET",
        url: "/assets/big-Ef34Gh.js",
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(brotli.headers["content-type"]).toMatch(/javascript/);
      expect(brotli.rawPayload).toEqual(brotliCompressSync(BIG_ASSET));
      expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expectCommonHeaders(brotli.headers);
      const gzipped = await t.app.inject({ method: "GET", url: "/assets/big-Ef34Gh.js", headers: { "accept-encoding": "gzip" } });
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(BIG_ASSET);
      const plain = await t.app.inject({ method: "GET", url: "/assets/big-Ef34Gh.js" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(BIG_ASSET);

      const json = await t.app.inject({
        method: "GET",
        url: "/trpc/queries.list?input=%7B%7D",
        headers: { cookie: attorney, "accept-encoding": "gzip" },
      });
      expect(json.statusCode).toBe(200);
      expect(json.headers["content-encoding"]).toBe("gzip");
      const body = gunzipSync(json.rawPayload);
      expect(body.length).toBeGreaterThan(1024);
      expect(JSON.parse(body.toString()).result.data.items.length).toBeGreaterThan(0);
      expect(json.headers["cache-control"]).toBe("no-store");
      expectCommonHeaders(json.headers);
      // A small answer is not worth it.
      const small = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: attorney, "accept-encoding": "gzip" } });
      expect(small.headers["content-encoding"]).toBeUndefined();
    });

    it("static files and the SPA shell never look up a session or a user, even with a session cookie", async () => {
      const statements: string[] = [];
      const counter: KyselyPlugin = {
        transformQuery: (args) => {
          statements.push(args.node.kind);
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const counted = await t.another({ db: t.db.withPlugin(counter) });
      for (const url of ["/assets/index-Ab12Cd.js", "/assets/big-Ef34Gh.js", "/", "/queries/anything", "/health"]) {
        const response = await counted.inject({ method: "GET", url, headers: { cookie: attorney } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["set-cookie"], url).toBeUndefined();
      }
      expect(statements).toEqual([]);
      // The same cookie on an API path is looked up as before.
      expect((await counted.inject({ method: "GET", url: "/api/user", headers: { cookie: attorney } })).statusCode).toBe(200);
      expect(statements.length).toBeGreaterThan(0);
    });

    it("sends HSTS only over HTTPS, as a trusted proxy reports it", async () => {
      const proxied = await t.another({ appUrl: BEHIND_PROXY.appUrl, trustProxy: BEHIND_PROXY.trustProxy });
      const https = await proxied.inject({ method: "GET", url: "/api/user", headers: { "x-forwarded-proto": "https" } });
      expect(https.headers["strict-transport-security"]).toBe("max-age=31536000");
      const http = await proxied.inject({ method: "GET", url: "/api/user" });
      expect(http.headers["strict-transport-security"]).toBeUndefined();
      // Without a trusted proxy, anyone could claim HTTPS: the header is ignored.
      const claimed = await t.app.inject({ method: "GET", url: "/api/user", headers: { "x-forwarded-proto": "https" } });
      expect(claimed.headers["strict-transport-security"]).toBeUndefined();
    });

    it("a stored file name that would disguise an executable downloads as an attachment with a cleaned name", async () => {
      const query = await t.db
        .selectFrom("queries")
        .innerJoin("users", "users.id", "queries.attorney_id")
        .select(["queries.id", "queries.attorney_id"])
        .where("users.username", "=", "attorney")
        .executeTakeFirstOrThrow();
      const doc = await t.db
        .insertInto("files")
        .values({
          owner_kind: "query_document",
          owner_id: query.id,
          uploaded_by: query.attorney_id,
          file_name: 'report\u202Efdp.exe"\r\nX-Evil: 1',
          content_type: "application/pdf",
          size: PDF.length,
          sha256: createHash("sha256").update(PDF).digest("hex"),
          data: PDF,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const response = await t.app.inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: { cookie: attorney } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="reportfdp.exe X-Evil 1"; filename*=UTF-8''reportfdp.exe%20X-Evil%201`,
      );
      expect(response.headers["x-evil"]).toBeUndefined();
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    });

    it("an uploaded file keeps a cleaned name: no bidirectional controls shown in the list either", async () => {
      const query = await t.db
        .selectFrom("queries")
        .innerJoin("users", "users.id", "queries.attorney_id")
        .select("queries.id")
        .where("users.username", "=", "attorney")
        .executeTakeFirstOrThrow();
      const boundary = "----medlegal-platform-test";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan\u202Efdp.exe"\r\nContent-Type: application/pdf\r\n\r\n`,
          "utf8",
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = await t.app.inject({
        method: "POST",
        url: `/api/queries/${query.id}/documents`,
        headers: { cookie: attorney, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(upload.statusCode).toBe(201);
      expect(upload.json().fileName).toBe("scanfdp.exe");
    });
  });

  describe("the public origin in e-mailed links", () => {
    const forgot = (app: FastifyInstance, email: string, headers: Record<string, string>) =>
      app.inject({ method: "POST", url: "/api/forgot-password", payload: { email }, headers });

    it("a forged Host or X-Forwarded-Host never reaches the reset link: it is the configured APP_URL", async () => {
      const proxied = await t.another({ appUrl: BEHIND_PROXY.appUrl, trustProxy: BEHIND_PROXY.trustProxy });
      const response = await forgot(proxied, "employee@medlegal.example", {
        host: "evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      });
      expect(response.statusCode).toBe(200);
      const mail = await t.mailbox.waitFor("employee@medlegal.example");
      expect(mail).toContain(`https://medlegal.example/reset-password?token=${resetTokenIn(mail)}`);
      expect(mail).not.toContain("evil.example");
    });

    it("without APP_URL the link is the server's own listen address, whatever the Host", async () => {
      const local = await t.another({ appUrl: resolveConfig({ PORT: "3000" }).appUrl });
      await forgot(local, "sipho@medlegal.example", { host: "evil.example" });
      const mail = await t.mailbox.waitFor("sipho@medlegal.example");
      expect(mail).toContain("http://localhost:3000/reset-password?token=");
      expect(mail).not.toContain("evil.example");
    });
  });

  describe("trusted proxies", () => {
    const signInFrom = (app: FastifyInstance, forwardedFor?: string) =>
      app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: "attorney", password: DEMO_PASSWORD },
        headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
      });

    it("with TRUST_PROXY=1 the client is the address the proxy saw, not one the client wrote", async () => {
      const proxied = await t.another({ appUrl: BEHIND_PROXY.appUrl, trustProxy: BEHIND_PROXY.trustProxy });
      expect((await signInFrom(proxied, "6.6.6.6, 1.2.3.4")).statusCode).toBe(200);
      expect(await lastLoginIp()).toBe("1.2.3.4");
    });

    it("with a list, only the listed proxies' headers count", async () => {
      const listed = await t.another({
        appUrl: BEHIND_PROXY.appUrl,
        trustProxy: resolveConfig({ APP_URL: "https://medlegal.example", TRUST_PROXY: "127.0.0.1" }).trustProxy,
      });
      await signInFrom(listed, "6.6.6.6, 1.2.3.4");
      expect(await lastLoginIp()).toBe("1.2.3.4");
      const elsewhere = await t.another({ appUrl: BEHIND_PROXY.appUrl, trustProxy: ["10.0.0.0/8"] });
      await signInFrom(elsewhere, "6.6.6.6, 1.2.3.4");
      expect(await lastLoginIp()).toBe("127.0.0.1");
    });

    it("without a trusted proxy the socket's address is the client", async () => {
      await signInFrom(t.app, "6.6.6.6, 1.2.3.4");
      expect(await lastLoginIp()).toBe("127.0.0.1");
    });
  });

  describe("same origin, scheme included", () => {
    const post = (app: FastifyInstance, headers: Record<string, string>) =>
      app.inject({ method: "POST", url: "/api/login", payload: { username: "attorney", password: DEMO_PASSWORD }, headers });

    it("refuses an http:// page posting to the https:// app, and accepts https://", async () => {
      const proxied = await t.another({ appUrl: BEHIND_PROXY.appUrl, trustProxy: BEHIND_PROXY.trustProxy });
      const proxiedHeaders = { host: "medlegal.example", "x-forwarded-proto": "https" };
      const insecure = await post(proxied, { ...proxiedHeaders, origin: "http://medlegal.example" });
      expect(insecure.statusCode).toBe(403);
      expect(insecure.json().message).toBe("This request came from another site and was refused.");
      expect((await post(proxied, { ...proxiedHeaders, origin: "https://medlegal.example" })).statusCode).toBe(200);
    });

    it("refuses an https:// origin for a plain-HTTP request to the same host", async () => {
      expect((await post(t.app, { host: "localhost:3000", origin: "https://localhost:3000" })).statusCode).toBe(403);
      expect((await post(t.app, { host: "localhost:3000", origin: "http://localhost:3000" })).statusCode).toBe(200);
    });

    it("accepts the configured APP_URL origin whatever the Host, and ALLOWED_ORIGINS", async () => {
      // A proxy that is not trusted forwards with its own Host; the page's origin is still APP_URL's.
      expect((await post(t.app, { host: "app-1.internal:3000", origin: "http://localhost:3000" })).statusCode).toBe(200);
      expect((await post(t.app, { host: "localhost:3000", origin: "http://localhost:5173" })).statusCode).toBe(403);
      const dev = await t.another({ allowedOrigins: resolveConfig({ ALLOWED_ORIGINS: "http://localhost:5173, " }).allowedOrigins });
      expect((await post(dev, { host: "localhost:3000", origin: "http://localhost:5173" })).statusCode).toBe(200);
      expect((await post(dev, { host: "localhost:3000", origin: "null" })).statusCode).toBe(403);
    });
  });
});
