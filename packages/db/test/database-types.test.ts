import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import ts from "typescript";
import { createTestDatabase, testDialects } from "../src/testing";

/**
 * database.ts is written by hand beside the migrations; this suite keeps the two in step
 * (docs/architecture.md "Keeping database.ts in step"). It migrates a fresh database, reads every
 * column from information_schema and compares it with what the `Database` interface declares:
 * tables, columns, nullability, the kind of value a read returns, and whether an insert may leave
 * the column out. Every difference is listed in one message, "table.column: declared X, database Y".
 */

const DATABASE_TS = fileURLToPath(new URL("../src/database.ts", import.meta.url));
/** Kysely's own bookkeeping, not part of the application's schema. */
const IGNORED_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/** What a read of a column returns, as a word both sides can be reduced to. */
type Kind = "string" | "number" | "boolean" | "Date" | "bytes" | "json" | `${string}[]` | `other(${string})`;

interface Declared {
  kind: Kind;
  nullable: boolean;
  /** An insert may leave it out (Generated<>, or a ColumnType whose insert type takes undefined). */
  optionalOnInsert: boolean;
  /** An insert may not set it (GeneratedAlways<>). */
  neverInserted: boolean;
}

interface Actual {
  kind: Kind | "any";
  nullable: boolean;
  hasDefault: boolean;
  generatedAlways: boolean;
}

/** The `Database` interface of database.ts, read with the compiler so aliases (Role, Timestamp, ...) resolve. */
function declaredSchema(): Map<string, Map<string, Declared>> {
  const program = ts.createProgram([DATABASE_TS], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(DATABASE_TS);
  if (!source) throw new Error(`cannot read ${DATABASE_TS}`);
  const node = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "Database");
  if (!node) throw new Error("database.ts declares no `Database` interface");
  const tables = new Map<string, Map<string, Declared>>();
  for (const table of checker.getTypeAtLocation(node).getProperties()) {
    const columns = new Map<string, Declared>();
    const tableType = checker.getTypeOfSymbolAtLocation(table, node);
    for (const column of tableType.getProperties()) {
      columns.set(column.name, describeColumn(checker, checker.getTypeOfSymbolAtLocation(column, node), node));
    }
    tables.set(table.name, columns);
  }
  return tables;
}

function describeColumn(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): Declared {
  // ColumnType<S, I, U> is { __select__: S; __insert__: I; __update__: U }; a plain type is all three.
  // Kysely distributes over a union (`Timestamp | null` reads Date | null), so this does too.
  const members = (t: ts.Type) => (t.isUnion() ? t.types : [t]);
  const part = (name: string) =>
    members(type).flatMap((member) => {
      const symbol = member.getProperty(name);
      return symbol ? members(checker.getTypeOfSymbolAtLocation(symbol, at)) : [member];
    });
  const select = part("__select__");
  const insert = part("__insert__");
  return {
    kind: kindOf(
      checker,
      select.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))),
    ),
    nullable: select.some((t) => t.flags & ts.TypeFlags.Null),
    optionalOnInsert: insert.some((t) => t.flags & ts.TypeFlags.Undefined),
    neverInserted: insert.every((t) => t.flags & ts.TypeFlags.Never),
  };
}

function kindOf(checker: ts.TypeChecker, types: readonly ts.Type[]): Kind {
  const all = (flags: ts.TypeFlags) => types.length > 0 && types.every((t) => t.flags & flags);
  if (all(ts.TypeFlags.StringLike)) return "string";
  if (all(ts.TypeFlags.NumberLike)) return "number";
  if (all(ts.TypeFlags.BooleanLike)) return "boolean";
  if (types.length === 1) {
    const [t] = types as [ts.Type];
    if (checker.isArrayType(t)) {
      const [element] = checker.getTypeArguments(t as ts.TypeReference);
      return `${element ? kindOf(checker, element.isUnion() ? element.types : [element]) : "unknown"}[]`;
    }
    const name = t.getSymbol()?.name ?? t.aliasSymbol?.name;
    if (name === "Date") return "Date";
    if (name === "Buffer" || name === "Uint8Array") return "bytes";
    if (t.flags & ts.TypeFlags.Unknown) return "json";
  }
  if (types.every((t) => t.flags & ts.TypeFlags.Object && !checker.isArrayType(t))) return "json";
  return `other(${types.map((t) => checker.typeToString(t)).join(" | ")})`;
}

