// The game tree and the share-link codec.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeTree, encodeTree, Tree } from '../src/tree.js';

const rules = { players: 2, opening: 'four-stone' as const };

test('play makes the main line, then variations, and reuses a move', () => {
  const t = new Tree(rules);
  const a = t.play(t.root, 'D4');
  const b = t.play(a, 'A1');
  const c = t.play(a, 'G7');
  assert.equal(t.play(a, 'A1'), b);
  assert.deepEqual(a.children, [b, c]);
  assert.equal(t.ply(c), 2);
  assert.deepEqual(t.record(c), { rules, moves: ['D4', 'G7'] });
  assert.ok(t.onMainLine(b));
  assert.equal(t.branchStart(c), c);
});

test('promote, remove and lineEnd', () => {
  const t = new Tree(rules);
  const a = t.play(t.root, 'D4');
  const b = t.play(a, 'A1');
  const c = t.play(a, 'G7');
  const d = t.play(c, 'A2');
  assert.equal(t.lineEnd(t.root), b);
  assert.ok(t.promote(d));
  assert.equal(t.lineEnd(t.root), d);
  assert.ok(!t.promote(d));
  assert.equal(t.remove(c), a);
  assert.deepEqual(a.children, [b]);
  assert.equal(t.remove(t.root), t.root);
});

test('a skipped turn restarts the record from its diagram', () => {
  const t = new Tree(rules);
  const a = t.play(t.root, 'D4');
  const diagram = { stones: { red: ['D4'], blue: [] }, toMove: 'red', phase: 'setup' };
  const s = t.skip(a, diagram);
  const b = t.play(s, 'A1');
  assert.deepEqual(t.record(b), { rules, board: diagram, moves: ['A1'] });
  assert.equal(t.ply(b), 3);
});

test('the share-link codec round-trips variations, skips and non-ASCII', () => {
  const t = new Tree({ ...rules, players: 3 }, { stones: { red: ['é'] } });
  const a = t.play(t.root, 'D4');
  t.play(a, 'A1');
  t.play(t.play(a, 'G7'), 'B2');
  t.skip(a, { toMove: 'blue' });
  const text = encodeTree(t);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  const back = decodeTree(text);
  assert.deepEqual(back.toJSON(), t.toJSON());
});

test('damaged trees are refused with a reason', () => {
  assert.throws(() => Tree.fromJSON(null), /not a game tree/);
  assert.throws(() => Tree.fromJSON({ tree: [[]] }), /bad tree node/);
  assert.throws(() => Tree.fromJSON({ tree: [[42]] }), /bad tree node/);
  assert.throws(() => decodeTree('bm90IGpzb24'), SyntaxError);
});

test('fromRecord builds one line and returns its end', () => {
  const { tree, end } = Tree.fromRecord({ rules, moves: ['D4', 'A1', 'A2'] });
  assert.equal(tree.ply(end), 3);
  assert.deepEqual(tree.mainRecord().moves, ['D4', 'A1', 'A2']);
});
