import { describe, expect, it } from 'vitest';
import { Memo } from '../src/kernel/memo';

const memo = () => new Memo<string, { v: number }>({ ttlMs: 60_000, max: 10 });

describe('Memo.getNow: a loaded value as it is, a loading one as its promise', () => {
  it('answers the promise while the value loads, then the value itself, loading once', async () => {
    const m = memo();
    let loads = 0;
    const load = async () => ({ v: ++loads });
    const first = m.getNow('a', load);
    expect(first).toBeInstanceOf(Promise);
    expect(m.getNow('a', load)).toBe(first);
    const value = await first;
    expect(m.getNow('a', load)).toBe(value);
    expect(value).toEqual({ v: 1 });
    expect(loads).toBe(1);
  });

  it('keeps no failed load: the next read loads again', async () => {
    const m = memo();
    await expect(m.getNow('a', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    const again = m.getNow('a', async () => ({ v: 2 }));
    expect(again).toBeInstanceOf(Promise);
    expect(await again).toEqual({ v: 2 });
    expect(m.getNow('a', async () => ({ v: 3 }))).toEqual({ v: 2 });
  });

  it('never answers a value whose load began before an invalidation', async () => {
    const m = memo();
    let finish!: (value: { v: number }) => void;
    const racing = m.getNow('a', () => new Promise((resolve) => (finish = resolve)));
    m.invalidate();
    finish({ v: 1 });
    await racing;
    const fresh = m.getNow('a', async () => ({ v: 2 }));
    expect(fresh).toBeInstanceOf(Promise);
    expect(await fresh).toEqual({ v: 2 });
    expect(m.getNow('a', async () => ({ v: 3 }))).toEqual({ v: 2 });
  });
});
