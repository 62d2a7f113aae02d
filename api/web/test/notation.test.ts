// Move parsing, squares and walls.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonical, centreDistance, groupMoves, index, neighbour, nextColour, parseMove, squares, stripColour } from '../src/notation.js';

test('parseMove reads every kind of move and refuses the rest', () => {
  const cases: [string, ReturnType<typeof parseMove>][] = [
    ['C3', { kind: 'place', to: 'C3' }],
    ['E5-E4:N', { kind: 'turn', from: 'E5', to: 'E4', side: 'N' }],
    ['R E5-E5:W', { kind: 'turn', from: 'E5', to: 'E5', side: 'W' }],
    ['xD4:E', { kind: 'break', to: 'D4', side: 'E' }],
    [' B2 ', { kind: 'place', to: 'B2' }],
    ['H1', null],
    ['E5-E4', null],
    ['xD4', null],
    ['', null],
  ];
  for (const [m, want] of cases) assert.deepEqual(parseMove(m), want, m);
});

test('squares, neighbours and canonical walls', () => {
  assert.equal(squares.length, 49);
  assert.equal(squares[0], 'A1');
  assert.equal(squares[48], 'G7');
  assert.equal(index('C2'), 9);
  assert.equal(neighbour('A1', 'W'), null);
  assert.equal(neighbour('A1', 'N'), 'A2');
  assert.equal(canonical('C4', 'S'), 'C3:N');
  assert.equal(canonical('C4', 'W'), 'B4:E');
  assert.equal(canonical('A4', 'W'), null);
  assert.equal(canonical('C4', 'E'), 'C4:E');
});

test('groupMoves sorts legal moves by what a click selects', () => {
  const g = groupMoves(['C3', 'E5-E4:N', 'E5-E4:S', 'E5-E5:W', 'xD4:E', 'junk']);
  assert.deepEqual([...g.place], ['C3']);
  assert.deepEqual(g.turns, { E5: { E4: ['N', 'S'], E5: ['W'] } });
  assert.deepEqual([...g.breaks], ['D4:E']);
});

test('colours, prefixes and the centre', () => {
  assert.equal(nextColour('red', 2), 'blue');
  assert.equal(nextColour('blue', 2), 'red');
  assert.equal(nextColour('green', 4), 'yellow');
  assert.equal(stripColour('R E5-E4:N'), 'E5-E4:N');
  assert.equal(stripColour('E5-E4:N'), 'E5-E4:N');
  const free = ['A1', 'D5', 'D4', 'C4'].sort((a, b) => centreDistance(a) - centreDistance(b));
  assert.equal(free[0], 'D4');
  assert.equal(free[3], 'A1');
});
