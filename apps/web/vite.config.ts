import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";
import { defineConfig } from "vite";
import { checkFirstDownload } from "./scripts/first-download";

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every compressible file of the build above
 * 1 KB, once at build time, so the server sends them as they are (docs/decisions.md, "Performance").
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: "medlegal-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      const files = Object.keys(bundle).filter((file) => /\.(js|mjs|css|html|svg|json|txt)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(join(dir, file));
          if (data.length < 1024) return;
          const [brotli, gzipped] = await Promise.all([
            br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(join(dir, `${file}.br`), brotli), writeFile(join(dir, `${file}.gz`), gzipped)]);
        }),
      );
    },
  };
}

/**
 * Fails the build when the first download (what index.html loads before the first paint) or a cold
 * /auth is over its budget, printing both figures (scripts/first-download.mjs): CI builds the web app,
 * so a change that grows them past the targets in docs/benchmarks.md fails there (docs/decisions.md, "Performance").
 */
function firstDownloadBudget(): Plugin {
  let outDir = "dist";
  return {
    name: "medlegal-first-download-budget",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      handler() {
        checkFirstDownload(outDir);
      },
    },
  };
}

/**
 * Preloads from index.html what every first visit needs before its first paint: the current user's
 * answer and the sign-in page's chunks (a first visit lands on /auth); without the hints they are asked
 * for only after the whole first download has run (docs/decisions.md, "Performance").
 */
function preloadSignIn(): Plugin {
  return {
    name: "medlegal-preload-sign-in",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const auth = chunks.find((chunk) => chunk.isDynamicEntry && /src\/routes\/auth\.tsx\?tsr-split/.test(chunk.facadeModuleId ?? ""));
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || html.includes(`/${file}"`)) return;
          files.add(file);
          for (const next of byName.get(file)?.imports ?? []) visit(next);
        };
        if (auth) visit(auth.fileName);
        const links = [
          // Who is asking, asked with the HTML rather than after the first download has run: every page
          // reads /api/user before its first paint, and the app's fetch (credentials "include") takes this answer.
          `<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials">`,
          ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ].join("\n    ");
        return html.replace("</head>", `  ${links}\n  </head>`);
      },
    },
  };
}

/** What the chunking callback can ask about a module (rolldown's ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * Names the chunk of every module a first visit runs before its first paint: what the entry
 * imports statically and the sign-in page's chunk with its imports (preloaded, as a first visit lands
 * there). One file instead of a dozen: the same code, about 7 KB less gzip and fewer requests on a
 * slow line (docs/decisions.md, "Performance"). Other modules are chunked as before.
 */
function firstDownloadChunk() {
  const entry = decodeURIComponent(new URL("./src/main.tsx", import.meta.url).pathname);
  const signIn = decodeURIComponent(new URL("./src/routes/auth.tsx", import.meta.url).pathname);
  let members: Set<string> | null = null;
  const collect = (graph: ModuleGraph) => {
    const found = new Set<string>();
    const visit = (id: string) => {
      // lucide-react's index imports every icon: the icons the first paint draws are chunked as before.
      if (found.has(id) || /[\\/]lucide-react[\\/]/.test(id)) return;
      found.add(id);
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    visit(entry);
    for (const id of graph.getModuleInfo(signIn)?.dynamicallyImportedIds ?? []) if (/\?tsr-split=.*component/.test(id)) visit(id);
    return found;
  };
  return (id: string, graph: ModuleGraph) => {
    members ??= collect(graph);
    return members.has(id) ? "app" : null;
  };
}

// The API server. No changeOrigin: the server refuses state-changing requests whose Origin
// does not match the Host, so the proxied request must keep the browser's Host.
const API_TARGET = "http://localhost:3001";

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // A route's loader travels with its component, so the prefetch helpers it imports (and the
      // validation library behind them) stay out of the first download (docs/decisions.md, "Performance").
      codeSplittingOptions: { defaultBehavior: [["loader", "component"], ["errorComponent"], ["notFoundComponent"]] },
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
    }),
    react(),
    tailwindcss(),
    preloadSignIn(),
    precompress(),
    firstDownloadBudget(),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: decodeURIComponent(new URL("./src", import.meta.url).pathname) },
      // zod through a module that turns its eval probe off first (src/lib/zod-jitless.ts).
      { find: /^zod$/, replacement: decodeURIComponent(new URL("./src/lib/zod-jitless.ts", import.meta.url).pathname) },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: API_TARGET },
      "/trpc": { target: API_TARGET },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // pnpm bench reads it to tell the first download from the route chunks (apps/server/bench/web.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        strictExecutionOrder: true,
        // Common chunks below 2 KB (single icons, tiny helpers) are copied into the chunks that use
        // them instead of being fetched one by one (docs/decisions.md, "Performance").
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 2048 },
          groups: [{ name: firstDownloadChunk(), debugName: "first download" }],
        },
      },
    },
  },
});
