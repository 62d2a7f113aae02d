// Records in text, level words and the review's numbers in words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { costText, curvePly, decidedText, lossText, playersOf, proofText, ratingText, reviewLine } from '../src/format.js';
import { levelText } from '../src/level.js';
import { annotatedReview, moveLabel, parseRecordJSON, readFragment } from '../src/records.js';
import { Tree } from '../src/tree.js';

test('annotatedReview comments every move', () => {
  const rec = { rules: { players: 2 }, moves: ['D4', 'A1'] };
  const r = {
    visits: 200, model: 'm', accuracy: { red: 91.25, blue: 80 },
    moves: [
      { player: 'red', move: 'D4', classification: 'best', loss: 0 },
      { player: 'blue', move: 'A1', classification: 'mistake', loss: 0.125, bestMove: 'D2', bestWinrate: 0.5, explanation: { text: 'a  corner\nis poor' } },
    ],
  };
  assert.equal(annotatedReview('r1', r, rec), [
    '# WallZero review r1 (200 visits a position, model m)',
    '# accuracy: red 91.3%, blue 80.0%',
    '# rules: {"players":2}',
    'D4  # 1. red: best',
    'A1  # 2. blue: mistake; loses 12.5%; best D2 (50.0%); a corner is poor',
  ].join('\n') + '\n');
});

test('moveLabel names the mover and a skipped turn', () => {
  const t = new Tree({});
  const a = t.play(t.root, 'D4');
  a.mover = 'red';
  assert.equal(moveLabel(a, 1), '1. R D4');
  assert.equal(moveLabel(t.skip(a, {}), 2), '2. (time out: turn skipped)');
});

test('parseRecordJSON says what is wrong', () => {
  assert.throws(() => parseRecordJSON('{moves: oops'), /not valid JSON/);
  assert.throws(() => parseRecordJSON('[1]'), /JSON object/);
  assert.deepEqual(parseRecordJSON('{"moves": ["D4"]}'), { moves: ['D4'] });
});

test('readFragment finds share links and reviews', () => {
  assert.deepEqual(readFragment('#g=abc_-1'), { share: 'abc_-1' });
  assert.deepEqual(readFragment('#review=a%2Fb'), { review: 'a/b' });
  assert.deepEqual(readFragment('#g=bad!'), {});
  assert.deepEqual(readFragment(''), {});
});

test('levelText words the ladder', () => {
  const checked = ['Beginner', 'Club', 'Expert'];
  const cases: [string[], number, string][] = [
    [checked, 0.5, 'found by every level (prior 50%, 10 visits)'],
    [['Expert'], 0.005, 'found only by Expert (prior 0.5%, 10 visits)'],
    [['Club', 'Expert'], 0.03, 'found by Club and up (prior 3%, 10 visits)'],
    [['Beginner', 'Expert'], 0.03, 'found by Beginner, Expert (prior 3%, 10 visits)'],
    [[], 0.03, 'found by no level (prior 3%, 10 visits)'],
  ];
  for (const [finders, bestPrior, want] of cases) {
    assert.equal(levelText({ level: { finders, checked, bestPrior, visitsToFind: 10 } }), want);
  }
  assert.equal(levelText({}), '');
});

test('losses, costs, proofs and ratings in words', () => {
  assert.equal(lossText({ loss: 0.12, pointsLoss: 3.46 }), 'loses 12.0% and 3.5 points');
  assert.equal(lossText({ loss: 0, pointsLoss: 12 }), 'loses 12.0 points');
  assert.equal(lossText({ loss: 0.0001, pointsLoss: 0.01 }), '');
  assert.equal(costText({ cost: 0.24, pointsLoss: 3.5 }), 'cost 24.0%, 3.5 points lost');
  assert.equal(costText({}), '');
  assert.equal(proofText({ result: 'win', margin: -3 }), 'proven win by 3');
  assert.equal(proofText({ result: 'draw', margin: 0 }), 'proven draw');
  assert.equal(ratingText({ red: { rating: 1203.4, interval: [1100, 1300.6] } }), 'Rating estimate: red 1203 (95%: 1100 to 1301)');
  assert.deepEqual(playersOf({ accuracy: { blue: 1, red: 2 } }), ['red', 'blue']);
  assert.equal(reviewLine(47, { player: 'red', move: 'A2-B3:W', classification: 'blunder', loss: 0, pointsLoss: 12,
    bestMove: 'A2-A3:S', bestWinrate: 0, bestScoreLead: -8, playedScoreLead: -20 }),
  '47. red A2-B3:W: blunder, loses 12.0 points; best was A2-A3:S (0.0% for red, lead -8.0 points against -20.0 played).');
  assert.equal(reviewLine(3, { player: 'blue', move: 'E5', classification: 'best', bestMove: 'E5', proof: { result: 'win', margin: 3 } }),
    '3. blue E5: best; the engine agrees. Before it blue has a proven win by 3.');
  assert.equal(decidedText({ moves: [{ player: 'red' }, { player: 'blue', proof: { result: 'loss' } }, { player: 'red', proof: { result: 'win' } }] }),
    ' — decided at move 2 (proven loss for blue)');
  assert.equal(decidedText({ moves: [{ player: 'red' }] }), '');
  assert.equal(curvePly(52 / 640, 20), 0);
  assert.equal(curvePly(624 / 640, 20), 20);
  assert.equal(curvePly(1, 20), 20);
});
