import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";
import { defineConfig } from "vite";

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
 * Preloads the sign-in page's chunks from index.html: a first visit lands on /auth, and without the
 * hint its code is asked for only after the whole first download has run (docs/decisions.md, "Performance").
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
        if (!auth) return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || html.includes(`/${file}"`)) return;
          files.add(file);
          for (const next of byName.get(file)?.imports ?? []) visit(next);
        };
        visit(auth.fileName);
        const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n    ");
        return html.replace("</head>", `  ${links}\n  </head>`);
      },
    },
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
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 2048 } },
      },
    },
  },
});
