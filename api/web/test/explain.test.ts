// The reach-difference pictures of a reviewed move and their captions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameRecord, MoveReview } from '../src/api.js';
import { explainMove, playoutText } from '../src/explain.js';

const record: GameRecord = { rules: { players: 2, opening: 'four-stone' }, moves: ['D4', 'A1', 'A2', 'D2', 'D4-D4:N'] };

// query reads a picture's URL back into its parameters.
function query(url: string): Record<string, string> {
  assert.ok(url.startsWith('/v1/render/board.svg?'), url);
  return Object.fromEntries(new URLSearchParams(url.slice(url.indexOf('?') + 1)));
}

test('playoutText names every player in turn order and the winner', () => {
  const cases: [Parameters<typeof playoutText>[0], string][] = [
    [undefined, ''],
    [{ territory: { blue: 18, red: 20 }, winner: 'red' }, 'Played out to the end: Red 20, Blue 18 (red wins).'],
    [{ territory: { red: 19, blue: 19 }, winner: 'draw' }, 'Played out to the end: Red 19, Blue 19 (a draw).'],
    [{ territory: { yellow: 4, green: 9, red: 12, blue: 10 }, winner: 'red' }, 'Played out to the end: Red 12, Blue 10, Green 9, Yellow 4 (red wins).'],
  ];
  for (const [p, want] of cases) assert.equal(playoutText(p), want);
});

test('explainMove draws the move played and the best on the position before the move', () => {
  const m: MoveReview = {
    move: 'D4-D4:N', player: 'red', playedWinrate: 0.41, bestMove: 'D4-D5:E', bestWinrate: 0.55,
    explanation: {
      text: 'D4-D4:N gives C5 to Blue.',
      played: { move: 'D4-D4:N', playout: { territory: { red: 17, blue: 21 }, winner: 'blue' } },
      best: { move: 'D4-D5:E', playout: { territory: { red: 22, blue: 16 }, winner: 'red' } },
    },
  };
  const ex = explainMove(record, 4, m);
  assert.ok(ex);
  assert.equal(ex.text, 'D4-D4:N gives C5 to Blue.');
  assert.deepEqual(query(ex.played.url), {
    record: JSON.stringify(record), turn: '4', last: 'false', reachDiff: 'D4-D4:N', played: 'D4-D4:N@0.41',
  });
  assert.equal(ex.played.caption, 'Played D4-D4:N. Played out to the end: Red 17, Blue 21 (blue wins).');
  assert.equal(ex.played.alt, 'What D4-D4:N changes in reachability');
  assert.ok(ex.best);
  assert.deepEqual(query(ex.best.url), {
    record: JSON.stringify(record), turn: '4', last: 'false', reachDiff: 'D4-D5:E', candidates: 'D4-D5:E@0.55',
  });
  assert.equal(ex.best.move, 'D4-D5:E');
  assert.equal(ex.best.caption, 'Best D4-D5:E. Played out to the end: Red 22, Blue 16 (red wins).');
});

test('explainMove: no best picture when the best was played, nothing without an explanation', () => {
  const best = explainMove(record, 0, { move: 'D4', playedWinrate: 0.5, explanation: { text: 'D4 holds the centre.', played: { move: 'D4' } } });
  assert.ok(best);
  assert.equal(best.best, null);
  assert.equal(best.played.caption, 'Played D4.');
  assert.equal(query(best.played.url).turn, '0');
  assert.equal(explainMove(record, 0, { move: 'D4' }), null);
});
