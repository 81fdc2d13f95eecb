// `pnpm start`: the web app and the compiled server, rebuilt only when their sources changed, then
// the server in this same process (docs/decisions.md, "Start-up").
import { pathToFileURL } from "node:url";
import { ensureBuilt, serverMain } from "./prebuilt.mjs";

await ensureBuilt();
await import(pathToFileURL(serverMain).href);
