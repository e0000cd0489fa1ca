import { describe, expect, it } from 'vitest';
import { ByteLru } from './lru';

const item = (bytes: number) => ({ bytes });

describe('ByteLru', () => {
  it('evicts the entries used longest ago once past its byte budget', () => {
    const lru = new ByteLru(30);
    lru.set('a', item(10));
    lru.set('b', item(10));
    lru.set('c', item(10));
    // Reading a makes b the oldest.
    expect(lru.get('a')).toEqual(item(10));
    lru.set('d', item(10));
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([item(10), item(10), item(10)]);
    expect(lru.bytes).toBe(30);
    // A large entry pushes out as many of the oldest as it needs: a, then c.
    lru.get('d');
    lru.set('e', item(20));
    expect(lru.get('a')).toBeUndefined();
    expect(lru.get('c')).toBeUndefined();
    expect(lru.get('d')).toEqual(item(10));
    expect(lru.size).toBe(2);
    expect(lru.bytes).toBe(30);
  });

  it('replaces an entry set again, refuses one larger than the budget, and clears', () => {
    const lru = new ByteLru(30);
    lru.set('a', item(10));
    lru.set('a', item(25));
    expect(lru.bytes).toBe(25);
    expect(lru.size).toBe(1);
    lru.set('huge', item(31));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('a')).toEqual(item(25));
    lru.delete('a');
    expect(lru.bytes).toBe(0);
    lru.set('b', item(5));
    lru.clear();
    expect([lru.size, lru.bytes, lru.get('b')]).toEqual([0, 0, undefined]);
  });
});
