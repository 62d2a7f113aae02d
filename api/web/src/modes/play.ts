// play.ts: the "Play the engine" mode: a side, a level from GET
// /v1/levels, the engine's moves from POST /v1/play, and an optional
// coach that shows the loss and the better move after each of the
// person's moves (and can take it back).
import { api, type Level, type Position } from '../api.js';
import type { Board } from '../board.js';
import { $, chosen, el, input, select } from '../dom.js';
import { pct } from '../format.js';
import { baseMode, type Mode } from '../mode.js';
import type { TreeNode } from '../tree.js';
import type { Game } from './game.js';

/** playMode makes the mode; review is called by "Review this game". */
export function playMode(board: Board, game: Game, review: () => void): Mode {
  let levels: Level[] = [];
  let pending: AbortController | null = null;
  let coached: TreeNode | null = null;

  // showLevel says how strong the chosen level is.
  const showLevel = (): void => {
    const l = levels.find((x) => x.id === chosen('play-level'));
    if (!l) return;
    const ci = l.ci95 ? ` (95% interval ${Math.round(l.ci95[0])} to ${Math.round(l.ci95[1])})` : '';
    $('level-info').textContent = `${l.name}: rated ${Math.round(l.elo ?? 0)}${ci} on the project's list (voronoi-hard = 0), from ${l.anchorGames || l.games} games against its anchors; at most ${l.maxMoveMs} ms a move.`;
  };

  // loadLevels fills the level menu from the service's calibrated levels.
  const loadLevels = async (): Promise<void> => {
    try {
      levels = (await api.levels()).levels ?? [];
    } catch (e) {
      levels = [];
      $('level-info').textContent = 'No engine levels: ' + (e as Error).message;
    }
    const box = $('play-level');
    box.textContent = '';
    levels.forEach((l, i) => {
      const lab = el('label');
      const r = el('input');
      r.type = 'radio';
      r.name = 'play-level';
      r.value = l.id ?? '';
      r.dataset.level = l.id ?? '';
      r.checked = i === 0;
      r.addEventListener('change', showLevel);
      lab.append(r, ` ${l.name} (${Math.round(l.elo ?? 0)})`);
      box.append(lab);
    });
    showLevel();
  };

  // engineTurn asks the level for its move and plays it.
  const engineTurn = async (node: TreeNode): Promise<void> => {
    board.lock(true);
    const ctrl = new AbortController();
    pending = ctrl;
    const rec = board.s.tree.record(node);
    try {
      const res = await api.play({ ...rec, level: game.level ?? '' }, ctrl.signal);
      if (board.s.cur !== node || game.kind !== 'play') return;
      board.lock(false);
      await board.playMove(res.move ?? '');
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      board.lock(false);
      board.showError('The engine could not move: ' + (e as Error).message);
    }
  };

  // coachCheck shows what the move that led to node cost, and the better
  // move, from a search of the position before it.
  const coachCheck = async (node: TreeNode): Promise<void> => {
    const rec = board.s.tree.record(node);
    $('coach').hidden = false;
    $('coach-text').textContent = `Checking ${node.move}…`;
    coached = node;
    try {
      const q = { ...rec, analyzeTurns: [rec.moves.length - 1], maxVisits: 200, topK: 3, includeExplanations: true };
      const res = await api.analyze(q);
      if (coached !== node) return;
      const a = res.analyses?.[0] ?? {};
      const ex = a.explanation ?? {};
      const best = a.moveInfos?.[0];
      const loss = ex.loss ?? 0;
      $('coach-text').textContent = best && best.move !== node.move && loss > 0.005
        ? `${node.move} cost ${pct(loss)} of the win rate; better was ${best.move}. ` + (ex.text ?? '')
        : `${node.move} is as good as the engine's best.` + (ex.text ? ' ' + ex.text : '');
      $('coach').dataset.loss = String(loss);
    } catch (e) {
      $('coach-text').textContent = 'The coach could not check the move: ' + (e as Error).message;
    }
  };

  // takeBack removes the coached move (and the engine's answer to it).
  const takeBack = (): void => {
    const n = coached;
    if (!n?.parent) return;
    pending?.abort();
    board.lock(false);
    $('coach').hidden = true;
    coached = null;
    void board.goto(board.s.tree.remove(n));
  };

  const start = (): void => {
    $('coach').hidden = true;
    const rules = { ...board.rulesForm(), players: 2 };
    if (select('rule-players').value !== '2') rules.opening = 'four-stone';
    game.human = chosen('play-side') ?? 'red';
    game.level = chosen('play-level') ?? null;
    game.timer = input('play-timer').checked;
    game.coach = input('play-coach').checked;
    if (!game.level) {
      board.showError('level: no engine level is available on this server');
      return;
    }
    game.begin('play', rules);
  };

  void loadLevels();
  $('play-start').addEventListener('click', start);
  $('play-review').addEventListener('click', review);
  $('coach-takeback').addEventListener('click', takeBack);

  return {
    ...baseMode(board, 'play', ['panel-play'], false),
    liveOff: '(hidden while you play)',
    leave: () => game.end(),
    onPosition(pos: Position, node: TreeNode) {
      if (game.kind !== 'play') return;
      const human = pos.toMove === game.human;
      if (pos.phase !== 'over' && game.coach && node.move && node.mover === game.human) void coachCheck(node);
      if (!game.onPosition(pos, human) && pos.phase !== 'over') void engineTurn(node);
    },
  };
}
