/** The no-break space that joins "R" and the thousands of an amount, so an amount never wraps mid-number. */
export const MONEY_SPACE = "\u00a0";

/** Rand amounts: stored as integer cents, shown as "R 2 500.00" (thousands grouped, every space a no-break space). */
export function formatRand(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const rand = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, MONEY_SPACE);
  return `${negative ? "-" : ""}R${MONEY_SPACE}${rand}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Reads a rand amount as typed ("R 2 500.00", "2500", "2 500,50", "R2,500") into cents.
 * Blank gives null (no amount); anything that is not an amount with at most two decimals gives NaN.
 */
export function parseRandToCents(text: string): number | null {
  let s = text.replace(/[\s\u00a0]/g, "");
  if (s === "") return null;
  s = s.replace(/^R/i, "");
  if (s === "") return Number.NaN;
  // A comma followed by one or two final digits (and no dot) is the decimal comma; other commas group thousands.
  if (!s.includes(".") && /,\d{1,2}$/.test(s)) {
    const i = s.lastIndexOf(",");
    const whole = s.slice(0, i);
    if (!/^\d+$/.test(whole)) return Number.NaN;
    s = `${whole}.${s.slice(i + 1)}`;
  } else {
    if (!/^\d{1,3}(,\d{3})*(\.\d*)?$/.test(s) && s.includes(",")) return Number.NaN;
    s = s.replace(/,/g, "");
  }
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!match) return Number.NaN;
  const rand = Number(match[1]);
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return rand * 100 + cents;
}
