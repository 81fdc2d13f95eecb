/**
 * A Map that forgets its least recently used entries: beyond `maxEntries`, or beyond `maxWeight`
 * when entries are weighed (`weigh`, e.g. bytes). Memory held per process stays bounded whatever
 * the traffic (docs/decisions.md, "Session cache").
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(private readonly limits: { maxEntries: number; maxWeight?: number; weigh?: (value: V) => number }) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, now the most recently used; undefined when not held. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Holds the value as the most recently used, then forgets the oldest while over a limit. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.limits.weigh?.(value) ?? 0;
    if (this.limits.maxWeight !== undefined && weight > this.limits.maxWeight) return;
    this.entries.set(key, value);
    this.weight += weight;
    while (this.entries.size > this.limits.maxEntries || (this.limits.maxWeight !== undefined && this.weight > this.limits.maxWeight)) {
      this.delete(this.entries.keys().next().value as K);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.weight -= this.limits.weigh?.(value) ?? 0;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}
