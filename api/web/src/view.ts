// view.ts: draws the 7x7 board. Every square is a button
// (data-square="C3", with an aria-label saying what is on it); every wall
// slot offered to the user is a button (data-wall="C3:N"); stones, walls,
// dots for legal targets, arrows of the engine's candidates and the reach
// and ownership tints are drawn from one view state by render().
import type { Diagram } from './api.js';
import { canonical, col, index, neighbour, row, SIDE_NAMES, squareAt, squares, type Side } from './notation.js';

const CELL = 100; // overlay units per square (the overlay is 700 x 700)

/** A wall slot offered as a button. */
export interface Slot {
  ref: string;
  kind: 'build' | 'break' | 'add' | 'remove';
  by?: string;
}

/** An engine candidate drawn on the board. */
export interface Arrow {
  from?: string;
  to: string;
  side?: Side;
  rank: number;
  label?: string;
}

/** What the board shows. */
export interface ViewState {
  diagram: Diagram | null;
  dots: Set<string>;
  slots: Slot[];
  arrows: Arrow[];
  selected?: string | null;
  last?: string[];
  pv?: Record<string, { n: number; colour: string }>;
  reach?: { exclusive?: Record<string, string[]>; shared?: string[] };
  owner?: number[];
}

const center = (sq: string): [number, number] => [col(sq) * CELL + CELL / 2, (7 - row(sq)) * CELL + CELL / 2];

/** wallBox places a bar on side d of sq, in percent of the board. */
function wallBox(sq: string, d: string): { left: number; top: number; width: number; height: number } {
  const x = (col(sq) / 7) * 100;
  const y = ((7 - row(sq)) / 7) * 100;
  const w = 100 / 7;
  const t = 2.2; // thickness, percent
  switch (d) {
    case 'N': return { left: x, top: y - t / 2, width: w, height: t };
    case 'S': return { left: x, top: y + w - t / 2, width: w, height: t };
    case 'W': return { left: x - t / 2, top: y, width: t, height: w };
    default: return { left: x + w - t / 2, top: y, width: t, height: w };
  }
}

function place(e: HTMLElement, box: ReturnType<typeof wallBox>): void {
  e.style.left = box.left + '%';
  e.style.top = box.top + '%';
  e.style.width = box.width + '%';
  e.style.height = box.height + '%';
}

function svg(tag: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  return e;
}

const SLOT_WORDS: Record<Slot['kind'], string> = { build: 'build a wall', break: 'break the wall', add: 'put a wall', remove: 'remove the wall' };

/** BoardView owns the board's square buttons, wall slots and overlay. */
export class BoardView {
  private readonly buttons: Record<string, HTMLButtonElement> = {};
  private wallsKey = '';

  /**
   * constructor builds the 49 square buttons; onSquare and onWall receive
   * the square or wall name of a click (or Enter/Space on the button).
   */
  constructor(
    board: HTMLElement,
    private readonly overlay: SVGSVGElement,
    private readonly slots: HTMLElement,
    onSquare: (sq: string) => void,
    private readonly onWall: (ref: string) => void,
  ) {
    for (let r = 7; r >= 1; r--) {
      for (let c = 0; c < 7; c++) {
        const sq = squareAt(c, r);
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'sq';
        b.dataset.square = sq;
        b.setAttribute('role', 'gridcell');
        b.addEventListener('click', () => onSquare(sq));
        b.addEventListener('keydown', (ev) => this.arrowKeys(ev, sq));
        if (c === 0) b.append(Object.assign(document.createElement('span'), { className: 'coord rank', textContent: String(r) }));
        if (r === 1) b.append(Object.assign(document.createElement('span'), { className: 'coord file', textContent: 'ABCDEFG'[c] }));
        this.buttons[sq] = b;
        board.append(b);
      }
    }
  }

