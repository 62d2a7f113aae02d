// local.ts: the "Local game" mode: 2-4 people on one screen, with the
// move timer if wanted and the game-over screen.
import type { Position } from '../api.js';
import type { Board } from '../board.js';
import { $, chosen, input, select } from '../dom.js';
import { baseMode, type Mode } from '../mode.js';
import type { Game } from './game.js';

/** localMode makes the mode. */
export function localMode(board: Board, game: Game): Mode {
  $('local-start').addEventListener('click', () => {
    const players = Number(chosen('local-players'));
    const rules = {
      players,
      opening: (players === 2 ? select('local-opening').value : 'empty') as 'empty' | 'four-stone',
      stay: select('local-stay').value as 'always' | 'step-out',
      tieBreak: select('rule-tiebreak').value as 'largest-region' | 'none',
    };
    game.human = null;
    game.timer = input('local-timer').checked;
    game.coach = false;
    game.begin('local', rules);
  });
  return {
    ...baseMode(board, 'local', ['panel-local'], false),
    liveOff: '(off)',
    leave: () => game.end(),
    onPosition(pos: Position) {
      if (game.kind === 'local') game.onPosition(pos, true);
    },
  };
}
