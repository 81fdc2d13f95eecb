import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server. No changeOrigin: the server refuses state-changing requests whose Origin
// does not match the Host, so the proxied request must keep the browser's Host.
const API_TARGET = "http://localhost:3001";

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true, routesDirectory: "./src/routes", generatedRouteTree: "./src/routeTree.gen.ts" }),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: { "@": decodeURIComponent(new URL("./src", import.meta.url).pathname) } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: API_TARGET },
      "/trpc": { target: API_TARGET },
    },
  },
  build: { outDir: "dist", emptyOutDir: true, rolldownOptions: { output: { strictExecutionOrder: true } } },
});