  /**
   * arrowKeys moves the focus between squares with the arrow keys (the
   * page's own arrow keys step through the game outside the board).
   */
  private arrowKeys(ev: KeyboardEvent, sq: string): void {
    const d = ({ ArrowUp: 'N', ArrowDown: 'S', ArrowLeft: 'W', ArrowRight: 'E' } as Record<string, Side>)[ev.key];
    if (!d || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    ev.preventDefault();
    ev.stopPropagation();
    const n = neighbour(sq, d);
    if (n) this.buttons[n].focus();
  }

  /** render draws st. */
  render(st: ViewState): void {
    const d = st.diagram ?? { stones: {}, walls: [] };
    const stoneAt: Record<string, string> = {};
    for (const [colour, list] of Object.entries(d.stones ?? {})) for (const sq of list) stoneAt[sq] = colour;
    const wallsAt = new Set((d.walls ?? []).map((w) => `${w.square}:${w.side}`));
    const reach: Record<string, string> = {};
    for (const [c, list] of Object.entries(st.reach?.exclusive ?? {})) for (const sq of list) reach[sq] = c;
    for (const sq of st.reach?.shared ?? []) reach[sq] = 'shared';
    for (const sq of squares) {
      const b = this.buttons[sq];
      b.querySelectorAll('.stone, .dot, .pvnum').forEach((x) => x.remove());
      const colour = stoneAt[sq];
      if (colour) b.append(Object.assign(document.createElement('span'), { className: 'stone ' + colour }));
      const dot = st.dots.has(sq);
      if (dot) b.append(Object.assign(document.createElement('span'), { className: 'dot' }));
      const pv = st.pv?.[sq];
      if (pv) b.append(Object.assign(document.createElement('span'), { className: 'pvnum ' + pv.colour, textContent: String(pv.n) }));
      b.classList.toggle('target', dot);
      b.classList.toggle('selected', st.selected === sq);
      b.classList.toggle('last', !!st.last?.includes(sq));
      b.dataset.reach = reach[sq] ?? '';
      b.style.removeProperty('--own');
      b.classList.toggle('owner', !!st.owner);
      if (st.owner) b.style.setProperty('--own', String(st.owner[index(sq)]));
      const walls = (['N', 'E', 'S', 'W'] as Side[]).filter((s) => {
        const k = canonical(sq, s);
        return k !== null && wallsAt.has(k);
      }).map((s) => SIDE_NAMES[s]);
      let label = sq + ': ' + (colour ? colour + ' stone' : 'empty');
      if (walls.length) label += ', walls ' + walls.join(' ');
      if (dot) label += ', legal target';
      if (st.selected === sq) label += ', selected';
      b.setAttribute('aria-label', label);
    }
    this.drawWalls(d, st.slots);
    this.drawArrows(st.arrows);
  }

  /**
   * drawWalls shows built walls and the slots offered: build slots around
   * the chosen destination, breakable walls, or every slot in the editor.
   */
  private drawWalls(d: Diagram, slots: Slot[]): void {
    // Redraw only when something changed: a slot button rebuilt between a
    // press and its release would lose the click.
    const key = JSON.stringify([d.walls ?? [], slots]);
    if (key === this.wallsKey) return;
    this.wallsKey = key;
    this.slots.textContent = '';
    const offered = new Set(slots.map((s) => s.ref));
    for (const w of d.walls ?? []) {
      if (offered.has(`${w.square}:${w.side}`)) continue; // drawn as a button below
      const e = document.createElement('div');
      e.className = 'wall built ' + (w.by ?? '');
      place(e, wallBox(w.square ?? '', w.side ?? ''));
      this.slots.append(e);
    }
    for (const s of slots) {
      const [sq, side] = s.ref.split(':');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'wall slot ' + s.kind + (s.by ? ' ' + s.by : '');
      b.dataset.wall = s.ref;
      b.setAttribute('aria-label', `${SLOT_WORDS[s.kind]} on the ${SIDE_NAMES[side as Side]} side of ${sq}`);
      b.title = s.ref;
      place(b, wallBox(sq, side));
      b.addEventListener('click', (ev) => {
        ev.stopPropagation();
        this.onWall(s.ref);
      });
      this.slots.append(b);
    }
  }

  /**
   * drawArrows draws the engine's candidates: an arrow from the stone to
   * its destination with a tick where the wall goes, a ring for a stay or
   * a placement, and the win rate beside it.
   */
  private drawArrows(arrows: Arrow[]): void {
    this.overlay.textContent = '';
    const defs = svg('defs', {});
    const marker = svg('marker', { id: 'head', viewBox: '0 0 10 10', refX: '6', refY: '5', markerWidth: '4', markerHeight: '4', orient: 'auto-start-reverse' });
    marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: 'context-stroke' }));
    defs.append(marker);
    this.overlay.append(defs);
    arrows.slice().reverse().forEach((a) => {
      const g = svg('g', { class: 'arrow rank' + Math.min(a.rank, 3) });
      const [tx, ty] = center(a.to);
      if (a.from && a.from !== a.to) {
        const [fx, fy] = center(a.from);
        const len = Math.hypot(tx - fx, ty - fy);
        const ex = tx - ((tx - fx) / len) * 22;
        const ey = ty - ((ty - fy) / len) * 22;
        g.append(svg('line', { x1: fx, y1: fy, x2: ex, y2: ey, 'marker-end': 'url(#head)' }));
      } else {
        g.append(svg('circle', { cx: tx, cy: ty, r: 40, fill: 'none' }));
      }
      if (a.side) {
        const h = CELL / 2 - 6;
        const seg = { N: [tx - h, ty - 47, tx + h, ty - 47], S: [tx - h, ty + 47, tx + h, ty + 47],
          E: [tx + 47, ty - h, tx + 47, ty + h], W: [tx - 47, ty - h, tx - 47, ty + h] }[a.side];
        g.append(svg('line', { x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3], class: 'tick' }));
      }
      if (a.label) {
        const t = svg('text', { x: tx, y: ty + 12, 'text-anchor': 'middle' });
        t.textContent = a.label;
        g.append(t);
      }
      this.overlay.append(g);
    });
  }
}