/** What a read of a PostgreSQL type returns through connection.ts (int8 as a number, date as YYYY-MM-DD). */
const KIND_OF_UDT: Record<string, Kind | "any"> = {
  text: "string",
  varchar: "string",
  bpchar: "string",
  uuid: "string",
  citext: "string",
  date: "string",
  time: "string",
  timetz: "string",
  tstzrange: "string",
  // Neither driver parses numeric (pg would lose digits in a float): it reads as its text.
  numeric: "string",
  int2: "number",
  int4: "number",
  int8: "number",
  bool: "boolean",
  timestamptz: "Date",
  timestamp: "Date",
  bytea: "bytes",
  // A JSON column reads back as whatever was stored; database.ts names the shape.
  json: "any",
  jsonb: "any",
};

function kindOfUdt(udt: string): Kind | "any" {
  if (udt.startsWith("_")) {
    const element = kindOfUdt(udt.slice(1));
    return element === "any" ? "any" : `${element}[]`;
  }
  return KIND_OF_UDT[udt] ?? `other(${udt})`;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  is_nullable: "YES" | "NO";
  udt_name: string;
  column_default: string | null;
  is_identity: "YES" | "NO";
  identity_generation: "ALWAYS" | "BY DEFAULT" | null;
  is_generated: "ALWAYS" | "NEVER";
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function actualSchema(db: Kysely<any>) {
  const { rows } = await sql<ColumnRow>`
    SELECT c.table_name, c.column_name, c.is_nullable, c.udt_name, c.column_default, c.is_identity, c.identity_generation, c.is_generated
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, Map<string, Actual>>();
  for (const row of rows) {
    if (IGNORED_TABLES.has(row.table_name)) continue;
    const columns = tables.get(row.table_name) ?? new Map<string, Actual>();
    columns.set(row.column_name, {
      kind: kindOfUdt(row.udt_name),
      nullable: row.is_nullable === "YES",
      hasDefault: row.column_default !== null || row.is_identity === "YES",
      // A stored generated column, or an identity that refuses inserted values.
      generatedAlways: row.is_generated === "ALWAYS" || row.identity_generation === "ALWAYS",
    });
    tables.set(row.table_name, columns);
  }
  return tables;
}

const nullability = (nullable: boolean) => (nullable ? "nullable" : "not null");

/** Every way the declaration and the database disagree, one line each. */
function differences(declared: Map<string, Map<string, Declared>>, actual: Map<string, Map<string, Actual>>): string[] {
  const out: string[] = [];
  for (const table of [...new Set([...declared.keys(), ...actual.keys()])].sort()) {
    const mine = declared.get(table);
    const theirs = actual.get(table);
    if (!mine) {
      out.push(`${table}: declared missing, database has the table`);
      continue;
    }
    if (!theirs) {
      out.push(`${table}: declared a table, database has none`);
      continue;
    }
    for (const column of [...new Set([...mine.keys(), ...theirs.keys()])]) {
      const at = `${table}.${column}`;
      const d = mine.get(column);
      const a = theirs.get(column);
      if (!d) {
        out.push(`${at}: declared missing, database ${a?.kind} ${nullability(a?.nullable ?? false)}`);
        continue;
      }
      if (!a) {
        out.push(`${at}: declared ${d.kind}, database has no such column`);
        continue;
      }
      if (a.kind !== "any" && d.kind !== a.kind) out.push(`${at}: declared ${d.kind}, database ${a.kind}`);
      if (d.nullable !== a.nullable) out.push(`${at}: declared ${nullability(d.nullable)}, database ${nullability(a.nullable)}`);
      if (a.generatedAlways) {
        if (!d.neverInserted) out.push(`${at}: declared insertable, database generates it always (GeneratedAlways<>)`);
      } else if (d.neverInserted) {
        out.push(`${at}: declared GeneratedAlways<>, database takes inserted values`);
      } else if (a.hasDefault && !a.nullable && !d.optionalOnInsert) {
        out.push(`${at}: declared required on insert, database has a default (Generated<>)`);
      } else if (!a.hasDefault && !a.nullable && d.optionalOnInsert) {
        out.push(`${at}: declared optional on insert (Generated<>), database has no default`);
      }
    }
  }
  return out;
}

// Read once: the compiler pass is the slow part, and database.ts is the same for every dialect.
let declared: Map<string, Map<string, Declared>> | undefined;

describe.each(testDialects())("database.ts against the migrated schema on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it("declares every table and column the migrations make, with the same types, nullability and defaults", async () => {
    const found = differences((declared ??= declaredSchema()), await actualSchema(handle.db));
    expect(found, `database.ts differs from the migrated schema:\n  ${found.join("\n  ")}\n`).toEqual([]);
  });
});
