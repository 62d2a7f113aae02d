// board.ts: the board's controller. It holds the store (the game tree,
// the node shown, its position and legal moves, the move being entered,
// the mode), asks the server for each position, turns clicks into moves
// (a placement; or a stone, its destination and a wall side; or, with
// three players, a wall to break), and hands each position to the live
// engine view and to the mode in use. Views draw from the store only.
import { api, type Diagram, type Position, type Rules } from './api.js';
import { $, bodyState, input, select, showMessage } from './dom.js';
import { Live } from './live.js';
import type { Mode, ModeName } from './mode.js';
import { groupMoves, nextColour, parseMove, type LegalGroups } from './notation.js';
import { Store } from './store.js';
import { Tree, type TreeNode } from './tree.js';
import { BoardView, type Arrow, type ViewState } from './view.js';
import { renderControls, renderMoveList } from './moves.js';

/** The board's state: everything the views draw from. */
export interface BoardState {
  tree: Tree;
  cur: TreeNode;
  pos: Position | null;
  legal: LegalGroups;
  /** sel, dest: the stone chosen and its destination (a turn being entered). */
  sel: string | null;
  dest: string | null;
  /** breaking: the break button is pressed (three players). */
  breaking: boolean;
  mode: ModeName;
  /** locked: the engine is moving; the board takes no moves. */
  locked: boolean;
  /** preview: a candidate's line drawn on the board. */
  preview: { move: string; marks: NonNullable<ViewState['pv']>; diagram?: Diagram } | null;
  arrows: Arrow[];
  redo: string[];
  /** shown: bumped when a position has been shown (the move list redraws). */
  shown: number;
}

const emptyLegal = (): LegalGroups => groupMoves([]);

/** Board is the controller the modes work through. */
export class Board {
  readonly store: Store<BoardState>;
  readonly view: BoardView;
  readonly live: Live;
  private readonly modes = new Map<ModeName, Mode>();
  private readonly posCache = new Map<string, Promise<Position>>();
  private gen = 0;

  constructor() {
    const tree = new Tree({});
    this.store = new Store<BoardState>({
      tree, cur: tree.root, pos: null, legal: emptyLegal(), sel: null, dest: null, breaking: false,
      mode: 'analysis', locked: false, preview: null, arrows: [], redo: [], shown: 0,
    });
    this.view = new BoardView($('board'), $('overlay') as unknown as SVGSVGElement, $('slots'),
      (sq) => this.onSquare(sq), (ref) => this.onWall(ref));
    this.live = new Live({
      arrows: (list) => this.store.update({ arrows: list }),
      preview: (move, pv) => void this.previewLine(move, pv ?? []),
      playMove: (m) => void this.playMove(m, performance.now()),
    });
    this.store.subscribe((s, prev) => {
      if (s.mode === 'edit') return; // the editor draws its own board
      this.view.render(this.viewState(s));
      renderControls(s);
      if (s.shown !== prev.shown || s.tree !== prev.tree) renderMoveList(s, (n) => void this.goto(n));
    });
  }

  /** s is the state now. */
  get s(): Readonly<BoardState> {
    return this.store.state;
  }

  /** mode is the mode in use. */
  get mode(): Mode {
    const m = this.modes.get(this.s.mode);
    if (!m) throw new Error('no mode ' + this.s.mode);
    return m;
  }

  /** register adds a mode. */
  register(m: Mode): void {
    this.modes.set(m.name, m);
  }

  /** showError and notice write the page's two message lines. */
  showError(msg: string): void {
    showMessage('error', msg);
  }

  notice(msg: string): void {
    showMessage('notice', msg);
  }

  /** rulesForm reads the rules chosen in the analysis panel. */
  rulesForm(): Rules {
    const players = Number(select('rule-players').value);
    return {
      players,
      opening: (players === 2 ? select('rule-opening').value : 'empty') as Rules['opening'],
      stay: select('rule-stay').value as Rules['stay'],
      tieBreak: select('rule-tiebreak').value as Rules['tieBreak'],
    };
  }

  /** position returns the server's view of a record's position, cached by its text. */
  position(rec: Parameters<typeof api.position>[0]): Promise<Position> {
    const key = JSON.stringify(rec);
    let p = this.posCache.get(key);
    if (!p) {
      p = api.position(rec);
      p.catch(() => this.posCache.delete(key));
      this.posCache.set(key, p);
    }
    return p;
  }

  /** setTree shows a new tree at node n (the root by default). */
  setTree(tree: Tree, n?: TreeNode): Promise<void> {
    this.store.update({ tree, cur: n ?? tree.root, redo: [] });
    return this.goto(n ?? tree.root);
  }

  /** newGame starts an empty tree with rules (and an optional start board). */
  newGame(rules: Rules, board?: Diagram | null): Promise<void> {
    return this.setTree(new Tree(rules, board ?? null));
  }

