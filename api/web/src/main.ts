// main.ts: the analysis board's entry (bundled to dist/board.js). It
// builds the controller and the modes, wires the page's buttons and keys,
// and opens what the address names: a share link (#g=), a review
// (#review=ID), or /review's empty review panel; ?timer=SECONDS sets the
// move timer's length.
import { useKey } from './api.js';
import { Board } from './board.js';
import { $, bodyState, input, rememberKey } from './dom.js';
import { analyseMode } from './modes/analyse.js';
import { editMode, type EditState } from './modes/edit.js';
import { Game } from './modes/game.js';
import { localMode } from './modes/local.js';
import { playMode } from './modes/play.js';
import { puzzlesMode } from './modes/puzzles.js';
import { recordsMode } from './modes/records.js';
import { reviewMode, type ReviewState } from './modes/review.js';
import type { ModeName } from './mode.js';
import { readFragment } from './records.js';
import { decodeTree, Tree } from './tree.js';

// onKey steps through the game, undoes and redoes, and cancels a move
// being entered; keys typed into a form field are the field's.
function onKey(board: Board, ev: KeyboardEvent): void {
  const tag = (ev.target as HTMLElement | null)?.tagName;
  if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return;
  if ((ev.ctrlKey || ev.metaKey) && (ev.key === 'z' || ev.key === 'y')) {
    ev.preventDefault();
    if (ev.key === 'z') board.undo();
    else board.redoMove();
    return;
  }
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const act = ({
    ArrowLeft: () => board.step(-1),
    ArrowRight: () => board.step(1),
    Home: () => void board.goto(board.s.tree.root),
    End: () => void board.goto(board.s.tree.lineEnd(board.s.cur)),
    Escape: () => board.cancel(),
  } as Record<string, () => void>)[ev.key];
  if (!act) return;
  ev.preventDefault();
  act();
}

/**
 * timerSeconds is the move timer's length the address asks for
 * (/analysis?timer=SECONDS, 1 to 3600), 60 by default.
 */
function timerSeconds(search: string): number {
  const n = Number(new URLSearchParams(search).get('timer'));
  return Number.isInteger(n) && n >= 1 && n <= 3600 ? n : 60;
}

function main(): void {
  useKey(rememberKey('api-key'));
  const board = new Board();
  const game = new Game(board, timerSeconds(location.search));
  const reviewed: ReviewState = { id: null, result: null, nodes: [], branchPly: 0 };
  const edited: EditState = { stones: {}, walls: {} };
  const review = reviewMode(board, reviewed);
  const reviewGame = (): void => {
    $('game-over').hidden = true;
    void review.start();
  };
  for (const m of [
    analyseMode(board, review), playMode(board, game, reviewGame), localMode(board, game),
    editMode(board, edited), recordsMode(board, reviewed), review, puzzlesMode(board, review, reviewed),
  ]) board.register(m);

  $('first').addEventListener('click', () => void board.goto(board.s.tree.root));
  $('prev').addEventListener('click', () => board.step(-1));
  $('next').addEventListener('click', () => board.step(1));
  $('last').addEventListener('click', () => void board.goto(board.s.tree.lineEnd(board.s.cur)));
  $('undo').addEventListener('click', () => board.undo());
  $('redo').addEventListener('click', () => board.redoMove());
  $('break-toggle').addEventListener('click', () => board.toggleBreak());
  $('promote').addEventListener('click', () => board.promote());
  $('delete-branch').addEventListener('click', () => board.deleteBranch());
  $('main-line').addEventListener('click', () => board.mainLine());
  for (const id of ['show-arrows', 'show-reach', 'show-owner']) $(id).addEventListener('change', () => board.redraw());
  input('live-on').addEventListener('change', () => void board.refresh());
  $('review-game').addEventListener('click', reviewGame);
  $('close-over').addEventListener('click', () => {
    $('game-over').hidden = true;
  });
  for (const b of document.querySelectorAll<HTMLElement>('[data-mode-button]')) {
    b.addEventListener('click', () => board.setMode(b.dataset.modeButton as ModeName));
  }
  document.addEventListener('keydown', (ev) => onKey(board, ev));
  bodyState('review', 'none');

  // The address: a share link, a review, or the page's own mode.
  const f = readFragment(location.hash);
  board.setMode(location.pathname === '/review' ? 'review' : 'analysis');
  let opened = false;
  if (f.share) {
    try {
      const tree = decodeTree(f.share);
      void board.setTree(tree, tree.lineEnd(tree.root));
      opened = true;
    } catch (e) {
      board.showError('The shared link is damaged: ' + (e as Error).message);
    }
  } else if (f.review) {
    void board.setTree(new Tree(board.rulesForm()));
    review.open(f.review);
    opened = true;
  }
  if (!opened) void board.newGame(board.rulesForm());
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
