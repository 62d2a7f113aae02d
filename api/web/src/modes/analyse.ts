// analyse.ts: the "Analyse" mode: enter moves with the engine's live
// analysis of every position, choose the rules and start a new game, and
// review the main line.
import type { Board } from '../board.js';
import { $, select } from '../dom.js';
import { baseMode, type Mode } from '../mode.js';
import type { ReviewMode } from './review.js';

/** analyseMode makes the mode. */
export function analyseMode(board: Board, review: ReviewMode): Mode {
  $('rule-players').addEventListener('change', () => {
    select('rule-opening').disabled = select('rule-players').value !== '2';
  });
  $('new-game').addEventListener('click', () => void board.newGame(board.rulesForm()));
  $('review-line').addEventListener('click', () => void review.start());
  return baseMode(board, 'analysis', ['panel-analysis', 'analysis-box'], true);
}
