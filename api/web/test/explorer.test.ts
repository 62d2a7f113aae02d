// The opening explorer's address, heat map and keyboard cursor.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellText, cursorFor, explorerQuery, heat, metricOf, moveCursor, pct, ranked, readAddress } from '../src/explorer.js';

test('readAddress and explorerQuery round-trip the node shown', () => {
  assert.deepEqual(readAddress(''), { opening: 'four-stone', moves: [] });
  assert.deepEqual(readAddress('?opening=empty&moves=C3,E5'), { opening: 'empty', moves: ['C3', 'E5'] });
  assert.deepEqual(readAddress('?opening=bogus&moves=%20'), { opening: 'four-stone', moves: [] });
  assert.equal(explorerQuery({ opening: 'four-stone', moves: [] }), 'opening=four-stone');
  const a = { opening: 'empty' as const, moves: ['D4', 'C3'] };
  assert.equal(explorerQuery(a), 'opening=empty&moves=D4%2CC3');
  assert.deepEqual(readAddress('?' + explorerQuery(a)), a);
});

test('the heat map: colours, numbers and unknown win rates', () => {
  assert.equal(heat('prior', 0.25), 'rgba(42,157,63,0.500)');
  assert.equal(heat('prior', 4), 'rgba(42,157,63,1.000)');
  assert.equal(heat('winrate', 0.5), 'rgba(215,38,61,0.000)');
  assert.equal(heat('winrate', 0.6), 'rgba(215,38,61,0.400)');
  assert.equal(heat('winrate', 0.1), 'rgba(27,101,201,1.000)');
  assert.equal(heat('winrate', null), '#fff');
  const p = { move: 'C3', prior: 0.125 };
  assert.equal(metricOf(p, 'prior'), 0.125);
  assert.equal(metricOf(p, 'winrate'), null);
  assert.equal(cellText(0.125), '12.5');
  assert.equal(cellText(null), '–');
  assert.equal(pct(0.5), '50.0%');
  assert.equal(pct(undefined), '–');
});

test('the cursor stays on a placement or moves to the most likely one', () => {
  const step = { placements: [{ move: 'C3', prior: 0.2 }, { move: 'E5', prior: 0.5 }, { move: 'A1', prior: 0.3 }] };
  assert.equal(cursorFor(step, 16), 16); // C3
  assert.equal(cursorFor(step, 24), 32); // D4 is no placement: E5
  assert.equal(cursorFor({ placements: [] }, 24), 24);
  assert.deepEqual(ranked(step).map((p) => p.move), ['E5', 'A1', 'C3']);
});

test('moveCursor: arrow keys, rows upward, the edges hold', () => {
  const cases: [number, string, number | null][] = [
    [24, 'ArrowUp', 31], [24, 'ArrowDown', 17], [24, 'ArrowLeft', 23], [24, 'ArrowRight', 25],
    [21, 'ArrowLeft', 21], [27, 'ArrowRight', 27], [3, 'ArrowDown', 3], [45, 'ArrowUp', 45], [24, 'Enter', null],
  ];
  for (const [from, key, want] of cases) assert.equal(moveCursor(from, key), want, `${from} ${key}`);
});
