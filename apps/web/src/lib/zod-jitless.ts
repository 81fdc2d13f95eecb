// Every `import … from "zod"` of the web build resolves here (vite.config.ts, resolve.alias), so the
// setting below runs before any schema is built, in whichever lazy chunk zod first arrives; main.tsx
// no longer imports zod, which keeps it out of the first download (docs/decisions.md, "Performance").
// The server's Content-Security-Policy allows no eval (docs/decisions.md, "Platform"). Zod would
// otherwise probe `new Function` for compiled parsers, a refused eval the browser reports.
import * as z from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z };
export default z;
