// puzzles.ts: the "Puzzles" mode, puzzles from a review's mistakes on the
// board. The review's puzzles (GET /v1/reviews/{id}/puzzles) are listed
// under the review; choosing one enters the mode and shows its position
// with the live analysis hidden. A move that is not the answer is taken
// back ("try again"); the answer is confirmed and the engine's reply from
// the solution's line is played; "Show the answer" plays it for you.
import { api, type Position, type Puzzle, type PuzzleSet } from '../api.js';
import type { Board } from '../board.js';
import { $, bodyState, button, el } from '../dom.js';
import { pct } from '../format.js';
import type { Mode } from '../mode.js';
import type { TreeNode } from '../tree.js';
import type { ReviewMode, ReviewState } from './review.js';

/** puzzlesMode makes the mode over the review shown. */
export function puzzlesMode(board: Board, review: ReviewMode, reviewed: ReviewState): Mode {
  let set: PuzzleSet | null = null;
  let active: Puzzle | null = null;
  let start: TreeNode | null = null;
  let tries = 0;
  let done = false;
  let revealed = false;

  const status = (text: string, state: string): void => {
    $('puzzle-status').textContent = text;
    bodyState('puzzle', state);
  };

  // load fetches and lists the puzzles of the review shown.
  const load = async (): Promise<void> => {
    const list = $('puzzle-list');
    list.textContent = '';
    bodyState('puzzles', 'loading');
    try {
      set = await api.puzzles(reviewed.id ?? '');
    } catch (e) {
      board.showError('Puzzles: ' + (e as Error).message);
      bodyState('puzzles', 'error');
      return;
    }
    const ps = set.puzzles ?? [];
    ps.forEach((p, i) => {
      const b = button(`Move ${(p.ply ?? 0) + 1}: ${p.player} to play`);
      b.dataset.puzzle = String(i);
      b.addEventListener('click', () => begin(i));
      const li = el('li');
      li.append(b, ` (the game's ${p.played} lost ${pct(p.loss, 0)})`);
      list.append(li);
    });
    const skipped = (set.skipped ?? []).length;
    const s = (n: number): string => (n === 1 ? '' : 's');
    list.append(el('li', 'muted', ps.length
      ? `${ps.length} puzzle${s(ps.length)}; ${skipped} other mistake${s(skipped)} had no clear answer.`
      : `No puzzles: ${skipped ? `the ${skipped} mistake${s(skipped)} had no single clear answer` : 'no mistakes'}.`));
    bodyState('puzzles', 'ready');
  };

  // begin shows puzzle i's position.
  const begin = (i: number): void => {
    const p = set?.puzzles?.[i];
    if (!p) return;
    active = p;
    const ply = p.ply ?? 0;
    start = ply <= 0 ? board.s.tree.root : reviewed.nodes[ply - 1];
    tries = 0;
    done = false;
    revealed = false;
    $('puzzle-play').hidden = false;
    ($('puzzle-reveal') as HTMLButtonElement).disabled = false;
    status(`${p.player} to play: find the move that keeps the advantage.`, 'open');
    if (board.s.mode !== 'puzzles') board.setMode('puzzles');
    void board.goto(start);
  };

  // judge judges a move played from the puzzle's position.
  const judge = (node: TreeNode): void => {
    const p = active;
    if (!p || done || node.parent !== start || !start) return;
    if (node.move === p.solution) {
      done = true;
      ($('puzzle-reveal') as HTMLButtonElement).disabled = true;
      const ex = p.explanation?.text ? ' ' + p.explanation.text : '';
      const how = revealed ? 'The answer' : tries ? `Solved after ${tries} ${tries > 1 ? 'tries' : 'try'}` : 'Solved';
      const reply = (p.line ?? [])[1];
      status(`${how}: ${p.solution}${p.proven ? ' (the only proven win)' : `, ${pct(p.margin, 0)} better than anything else`}.` +
        (reply ? ` The engine answers ${reply}.` : '') + ex, 'solved');
      if (reply) setTimeout(() => {
        if (board.s.cur === node) void board.playMove(reply);
      }, 400);
      return;
    }
    tries++;
    status(`${node.move} is not it${node.move === p.played ? ' (it is what the game played)' : ''}: try again.`, 'wrong');
    // Take the try back, unless it is the game's own move (kept in the tree).
    if (reviewed.nodes.indexOf(node) < 0) void board.goto(board.s.tree.remove(node));
    else void board.goto(start);
  };

  // reveal plays the answer.
  const reveal = (): void => {
    const p = active;
    if (!p || done || !start) return;
    revealed = true;
    void board.goto(start).then(() => board.playMove(p.solution ?? ''));
  };

  $('review-puzzles').addEventListener('click', () => void load());
  $('puzzle-reveal').addEventListener('click', reveal);
  $('puzzle-leave').addEventListener('click', () => board.setMode('review'));

  return {
    name: 'puzzles',
    panels: ['panel-review', 'analysis-box', 'review-box'],
    live: false,
    liveOff: '(off)',
    enter() {},
    // leave ends the puzzle; the review shows the live analysis again.
    leave() {
      active = null;
      start = null;
      $('puzzle-play').hidden = true;
      bodyState('puzzle', 'none');
    },
    onPosition(pos: Position, node: TreeNode) {
      review.onPosition(pos, node);
      judge(node);
    },
    onSquare: () => false,
    onWall: () => false,
  };
}
