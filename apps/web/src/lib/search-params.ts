/**
 * Route search parameters checked without the validation library: `validateSearch` runs in the first
 * download, before any route's code loads, so it must stay zod-free (docs/decisions.md, "Performance").
 * Anything unexpected is dropped, as `.optional().catch(undefined)` did: a bad link opens the page unfiltered.
 */

// The same shape zod's uuid() accepts (RFC 9562 version and variant digits, or the nil and max ids).
const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const searchParam = {
  oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
    return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
  },
  uuid(value: unknown): string | undefined {
    return typeof value === "string" && UUID.test(value) ? value : undefined;
  },
  /** A calendar day, YYYY-MM-DD. */
  day(value: unknown): string | undefined {
    return typeof value === "string" && DAY.test(value) ? value : undefined;
  },
  text(value: unknown, max: number): string | undefined {
    return typeof value === "string" && value.length <= max ? value : undefined;
  },
};

/** Leaves out the parameters that were missing or refused, so the URL and the loader deps stay clean. */
export function definedOnly<T extends Record<string, unknown>>(search: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** The URL's parameters with `changes` applied, a cleared filter (undefined or "") left out. */
export function withChanges<T extends Record<string, unknown>>(previous: T, changes: Partial<T>): T {
  return Object.fromEntries(Object.entries({ ...previous, ...changes }).filter(([, value]) => value !== undefined && value !== "")) as T;
}

/** A sort in the URL, the list's default left out (so the plain URL stays plain). */
export const sortParam = <S extends string, D extends S>(value: unknown, sorts: readonly S[], fallback: D) => {
  const sort = searchParam.oneOf(value, sorts);
  return sort === fallback ? undefined : (sort as Exclude<S, D> | undefined);
};
