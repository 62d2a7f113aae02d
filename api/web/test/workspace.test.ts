// The workspace pages' pure parts: the trend plots' scaling, the drill
// schedule in words, the import's preview, rejection and progress, and
// the export's file name and line count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countLines, fileName } from '../src/workspace/export.js';
import { detect, duration, preview, problemWords, progressWords, rejected } from '../src/workspace/importlines.js';
import { FRAME, niceRange, niceStep, scale, shape } from '../src/workspace/plot.js';
import { changeWords, dayLabel, dueWords, order } from '../src/workspace/schedule.js';

test('scale and niceRange', () => {
  assert.equal(scale(0, 10, 0, 100)(2.5), 25);
  assert.equal(scale(5, 5, 0, 100)(5), 50);
  assert.equal(niceStep(100, 4), 50);
  assert.equal(niceStep(0.9, 4), 0.5);
  assert.deepEqual(niceRange(62.3, 91.7), { lo: 60, hi: 100, ticks: [60, 70, 80, 90, 100] });
  assert.deepEqual(niceRange(0.13, 0.42).ticks, [0.1, 0.2, 0.3, 0.4, 0.5]);
  assert.deepEqual(niceRange(3, 3).ticks, [2.6, 2.8, 3, 3.2, 3.4]);
});

test('shape places the games along x and the values on y, with gaps', () => {
  const s = shape([80, null, 90, 100], FRAME, { floor: 0, ceil: 100 });
  assert.equal(s.points.length, 3);
  const [a, b, c] = s.points;
  assert.equal(a.x, FRAME.left);
  assert.equal(c.x, FRAME.width - FRAME.right);
  assert.equal(c.y, FRAME.top); // 100 at the top
  assert.ok(a.y > b.y && b.y > c.y);
  assert.match(s.path, /^M[\d.]+,[\d.]+M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/); // broken at the missing game
  assert.deepEqual(s.xTicks.map((t) => t.label), ['1', '2', '4']);
  assert.ok(s.yTicks.every((t) => t.v >= 80 && t.v <= 100));
  assert.deepEqual(shape([null, undefined]).points, []);
  assert.equal(shape([5]).points[0].x, FRAME.left);
});

test('dueWords and changeWords', () => {
  const now = new Date('2026-12-06T12:00:00Z');
  assert.equal(dueWords(new Date('2026-12-06T11:00:00Z'), now), 'due now');
  assert.equal(dueWords(new Date('2026-12-06T12:10:00Z'), now), 'due in 10 minutes');
  assert.equal(dueWords(new Date('2026-12-06T15:00:00Z'), now), 'due in 3 hours');
  assert.equal(dueWords(new Date('2026-12-07T12:00:00Z'), now), 'due tomorrow (7 Dec 2026)');
  assert.equal(dueWords(new Date('2026-12-09T12:00:00Z'), now), 'due in 3 days (9 Dec 2026)');
  assert.equal(dayLabel(new Date('2027-01-01T00:00:00Z')), '1 Jan 2027');
  assert.equal(changeWords('good', { due: '2026-12-06T11:00:00Z' }, { due: '2026-12-09T12:00:00Z', state: { stability: 3.17 } }, now),
    'good: due now → due in 3 days (9 Dec 2026), stability 3.2 days');
  assert.equal(changeWords('again', {}, {}, now), 'again: new → unscheduled');
});

test('order puts the cards due first', () => {
  const now = new Date('2026-12-06T12:00:00Z');
  const cards = [{ due: '2026-12-08T00:00:00Z' }, { due: '2026-12-06T10:00:00Z' }, { due: '2026-12-07T00:00:00Z' }, { due: '2026-12-05T00:00:00Z' }];
  assert.deepEqual(order(cards, now).map((c) => c.due), ['2026-12-05T00:00:00Z', '2026-12-06T10:00:00Z', '2026-12-07T00:00:00Z', '2026-12-08T00:00:00Z']);
});

test('preview reads JSON lines and WGF', () => {
  const text = '{"rules":{"players":2},"moves":["C3"],"players":{"red":"Ana","blue":"Ben"}}\n\n# a comment\n{"moves":[], "players":{"blue":"Ana","red":"Cleo"}}\n{oops\n[1]\n';
  const p = preview(text);
  assert.equal(p.format, 'jsonl');
  assert.equal(p.games, 4);
  assert.deepEqual(p.names, ['Ana', 'Ben', 'Cleo']);
  assert.deepEqual(p.problems.map((x) => [x.line, x.message.slice(0, 8)]), [[5, 'not JSON'], [6, 'not a JS']]);
  assert.equal(detect('\n  WGF1 ...'), 'wgf');
  assert.deepEqual(preview('a\nb\n', 'wgf'), { format: 'wgf', games: 2, names: [], problems: [] });
});

test('rejected splits the server message into its lines', () => {
  const msg = 'body: 2 bad line(s), nothing imported (onError=skip imports the good lines): line 3 moves[4]: "E5-E9:N": square "E9": row must be 1-7; line 7: not JSON; a; b';
  const lines = rejected(msg);
  assert.deepEqual(lines, [
    { line: 3, field: 'moves[4]', message: '"E5-E9:N": square "E9": row must be 1-7' },
    { line: 7, field: undefined, message: 'not JSON; a; b' },
  ]);
  assert.equal(problemWords(lines[0]), 'line 3 moves[4]: "E5-E9:N": square "E9": row must be 1-7');
  assert.deepEqual(rejected('body: too large'), []);
});

test('progressWords and duration', () => {
  assert.equal(duration(45), '45 s');
  assert.equal(duration(185), '3 min 5 s');
  assert.equal(duration(7440), '2 h 4 min');
  assert.equal(progressWords({}), 'No games yet.');
  assert.equal(progressWords({ done: 12, total: 30, fraction: 0.414, secondsLeft: 65 }), '12 of 30 games reviewed (41% of the positions), about 1 min 5 s left');
  assert.equal(progressWords({ done: 2, total: 30, fraction: 0 }), '2 of 30 games reviewed (0% of the positions), estimating the time left');
  assert.equal(progressWords({ done: 28, total: 30, failed: 1, cancelled: 1, fraction: 1, finished: true }), '28 of 30 games reviewed; 1 failed, 1 cancelled.');
});

test('the export: fileName and countLines', () => {
  assert.equal(fileName('Ana'), 'Ana-games.jsonl');
  assert.equal(fileName(' Zoë van Dam/2 '), 'Zoë-van-Dam-2-games.jsonl');
  assert.equal(fileName('../'), 'player-games.jsonl');
  assert.equal(countLines('{"a":1}\n{"b":2}\n'), 2);
  assert.equal(countLines(''), 0);
  assert.throws(() => countLines('{"a":1}\n[1]\n'), /line 2 of the export is not a JSON object/);
  assert.throws(() => countLines('{"a":1\n'), /line 1 /);
});
