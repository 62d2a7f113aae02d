// edit.ts: the "Edit position" mode, a free position editor. Stones are
// put and removed by clicking squares, walls by clicking the bars between
// squares (every interior slot is offered, data-wall="C3:N" in the
// engine's canonical naming); the side to move and the phase are chosen
// in the panel. "Use this position" sends the diagram to the server,
// which checks it (stone counts, walls, the player to move) and names
// what is wrong.
import { api, type Diagram } from '../api.js';
import type { Board } from '../board.js';
import { $, select } from '../dom.js';
import type { Mode } from '../mode.js';
import { COLOURS, neighbour, squares, type Colour } from '../notation.js';
import type { Slot } from '../view.js';

/** The editor's position: a colour by square, a builder by wall. */
export interface EditState {
  stones: Record<string, string>;
  walls: Record<string, string>;
}

/** editMode makes the mode; state is the editor's position. */
export function editMode(board: Board, state: EditState): Mode {
  const tool = (): string | undefined => document.querySelector<HTMLInputElement>('input[name="edit-tool"]:checked')?.value;

  // players is the number of colours in use (at least the rules' count).
  const players = (): number => {
    let n = Number(select('rule-players').value);
    for (const c of Object.values(state.stones)) n = Math.max(n, COLOURS.indexOf(c as Colour) + 1);
    return n;
  };

  // diagram is the editor's position in the API's board shape.
  const diagram = (): Diagram => {
    const stones: Record<string, string[]> = {};
    for (let i = 0; i < players(); i++) stones[COLOURS[i]] = [];
    for (const sq of Object.keys(state.stones).sort()) (stones[state.stones[sq]] ??= []).push(sq);
    const walls = Object.keys(state.walls).sort().map((k) => {
      const [square, side] = k.split(':');
      return { square, side, by: state.walls[k] };
    });
    return { stones, walls, toMove: select('edit-to-move').value, phase: select('edit-phase').value };
  };

  const draw = (): void => {
    const slots: Slot[] = [];
    for (const sq of squares) {
      for (const side of ['N', 'E'] as const) {
        if (!neighbour(sq, side)) continue;
        const ref = sq + ':' + side;
        slots.push({ ref, kind: state.walls[ref] ? 'remove' : 'add', by: state.walls[ref] });
      }
    }
    board.view.render({ diagram: { ...diagram(), walls: [] }, dots: new Set(), slots, arrows: [] });
    $('to-move').textContent = 'Editing the position';
    $('input-hint').textContent = 'Click squares and bars; then Use this position.';
  };

  // done checks the diagram on the server and makes it the new start.
  const done = async (): Promise<void> => {
    const rules = { ...board.rulesForm(), players: players() };
    if (rules.players !== 2) rules.opening = 'empty';
    const d = diagram();
    board.showError('');
    try {
      await api.position({ rules, board: d, moves: [] });
    } catch (e) {
      board.showError('The position is not valid: ' + (e as Error).message);
      return;
    }
    select('rule-players').value = String(rules.players);
    board.setMode('analysis');
    void board.newGame(rules, d);
  };

  $('edit-done').addEventListener('click', () => void done());
  $('edit-cancel').addEventListener('click', () => board.setMode('analysis'));
  $('edit-clear').addEventListener('click', () => {
    state.stones = {};
    state.walls = {};
    draw();
  });
  for (const id of ['edit-to-move', 'edit-phase']) $(id).addEventListener('change', draw);

  return {
    name: 'edit',
    panels: ['panel-edit'],
    live: false,
    // enter copies the position shown into the editor.
    enter() {
      board.live.stop();
      board.live.clear('(editing)');
      state.stones = {};
      state.walls = {};
      const d = board.s.pos?.board ?? { stones: {}, walls: [] };
      for (const [c, list] of Object.entries(d.stones ?? {})) for (const sq of list) state.stones[sq] = c;
      for (const w of d.walls ?? []) state.walls[`${w.square}:${w.side}`] = w.by ?? '';
      if (d.toMove) select('edit-to-move').value = d.toMove;
      select('edit-phase').value = d.phase === 'setup' ? 'setup' : 'play';
      draw();
    },
    leave() {},
    onPosition() {},
    onSquare(sq) {
      const t = tool();
      if (t === 'wall' || !t) return true;
      if (t === 'erase' || state.stones[sq] === t) delete state.stones[sq];
      else state.stones[sq] = t;
      draw();
      return true;
    },
    onWall(ref) {
      if (state.walls[ref]) delete state.walls[ref];
      else state.walls[ref] = select('edit-wall-by').value;
      draw();
      return true;
    },
  };
}
