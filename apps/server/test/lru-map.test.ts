import { describe, expect, it } from "vitest";
import { LruMap } from "../src/lru-map";

describe("LruMap, the bound of the server's in-memory caches", () => {
  it("forgets the least recently used entry beyond its count; reading an entry makes it recent", () => {
    const map = new LruMap<string, number>({ maxEntries: 2 });
    map.set("a", 1);
    map.set("b", 2);
    expect(map.get("a")).toBe(1);
    map.set("c", 3);
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual([1, undefined, 3]);
    expect(map.size).toBe(2);
  });

  it("keeps the weight of what it holds under its limit, and refuses one entry heavier than all of it", () => {
    const map = new LruMap<string, string>({ maxEntries: 100, maxWeight: 10, weigh: (v) => v.length });
    map.set("a", "xxxx");
    map.set("b", "xxxx");
    map.set("c", "xxxx"); // 12 > 10: the oldest goes
    expect([map.has("a"), map.has("b"), map.has("c")]).toEqual([false, true, true]);
    map.set("b", "x"); // replacing counts the new weight only: 5
    map.set("d", "xxxx"); // 9
    expect([map.has("b"), map.has("c"), map.has("d")]).toEqual([true, true, true]);
    map.set("huge", "x".repeat(11));
    expect(map.has("huge")).toBe(false);
    expect(map.size).toBe(3);
    map.delete("c");
    map.clear();
    expect(map.size).toBe(0);
    map.set("e", "x".repeat(10));
    expect(map.get("e")).toHaveLength(10);
  });

  it("keeps nothing with a weight limit of 0", () => {
    const map = new LruMap<string, string>({ maxEntries: 100, maxWeight: 0, weigh: (v) => v.length });
    map.set("a", "x");
    expect(map.size).toBe(0);
  });
});
