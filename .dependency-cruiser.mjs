// The import rules `pnpm lint` checks with dependency-cruiser (docs/architecture.md, "Floors of the
// services"; docs/decisions.md, "Floors of the services"). The floors are written once, in
// docs/architecture.md: this file reads them from there.
import { readdirSync, readFileSync } from "node:fs";

const SERVICES = "packages/api/src/services";
const TITLE = "Floors of the services";
const HEADING = `### ${TITLE}`;

/** The floors of docs/architecture.md, bottom first: each numbered line of the section, its `folders` in order. */
export function readFloors(markdown) {
  const start = markdown.indexOf(`\n${HEADING}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no "${HEADING}" section.`);
  const body = markdown.slice(start + HEADING.length + 2);
  const section = body.slice(0, body.search(/^#/m) < 0 ? undefined : body.search(/^#/m));
  return section
    .split("\n")
    .filter((line) => /^\d+\. /.test(line))
    .map((line) => [...line.matchAll(/`([a-z0-9-]+)`/g)].map((match) => match[1]));
}

const floors = readFloors(readFileSync(new URL("./docs/architecture.md", import.meta.url), "utf8"));
const order = floors.flat();
const folders = readdirSync(new URL(`./${SERVICES}/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const problems = [
  ...folders.filter((folder) => !order.includes(folder)).map((folder) => `${folder} is not on a floor`),
  ...order.filter((folder) => !folders.includes(folder)).map((folder) => `${folder} is not a folder of ${SERVICES}`),
  ...order.filter((folder, i) => order.indexOf(folder) !== i).map((folder) => `${folder} is listed twice`),
];
if (problems.length > 0) {
  throw new Error(`docs/architecture.md, "${TITLE}": ${problems.join("; ")}. Every service folder stands on one floor.`);
}

const floorOf = (folder) => floors.findIndex((floor) => floor.includes(folder)) + 1;

/** One rule per folder: it may not import a folder listed after it (a higher floor, or later on its own). */
const floorRules = order.slice(0, -1).map((folder, i) => ({
  // One name per folder: the reporters look a rule's comment up by its name.
  name: `service-floors:${folder}`,
  severity: "error",
  comment:
    `${folder} (floor ${floorOf(folder)}) imports only the service folders listed before it in ` +
    `docs/architecture.md, "${TITLE}". Move the shared piece down, or the caller up.`,
  from: { path: `^${SERVICES}/${folder}/` },
  to: { path: `^${SERVICES}/(${order.slice(i + 1).join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other, directly or round a circle (type-only imports count): move what both need into a leaf.",
      from: {},
      to: { circular: true },
    },
    ...floorRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    // `import type` counts: a circle through types still ties the two files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: new URL("./packages/api/tsconfig.json", import.meta.url).pathname },
    // The workspace packages resolve through their package.json `exports`, as in the server.
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
