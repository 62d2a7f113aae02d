// drillboard.ts: a board that takes one move by clicks, for the drill
// cards: the shared board view (view.ts) over a position from the server
// (POST /v1/position), a placement in the setup, or a stone, its
// destination and a wall side in play, as on the analysis board.
import { api, type GameRecord, type Position } from '../api.js';
import { $ } from '../dom.js';
import { groupMoves, parseMove, type LegalGroups } from '../notation.js';
import { BoardView, type ViewState } from '../view.js';

/** MoveBoard shows a position and hands back the move clicked. */
export class MoveBoard {
  private readonly view: BoardView;
  private pos: Position | null = null;
  private legal: LegalGroups = groupMoves([]);
  private sel: string | null = null;
  private dest: string | null = null;
  private open = false;
  private last: string[] = [];

  /** constructor builds the board in #board, #overlay and #slots; onMove receives each move made. */
  constructor(private readonly onMove: (move: string) => void) {
    this.view = new BoardView($('board'), $('overlay') as unknown as SVGSVGElement, $('slots'),
      (sq) => this.square(sq), (ref) => this.wall(ref));
    document.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape') this.select(null, null);
    });
  }

  /** show asks the server for rec's position and shows it; takes says whether clicks make a move. */
  async show(rec: GameRecord, takes: boolean, last?: string): Promise<Position> {
    this.pos = await api.position(rec);
    this.legal = groupMoves(this.pos.legalMoves ?? []);
    this.open = takes;
    const p = last ? parseMove(last) : null;
    this.last = p ? [p.from, p.to].filter((x): x is string => !!x) : [];
    this.select(null, null);
    return this.pos;
  }

  private select(sel: string | null, dest: string | null): void {
    this.sel = sel;
    this.dest = dest;
    this.draw();
  }

  private draw(): void {
    const pos = this.pos;
    const st: ViewState = { diagram: pos?.board ?? null, dots: new Set(), slots: [], arrows: [], last: this.last };
    if (pos && this.open) {
      if (pos.phase === 'setup') this.legal.place.forEach((sq) => st.dots.add(sq));
      else if (this.sel) {
        st.selected = this.sel;
        Object.keys(this.legal.turns[this.sel] ?? {}).forEach((sq) => st.dots.add(sq));
        if (this.dest) {
          st.dots = new Set([this.dest]);
          for (const side of this.legal.turns[this.sel]?.[this.dest] ?? []) st.slots.push({ ref: this.dest + ':' + side, kind: 'build' });
          if (this.dest !== this.sel && pos.board) {
            const stones: Record<string, string[]> = {};
            for (const [c, list] of Object.entries(pos.board.stones ?? {})) stones[c] = list.map((sq) => (sq === this.sel ? (this.dest as string) : sq));
            st.diagram = { ...pos.board, stones };
          }
        }
      }
    }
    this.view.render(st);
  }

  private square(sq: string): void {
    const pos = this.pos;
    if (!pos || !this.open) return;
    if (pos.phase === 'setup') {
      if (this.legal.place.has(sq)) this.take(sq);
      return;
    }
    const g = this.legal;
    const { sel, dest } = this;
    if (sel && g.turns[sel]?.[sq] && !(dest && sq === dest)) {
      if (g.turns[sq] && sq !== sel && !dest) this.select(sq, null);
      else this.select(sel, sq);
    } else if (g.turns[sq]) this.select(sq === sel && !dest ? null : sq, null);
    else this.select(null, null);
  }

  private wall(ref: string): void {
    if (!this.open || !this.sel || !this.dest) return;
    this.take(`${this.sel}-${this.dest}:${ref.split(':')[1]}`);
  }

  private take(move: string): void {
    this.open = false;
    this.select(null, null);
    this.onMove(move);
  }
}
