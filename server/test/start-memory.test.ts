import { getHeapSpaceStatistics } from 'node:v8';
import { expect, it } from 'vitest';
import { releaseStartMemory } from '../src/kernel/start-memory';

const newSpaceMb = () =>
  (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20;

it('gives back the young generation a start grew: it is at its smallest afterwards', async () => {
  // As a start does: many objects, a share of them kept for a while, so V8 grows the young generation.
  let kept: object[] = [];
  for (let i = 0; i < 2_000_000; i++) {
    const o = { i, text: `row ${i}` };
    if (i % 3 === 0) kept.push(o);
    if (kept.length > 50_000) kept = [];
  }
  expect(kept.length).toBeGreaterThan(0);
  const grown = newSpaceMb();
  expect(grown).toBeGreaterThan(4);
  await releaseStartMemory();
  expect(newSpaceMb()).toBeLessThan(grown / 4);
});
