import { TtlLru } from './cache.js';

describe('TtlLru', () => {
  it('forgets entries after the time to live', () => {
    let now = 1000;
    const cache = new TtlLru<string, number>(10, 2000, () => now);
    cache.set('a', 1);
    now += 1999;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps null values (a known "no session" answer) apart from misses', () => {
    const cache = new TtlLru<string, number | null>(10, 2000);
    cache.set('gone', null);
    expect(cache.get('gone')).toBeNull();
    expect(cache.get('never')).toBeUndefined();
  });

  it('stays within its bound, dropping the least recently used entry', () => {
    const cache = new TtlLru<string, number>(3, 60_000);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
  });

  it('deletes and clears', () => {
    const cache = new TtlLru<string, number>(3, 60_000);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
