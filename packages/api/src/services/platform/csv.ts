/** One CSV cell, always quoted. */
export const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  // Quote every cell; a leading =, +, - or @ (after any spaces, which spreadsheets skip) is defused so
  // they do not run it as a formula (a plain negative number, which accounting imports read as money, is no formula).
  const safe = /^[ ]*[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** A CSV document: the header line as given, then one line of quoted cells per row, CRLF endings. */
export const csvDocument = (header: string, rows: readonly (readonly unknown[])[]): string =>
  [header, ...rows.map((cells) => cells.map(csvCell).join(","))].join("\r\n") + "\r\n";
