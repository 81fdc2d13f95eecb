import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/architecture.md, "Services": one table row per folder of packages/api/src/services, so a
// reader finds every area and no row names a folder that is gone or moved.
const SERVICES_DIR = fileURLToPath(new URL("../../../packages/api/src/services", import.meta.url));
const ARCHITECTURE_MD = fileURLToPath(new URL("../../../docs/architecture.md", import.meta.url));

function servicesSection(markdown: string): string {
  const start = markdown.indexOf("\n## Services\n");
  expect(start, 'docs/architecture.md has no "## Services" section').toBeGreaterThan(-1);
  const end = markdown.indexOf("\n## ", start + 1);
  return end === -1 ? markdown.slice(start) : markdown.slice(start, end);
}

/** The folders the section's table names: each row's first cell, one `name` per row. */
function documentedFolders(section: string): string[] {
  const folders: string[] = [];
  for (const line of section.split("\n")) {
    const row = /^\|\s*`([^`]+)`\s*\|/.exec(line);
    if (row) folders.push(row[1]!);
  }
  return folders;
}

describe("docs/architecture.md lists the service folders", () => {
  const onDisk = readdirSync(SERVICES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const documented = documentedFolders(servicesSection(readFileSync(ARCHITECTURE_MD, "utf8")));

  it("names every folder of packages/api/src/services", () => {
    expect(onDisk.length).toBeGreaterThan(0);
    expect(
      onDisk.filter((folder) => !documented.includes(folder)),
      "folders missing from the Services table",
    ).toEqual([]);
  });

  it("names no folder that does not exist", () => {
    expect(
      documented.filter((folder) => !onDisk.includes(folder)),
      "rows naming no folder",
    ).toEqual([]);
  });

  it("names each folder once", () => {
    expect(
      documented.filter((folder, i) => documented.indexOf(folder) !== i),
      "rows repeated",
    ).toEqual([]);
  });
});
