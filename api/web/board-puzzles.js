// board-puzzles.js: puzzles from a review's mistakes, on the board. The
// review's puzzles (GET /v1/reviews/{id}/puzzles) are listed under the
// review; choosing one shows its position with the live analysis hidden.
// A move that is not the answer is taken back ("try again"); the answer
// is confirmed and the engine's reply from the solution's line is played;
// "Show the answer" plays it for you.
'use strict';
window.WZ = window.WZ || {};
(() => {
  const $ = (id) => document.getElementById(id);
  const pct = (v) => (100 * v).toFixed(0) + '%';

  // active is the puzzle being solved, node its position in the tree.
  const puzzle = { set: null, active: null, node: null, tries: 0, done: false };
  WZ.puzzle = puzzle;

  // load fetches and lists the puzzles of the review shown.
  async function load() {
    const list = $('puzzle-list');
    list.textContent = '';
    document.body.dataset.puzzles = 'loading';
    try {
      puzzle.set = await WZ.api.puzzles(WZ.review.id);
    } catch (e) {
      WZ.app.showError('Puzzles: ' + e.message);
      document.body.dataset.puzzles = 'error';
      return;
    }
    const ps = puzzle.set.puzzles || [];
    ps.forEach((p, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.puzzle = String(i);
      b.textContent = `Move ${p.ply + 1}: ${p.player} to play`;
      b.addEventListener('click', () => begin(i));
      li.append(b, ` (the game's ${p.played} lost ${pct(p.loss)})`);
      list.append(li);
    });
    const skipped = (puzzle.set.skipped || []).length;
    const li = document.createElement('li');
    li.className = 'muted';
    li.textContent = ps.length
      ? `${ps.length} puzzle${ps.length > 1 ? 's' : ''}; ${skipped} other mistake${skipped === 1 ? '' : 's'} had no clear answer.`
      : `No puzzles: ${skipped ? `the ${skipped} mistake${skipped === 1 ? '' : 's'} had no single clear answer` : 'no mistakes'}.`;
    list.append(li);
    document.body.dataset.puzzles = 'ready';
  }

  // nodeAt is the reviewed game's node after ply moves.
  const nodeAt = (ply) => (ply <= 0 ? WZ.app.tree.root : WZ.review.nodes[ply - 1]);

  // begin shows puzzle i's position.
  function begin(i) {
    const p = puzzle.set.puzzles[i];
    puzzle.active = p;
    puzzle.node = nodeAt(p.ply);
    puzzle.tries = 0;
    puzzle.done = false;
    $('puzzle-play').hidden = false;
    $('puzzle-reveal').disabled = false;
    status(`${p.player} to play: find the move that keeps the advantage.`, 'open');
    WZ.app.goto(puzzle.node);
  }

  // leave ends the puzzle and shows the live analysis again.
  function leave() {
    puzzle.active = null;
    puzzle.node = null;
    $('puzzle-play').hidden = true;
    document.body.dataset.puzzle = 'none';
    WZ.app.goto(WZ.app.cur);
  }

  function status(text, state) {
    $('puzzle-status').textContent = text;
    document.body.dataset.puzzle = state;
  }

  // onPosition judges a move played from the puzzle's position.
  function onPosition(pos, node) {
    const p = puzzle.active;
    if (!p || puzzle.done || node.parent !== puzzle.node) return;
    if (node.move === p.solution) {
      puzzle.done = true;
      $('puzzle-reveal').disabled = true;
      const ex = p.explanation && p.explanation.text ? ' ' + p.explanation.text : '';
      const how = puzzle.revealed ? 'The answer' : puzzle.tries ? `Solved after ${puzzle.tries} ${puzzle.tries > 1 ? 'tries' : 'try'}` : 'Solved';
      const reply = (p.line || [])[1];
      status(`${how}: ${p.solution}${p.proven ? ' (the only proven win)' : `, ${pct(p.margin)} better than anything else`}.` +
        (reply ? ` The engine answers ${reply}.` : '') + ex, 'solved');
      if (reply) setTimeout(() => { if (WZ.app.cur === node) WZ.app.playMove(reply); }, 400);
      return;
    }
    puzzle.tries++;
    status(`${node.move} is not it${node.move === p.played ? ' (it is what the game played)' : ''}: try again.`, 'wrong');
    // Take the try back, unless it is the game's own move (kept in the tree).
    if (WZ.review.nodes.indexOf(node) < 0) WZ.app.goto(WZ.app.tree.remove(node));
    else WZ.app.goto(puzzle.node);
  }

  // reveal plays the answer.
  function reveal() {
    const p = puzzle.active;
    if (!p || puzzle.done) return;
    puzzle.revealed = true;
    WZ.app.goto(puzzle.node).then(() => WZ.app.playMove(p.solution));
  }

  document.addEventListener('DOMContentLoaded', () => {
    WZ.app.hooks.push(onPosition);
    $('review-puzzles').addEventListener('click', load);
    $('puzzle-reveal').addEventListener('click', reveal);
    $('puzzle-leave').addEventListener('click', leave);
  });
})();
