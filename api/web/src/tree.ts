// tree.ts: the game tree of the board, with no DOM. A node is one move
// (or, for a turn skipped by the move timer, a restart from an explicit
// position); a node's first child is its main line, the others are
// variations. The tree travels in share links (encodeTree, decodeTree)
// and is the board's undo history.
import type { Diagram, GameRecord, MoveReview, Rules } from './api.js';

/** One position of the tree: the move that led to it and what follows. */
export interface TreeNode {
  id: number;
  parent: TreeNode | null;
  move: string | null;
  /** reset: the explicit position a skipped turn restarts from. */
  reset: Diagram | null;
  children: TreeNode[];
  /** note: the review of the move, once the game is reviewed. */
  note: MoveReview | null;
  /** mover and skipped: who played it and who was skipped after it. */
  mover?: string;
  skipped?: string[];
  /** lastChild: the child last stepped back from (forward follows it). */
  lastChild?: TreeNode;
}

let nextID = 1;

function node(parent: TreeNode | null, move: string | null, reset: Diagram | null): TreeNode {
  return { id: nextID++, parent, move, reset, children: [], note: null };
}

/** The tree's compact form: each node is [move, ...children]. */
type Packed = [string | { reset: Diagram }, ...unknown[]];

/** The share link's JSON. */
export interface PackedTree {
  rules: Rules;
  board?: Diagram;
  tree: Packed[];
}

/** Tree holds the rules, the optional start diagram and the root. */
export class Tree {
  readonly rules: Rules;
  readonly board: Diagram | null;
  readonly root: TreeNode;

  constructor(rules: Rules, board?: Diagram | null) {
    this.rules = { ...rules };
    this.board = board ?? null;
    this.root = node(null, null, null);
  }

  /** path returns the nodes from the root's first move to n. */
  path(n: TreeNode): TreeNode[] {
    const out: TreeNode[] = [];
    for (let x: TreeNode | null = n; x && x.parent; x = x.parent) out.push(x);
    return out.reverse();
  }

  /** ply is the number of moves from the start to n. */
  ply(n: TreeNode): number {
    return this.path(n).length;
  }

  /**
   * record is the game record of the position at n: rules, start board
   * and moves. A timer skip restarts the record from its explicit position.
   */
  record(n: TreeNode): GameRecord & { moves: string[] } {
    let board = this.board;
    let moves: string[] = [];
    for (const x of this.path(n)) {
      if (x.reset) {
        board = x.reset;
        moves = [];
      } else if (x.move) moves.push(x.move);
    }
    const rec: GameRecord & { moves: string[] } = { rules: this.rules, moves };
    if (board) rec.board = board;
    return rec;
  }

  /** mainRecord is the record of the main line. */
  mainRecord(): GameRecord & { moves: string[] } {
    return this.record(this.lineEnd(this.root));
  }

  /**
   * play returns n's child for move, made (as the last variation, or the
   * main line when n has none) if it is new.
   */
  play(n: TreeNode, move: string): TreeNode {
    const found = n.children.find((c) => c.move === move && !c.reset);
    if (found) return found;
    const c = node(n, move, null);
    n.children.push(c);
    return c;
  }

  /** skip appends a restart from diagram (a turn lost to the timer). */
  skip(n: TreeNode, diagram: Diagram): TreeNode {
    const c = node(n, null, diagram);
    n.children.push(c);
    return c;
  }

  /**
   * branchStart is the first node of the variation holding n (n itself,
   * or an ancestor that is not its parent's first child); null on the
   * main line.
   */
  branchStart(n: TreeNode): TreeNode | null {
    for (let x: TreeNode | null = n; x && x.parent; x = x.parent) {
      if (x.parent.children[0] !== x) return x;
    }
    return null;
  }

  /** onMainLine is true when n lies on the main line. */
  onMainLine(n: TreeNode): boolean {
    return this.branchStart(n) === null;
  }

  /**
   * promote makes the variation holding n the main line at its branch
   * point; it returns false when n is on the main line already.
   */
  promote(n: TreeNode): boolean {
    const b = this.branchStart(n);
    if (!b || !b.parent) return false;
    const kids = b.parent.children;
    kids.splice(kids.indexOf(b), 1);
    kids.unshift(b);
    return true;
  }

  /** remove deletes n and everything after it; it returns n's parent. */
  remove(n: TreeNode): TreeNode {
    const p = n.parent;
    if (!p) return n;
    p.children.splice(p.children.indexOf(n), 1);
    return p;
  }

  /** lineEnd follows first children from n to the end. */
  lineEnd(n: TreeNode): TreeNode {
    let x = n;
    while (x.children.length) x = x.children[0];
    return x;
  }

  /** toJSON is the tree in its compact form (a skip is {"reset": diagram}). */
  toJSON(): PackedTree {
    const enc = (x: TreeNode): Packed => [x.reset ? { reset: x.reset } : (x.move ?? ''), ...x.children.map(enc)];
    const out: PackedTree = { rules: this.rules, tree: this.root.children.map(enc) };
    if (this.board) out.board = this.board;
    return out;
  }

  /** fromJSON rebuilds a tree from toJSON's form, checking its shape. */
  static fromJSON(o: unknown): Tree {
    if (!o || typeof o !== 'object' || !Array.isArray((o as PackedTree).tree)) throw new Error('not a game tree');
    const p = o as PackedTree;
    const t = new Tree(p.rules ?? {}, p.board ?? null);
    const dec = (parent: TreeNode, a: unknown): void => {
      if (!Array.isArray(a) || a.length === 0) throw new Error('bad tree node');
      const head: unknown = a[0];
      let c: TreeNode;
      if (typeof head === 'string') c = node(parent, head, null);
      else if (head && typeof head === 'object' && (head as { reset?: Diagram }).reset) c = node(parent, null, (head as { reset: Diagram }).reset);
      else throw new Error('bad tree node');
      parent.children.push(c);
      a.slice(1).forEach((k) => dec(c, k));
    };
    p.tree.forEach((k) => dec(t.root, k));
    return t;
  }

  /** fromRecord makes a one-line tree of a record and returns its end. */
  static fromRecord(rec: GameRecord): { tree: Tree; end: TreeNode } {
    const t = new Tree(rec.rules ?? {}, rec.board ?? null);
    let n = t.root;
    for (const m of rec.moves ?? []) n = t.play(n, m);
    return { tree: t, end: n };
  }
}

/** encodeTree writes a tree for a URL fragment: base64url of its UTF-8 JSON. */
export function encodeTree(tree: Tree): string {
  const bytes = new TextEncoder().encode(JSON.stringify(tree));
  let s = '';
  bytes.forEach((b) => {
    s += String.fromCharCode(b);
  });
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** decodeTree reads encodeTree's text back; it throws on damaged text. */
export function decodeTree(text: string): Tree {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const s = atob(b64 + '==='.slice((b64.length + 3) % 4));
  const bytes = Uint8Array.from(s, (ch) => ch.charCodeAt(0));
  return Tree.fromJSON(JSON.parse(new TextDecoder().decode(bytes)));
}
