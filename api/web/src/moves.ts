// moves.ts: the parts of the board page drawn from the store besides the
// board itself: the turn line, the input hint, the step and tree buttons,
// and the move list (the main line, each variation indented under the
// move it replaces; data-ply, data-node, data-line, data-move and
// data-parent, the node before it: "" for the first move).
import type { BoardState } from './board.js';
import { $, el } from './dom.js';
import { moveLabel } from './records.js';
import type { TreeNode } from './tree.js';

const disable = (id: string, off: boolean): void => {
  ($(id) as HTMLButtonElement).disabled = off;
};

/** turnLine says whose turn it is, or the result. */
function turnLine(s: BoardState): string {
  const pos = s.pos;
  if (!pos) return '';
  let line: string;
  if (pos.phase === 'over') {
    const r = pos.result ?? {};
    const scores = Object.entries(r.scores ?? {}).map(([c, v]) => `${c} ${v}`).join(', ');
    line = `Game over: ${r.winners?.length === 1 ? r.winners[0] + ' wins' : 'shared'} (${scores})`;
  } else {
    line = `${pos.toMove} to ${pos.phase === 'setup' ? 'place a stone' : pos.midTurn ? 'finish the turn (after the break)' : 'move'}`;
    if (pos.phase === 'setup' && pos.setup) line += ` (${(pos.setup.done ?? 0) + 1} of ${pos.setup.total})`;
  }
  const skipped = s.cur.skipped;
  if (skipped?.length) line += ` · skipped: ${skipped.join(', ')}`;
  return line;
}

/** hint says what to click next. */
function hint(s: BoardState): string {
  const pos = s.pos;
  if (!pos) return '';
  if (s.locked) return 'Waiting for the engine…';
  if (pos.phase === 'setup') return 'Click a square with a grey dot to place a stone.';
  if (pos.phase !== 'play') return '';
  if (s.breaking) return 'Click the wall to break (or Break a wall again to cancel).';
  if (s.dest) return 'Click one of the faded bars to build the wall.';
  if (s.sel) return 'Click a square with a dot (the stone itself to stay).';
  return `Click one of ${pos.toMove}'s stones.`;
}

/** renderControls draws the turn line, the hint and the buttons' states. */
export function renderControls(s: BoardState): void {
  const pos = s.pos;
  if (!pos) return;
  const n = s.tree.ply(s.cur);
  const ply = $('ply');
  ply.textContent = `Ply ${n}`;
  ply.dataset.ply = String(n);
  const to = $('to-move');
  to.textContent = turnLine(s);
  to.className = pos.toMove ?? '';
  const brk = $('break-toggle');
  brk.hidden = !(pos.phase === 'play' && !s.locked && s.legal.breaks.size > 0);
  brk.setAttribute('aria-pressed', String(s.breaking));
  $('input-hint').textContent = hint(s);
  // The board's own state: the moves it takes here (the server's legal
  // moves), and busy while the engine moves.
  const board = $('board');
  board.dataset.legal = (pos.legalMoves ?? []).join(' ');
  board.setAttribute('aria-busy', String(s.locked));
  const atStart = !s.cur.parent;
  const atEnd = !s.cur.children.length;
  disable('prev', atStart);
  disable('first', atStart);
  disable('next', atEnd);
  disable('last', atEnd);
  disable('undo', atStart || s.locked);
  disable('redo', !s.redo.length || s.locked);
  const onVar = !s.tree.onMainLine(s.cur);
  for (const id of ['promote', 'delete-branch', 'main-line']) disable(id, !onVar);
}

/** renderMoveList draws the tree as the move list; a click goes to a move. */
export function renderMoveList(s: BoardState, go: (n: TreeNode) => void): void {
  const box = $('move-list');
  box.textContent = '';
  const entry = (n: TreeNode, ply: number, main: boolean): HTMLButtonElement => {
    const b = el('button', 'move' + (n.mover ? ' ' + n.mover : '') + (n === s.cur ? ' current' : ''), moveLabel(n, ply));
    b.type = 'button';
    b.setAttribute('role', 'treeitem');
    b.dataset.ply = String(ply);
    b.dataset.node = String(n.id);
    b.dataset.line = main ? 'main' : 'variation';
    b.dataset.move = n.move ?? '';
    b.dataset.parent = n.parent?.parent ? String(n.parent.id) : '';
    if (n === s.cur) b.setAttribute('aria-current', 'step');
    const cls = n.note?.classification;
    if (cls) b.append(el('span', 'badge ' + cls, cls));
    if (n.skipped?.length) b.title = 'then skipped: ' + n.skipped.join(', ');
    b.addEventListener('click', () => go(n));
    return b;
  };
  // line draws start and its first-child line, with variations as nested
  // groups after the move they branch from.
  const line = (start: TreeNode, ply: number, main: boolean, into: HTMLElement): void => {
    let n = start;
    let p = ply;
    for (;;) {
      into.append(entry(n, p, main));
      const parent = n.parent;
      if (parent && parent.children[0] === n && parent.children.length > 1) {
        for (const v of parent.children.slice(1)) {
          const g = el('div', 'variation');
          g.setAttribute('role', 'group');
          line(v, p, false, g);
          into.append(g);
        }
      }
      if (!n.children.length) break;
      n = n.children[0];
      p++;
    }
  };
  if (s.tree.root.children.length) line(s.tree.root.children[0], 1, true, box);
  // Keep the current move in sight by scrolling the list only (not the
  // page, which would move the board under the pointer).
  const cur = box.querySelector<HTMLElement>('.current');
  if (cur) {
    const top = cur.offsetTop; // #move-list is positioned: its children measure from it
    if (top < box.scrollTop || top + cur.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top - box.clientHeight / 2;
  }
}
