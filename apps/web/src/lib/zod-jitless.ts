import { z } from "zod";

// The server's Content-Security-Policy allows no eval (docs/decisions.md, "Platform"). Zod would
// otherwise probe `new Function` for compiled parsers, a refused eval the browser reports.
z.config({ jitless: true });