  /** goto shows node n: its position, legal moves and analysis. */
  async goto(n: TreeNode, clickAt?: number): Promise<void> {
    const gen = ++this.gen;
    this.live.stop();
    this.store.update({ cur: n, sel: null, dest: null, breaking: false, preview: null, arrows: [] });
    const tree = this.s.tree;
    const rec = tree.record(n);
    bodyState('state', 'loading');
    let pos: Position;
    try {
      pos = await this.position(rec);
    } catch (e) {
      if (gen !== this.gen) return;
      this.showError((e as Error).message);
      bodyState('state', 'error');
      return;
    }
    if (gen !== this.gen) return;
    this.showError('');
    // Remember who moved at each ply (and who was skipped) for the move list.
    const path = tree.path(n).filter((x) => !x.reset);
    const movers = pos.movers ?? [];
    const offset = path.length - movers.length;
    movers.forEach((c, i) => {
      const x = path[i + offset];
      if (x) x.mover = c;
    });
    for (const sk of pos.skipped ?? []) {
      const x = path[(sk.ply ?? 0) - 1 + offset];
      if (x) x.skipped = sk.players;
    }
    this.store.update({ pos, legal: groupMoves(pos.legalMoves ?? []), shown: this.s.shown + 1 });
    bodyState('state', 'ready');
    bodyState('phase', pos.phase ?? '');
    bodyState('toMove', pos.phase === 'over' ? '' : pos.toMove ?? '');
    bodyState('ply', String(tree.ply(n)));
    const mode = this.mode;
    if (mode.live && input('live-on').checked && pos.phase !== 'over') this.live.start(rec, clickAt);
    else this.live.clear(pos.phase === 'over' ? '(game over)' : mode.liveOff ?? '(off)');
    mode.onPosition(pos, n, clickAt);
  }

  /** refresh shows the current node again (its analysis restarts). */
  refresh(): Promise<void> {
    return this.goto(this.s.cur);
  }

  /** playMove plays move (notation) from the current node. */
  playMove(move: string, clickAt?: number, keepRedo = false): Promise<void> {
    if (!keepRedo) this.store.update({ redo: [] });
    this.notice('');
    return this.goto(this.s.tree.play(this.s.cur, move), clickAt);
  }

  /** lock keeps the board from taking moves while the engine moves. */
  lock(locked: boolean): void {
    this.store.update({ locked });
  }

  /** viewState builds what the board view draws from a state. */
  private viewState(s: BoardState): ViewState {
    const pos = s.pos;
    const st: ViewState = { diagram: pos?.board ?? null, dots: new Set(), slots: [], arrows: [] };
    if (!pos) return st;
    const g = s.legal;
    const last = s.cur.move ? parseMove(s.cur.move) : null;
    if (last) st.last = [last.from, last.to].filter((x): x is string => !!x);
    if (!s.locked && pos.phase === 'setup') g.place.forEach((sq) => st.dots.add(sq));
    if (!s.locked && pos.phase === 'play') {
      if (s.breaking) {
        g.breaks.forEach((ref) => st.slots.push({ ref, kind: 'break' }));
      } else if (s.sel) {
        st.selected = s.sel;
        Object.keys(g.turns[s.sel] ?? {}).forEach((sq) => st.dots.add(sq));
        if (s.dest) {
          st.dots = new Set([s.dest]);
          for (const side of g.turns[s.sel]?.[s.dest] ?? []) st.slots.push({ ref: s.dest + ':' + side, kind: 'build' });
        }
      }
    }
    if (s.dest && s.sel !== s.dest && pos.board) {
      // Show the stone on its destination while the wall is chosen.
      const stones: Record<string, string[]> = {};
      for (const [c, list] of Object.entries(pos.board.stones ?? {})) stones[c] = list.map((sq) => (sq === s.sel ? (s.dest as string) : sq));
      st.diagram = { ...pos.board, stones };
    }
    if (s.preview) {
      st.pv = s.preview.marks;
      st.diagram = s.preview.diagram ?? st.diagram;
    }
    if (input('show-arrows').checked && !s.sel && !s.breaking) st.arrows = s.arrows;
    const a = this.live.last;
    if (a && input('show-reach').checked && a.reachability) st.reach = a.reachability;
    if (a && input('show-owner').checked && a.ownership) st.owner = a.ownership;
    return st;
  }

  /** redrawMoves draws the move list again (the review's classes arrived). */
  redrawMoves(): void {
    this.store.update({ shown: this.s.shown + 1 });
  }

  /** redraw draws the board again (an overlay switched). */
  redraw(): void {
    this.store.update({});
  }

