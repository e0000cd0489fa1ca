/**
 * A least-recently-used map bounded by the bytes of its values: adding past
 * the budget evicts the entries used longest ago. `Map` keeps insertion
 * order, so a hit is moved to the end by deleting and setting it again.
 */
export class ByteLru<V extends { bytes: number }> {
  private readonly map = new Map<string, V>();
  private used = 0;

  constructor(private readonly budget: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    if (value.bytes > this.budget) return;
    this.map.set(key, value);
    this.used += value.bytes;
    for (const [oldest, old] of this.map) {
      if (this.used <= this.budget) break;
      this.map.delete(oldest);
      this.used -= old.bytes;
    }
  }

  delete(key: string): void {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.map.delete(key);
    this.used -= old.bytes;
  }

  clear(): void {
    this.map.clear();
    this.used = 0;
  }

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.used;
  }
}
