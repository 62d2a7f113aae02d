// mode.ts: what every mode of the board (analyse, play, local, edit,
// records, review, puzzles) offers the controller. The controller shows
// the mode's panel, runs the live engine where the mode wants it, and
// hands the mode each position shown and the clicks it takes over.
import type { Position } from './api.js';
import type { Board } from './board.js';
import type { TreeNode } from './tree.js';

/** The board's modes; the name is also body[data-mode]. */
export type ModeName = 'analysis' | 'play' | 'local' | 'edit' | 'records' | 'review' | 'puzzles';

/** Mode is one way of using the board. */
export interface Mode {
  readonly name: ModeName;
  /** panels: the ids of the side panels the mode shows. */
  readonly panels: readonly string[];
  /** live: whether the engine's live analysis runs (and its box shows). */
  readonly live: boolean;
  /** liveOff: what the engine's box says when live is off. */
  readonly liveOff?: string;
  /** enter starts the mode (after its panels are shown). */
  enter(): void;
  /** leave ends it, stopping what it runs (timers, requests). */
  leave(): void;
  /** onPosition runs after every position the board shows in the mode. */
  onPosition(pos: Position, node: TreeNode, clickAt?: number): void;
  /** onSquare takes a square's click; false leaves it to the board's move entry. */
  onSquare(sq: string): boolean;
  /** onWall takes a wall slot's click; false leaves it to the board. */
  onWall(ref: string): boolean;
}

/** baseMode is a mode that takes over nothing: extend it with what differs. */
export function baseMode(board: Board, name: ModeName, panels: readonly string[], live: boolean): Mode {
  return {
    name, panels, live,
    enter() {
      if (board.s.pos) void board.refresh();
    },
    leave() {},
    onPosition() {},
    onSquare: () => false,
    onWall: () => false,
  };
}