  /** onSquare turns a square click into the next step of a move. */
  onSquare(sq: string): void {
    const clickAt = performance.now();
    if (this.mode.onSquare(sq)) return;
    const { pos, locked, legal: g, sel, dest } = this.s;
    if (!pos || locked || pos.phase === 'over') return;
    if (pos.phase === 'setup') {
      if (g.place.has(sq)) void this.playMove(sq, clickAt);
      return;
    }
    const own = g.turns[sq];
    let next: Pick<BoardState, 'sel' | 'dest'>;
    if (sel && g.turns[sel]?.[sq] && !(dest && sq === dest)) {
      next = own && sq !== sel && !dest ? { sel: sq, dest: null } : { sel, dest: sq };
    } else if (own) {
      next = { sel: sq === sel && !dest ? null : sq, dest: null };
    } else {
      next = { sel: null, dest: null };
    }
    this.store.update({ ...next, breaking: false });
  }

  /** onWall builds the chosen wall (or breaks it) and plays the move. */
  onWall(ref: string): void {
    const clickAt = performance.now();
    if (this.mode.onWall(ref)) return;
    const { breaking, sel, dest } = this.s;
    if (breaking) {
      void this.playMove('x' + ref, clickAt);
      return;
    }
    if (!sel || !dest) return;
    void this.playMove(`${sel}-${dest}:${ref.split(':')[1]}`, clickAt);
  }

  /** cancel drops the move being entered (Escape). */
  cancel(): void {
    this.store.update({ sel: null, dest: null, breaking: false });
  }

  /** toggleBreak presses or releases the break button. */
  toggleBreak(): void {
    this.store.update({ breaking: !this.s.breaking, sel: null, dest: null });
  }

  /**
   * step moves along the current line: back to the parent or forward to
   * the child last visited (the main line by default).
   */
  step(d: number): void {
    const cur = this.s.cur;
    if (d < 0 && cur.parent) {
      cur.parent.lastChild = cur;
      void this.goto(cur.parent);
    }
    if (d > 0 && cur.children.length) {
      const c = cur.lastChild && cur.children.includes(cur.lastChild) ? cur.lastChild : cur.children[0];
      void this.goto(c);
    }
  }

  /** undo takes the last move back (removing it when nothing follows it). */
  undo(): void {
    const { cur: n, locked, tree, redo } = this.s;
    if (!n.parent || locked) return;
    this.store.update({ redo: [...redo, n.move ?? ''] });
    if (!n.children.length && !n.reset) tree.remove(n);
    void this.goto(n.parent);
  }

  /** redoMove plays the move undone last again. */
  redoMove(): void {
    const { redo, locked } = this.s;
    if (!redo.length || locked) return;
    const m = redo[redo.length - 1];
    this.store.update({ redo: redo.slice(0, -1) });
    if (m) void this.playMove(m, performance.now(), true);
  }

  /** promote, deleteBranch and mainLine act on the variation shown. */
  promote(): void {
    this.s.tree.promote(this.s.cur);
    void this.refresh();
  }

  deleteBranch(): void {
    const b = this.s.tree.branchStart(this.s.cur);
    if (b) void this.goto(this.s.tree.remove(b));
  }

  mainLine(): void {
    const b = this.s.tree.branchStart(this.s.cur);
    if (b?.parent) void this.goto(b.parent.children[0]);
  }

  /**
   * previewLine shows a candidate's principal variation on the board:
   * numbered destinations on the position after the line.
   */
  async previewLine(move: string | null, pv: string[]): Promise<void> {
    if (!move || !this.s.pos) {
      this.store.update({ preview: null });
      return;
    }
    const marks: NonNullable<ViewState['pv']> = {};
    const { cur, tree } = this.s;
    let colour: string = this.s.pos.toMove ?? 'red';
    pv.forEach((m, i) => {
      const p = parseMove(m);
      if (p && p.kind !== 'break') marks[p.to] = { n: i + 1, colour };
      colour = nextColour(colour, tree.rules.players ?? 2);
    });
    this.store.update({ preview: { move, marks } });
    const rec = tree.record(cur);
    try {
      const pos = await this.position({ ...rec, moves: rec.moves.concat(pv) });
      const p = this.s.preview;
      if (this.s.cur === cur && p && p.move === move) this.store.update({ preview: { ...p, diagram: pos.board } });
    } catch {
      /* a line the server rejects is shown without its position */
    }
  }

  /** setMode leaves the mode in use, shows name's panels and enters it. */
  setMode(name: ModeName): void {
    const next = this.modes.get(name);
    if (!next) return;
    if (name !== this.s.mode) this.mode.leave();
    this.store.update({ mode: name });
    bodyState('mode', name);
    for (const b of document.querySelectorAll<HTMLElement>('[data-mode-button]')) b.setAttribute('aria-pressed', String(b.dataset.modeButton === name));
    for (const p of document.querySelectorAll<HTMLElement>('[data-panel]')) p.hidden = !next.panels.includes(p.id);
    next.enter();
  }
}
