// board-tree.js: the game tree of the analysis board. A node is one move
// (or, for a turn skipped by the move timer, a restart from an explicit
// position); a node's first child is its main line, the others are
// variations. The tree travels in share links and is the page's undo
// history.
'use strict';
window.WZ = window.WZ || {};
(() => {
  let nextID = 1;

  // node makes a tree node under parent.
  function node(parent, move, reset) {
    return { id: nextID++, parent, move: move || null, reset: reset || null, children: [], note: null };
  }

  // Tree holds the rules, the optional start diagram and the root.
  class Tree {
    constructor(rules, board) {
      this.rules = Object.assign({}, rules);
      this.board = board || null;
      this.root = node(null, null, null);
    }

    // path returns the nodes from the root's first move to n.
    path(n) {
      const out = [];
      for (let x = n; x && x.parent; x = x.parent) out.push(x);
      return out.reverse();
    }

    // ply is the number of moves from the start to n.
    ply(n) { return this.path(n).length; }

    // record is the game record of the position at n: rules, start board and
    // moves. A timer skip restarts the record from its explicit position.
    record(n) {
      let board = this.board;
      let moves = [];
      for (const x of this.path(n)) {
        if (x.reset) { board = x.reset; moves = []; } else moves.push(x.move);
      }
      const rec = { rules: this.rules, moves };
      if (board) rec.board = board;
      return rec;
    }

    // play returns n's child for move, made (as the last variation, or the
    // main line when n has none) if it is new.
    play(n, move) {
      const found = n.children.find((c) => c.move === move && !c.reset);
      if (found) return found;
      const c = node(n, move, null);
      n.children.push(c);
      return c;
    }

    // skip appends a restart from diagram (a turn lost to the timer).
    skip(n, diagram) {
      const c = node(n, null, diagram);
      n.children.push(c);
      return c;
    }

    // branchStart is the first node of the variation holding n (n itself,
    // or an ancestor that is not its parent's first child); null on the
    // main line.
    branchStart(n) {
      for (let x = n; x && x.parent; x = x.parent) {
        if (x.parent.children[0] !== x) return x;
      }
      return null;
    }

    // mainLine is true when n lies on the main line.
    onMainLine(n) { return this.branchStart(n) === null; }

    // promote makes the variation holding n the main line at its branch
    // point; it returns false when n is on the main line already.
    promote(n) {
      const b = this.branchStart(n);
      if (!b) return false;
      const kids = b.parent.children;
      kids.splice(kids.indexOf(b), 1);
      kids.unshift(b);
      return true;
    }

    // remove deletes n and everything after it; it returns n's parent.
    remove(n) {
      const p = n.parent;
      if (!p) return n;
      p.children.splice(p.children.indexOf(n), 1);
      return p;
    }

    // mainLineEnd follows first children from n to the end.
    lineEnd(n) {
      let x = n;
      while (x.children.length) x = x.children[0];
      return x;
    }

    // find returns the node with id, or null.
    find(id) {
      const walk = (x) => {
        if (x.id === id) return x;
        for (const c of x.children) { const f = walk(c); if (f) return f; }
        return null;
      };
      return walk(this.root);
    }

    // toJSON is the tree in a compact form: each node is [move, ...children]
    // (a skip is {"reset": diagram} in place of the move).
    toJSON() {
      const enc = (x) => [x.reset ? { reset: x.reset } : x.move, ...x.children.map(enc)];
      const out = { rules: this.rules, tree: this.root.children.map(enc) };
      if (this.board) out.board = this.board;
      return out;
    }

    // fromJSON rebuilds a tree from toJSON's form, checking its shape.
    static fromJSON(o) {
      if (!o || typeof o !== 'object' || !Array.isArray(o.tree)) throw new Error('not a game tree');
      const t = new Tree(o.rules || {}, o.board || null);
      const dec = (parent, a) => {
        if (!Array.isArray(a) || a.length === 0) throw new Error('bad tree node');
        const head = a[0];
        let c;
        if (typeof head === 'string') c = node(parent, head, null);
        else if (head && typeof head === 'object' && head.reset) c = node(parent, null, head.reset);
        else throw new Error('bad tree node');
        parent.children.push(c);
        a.slice(1).forEach((k) => dec(c, k));
      };
      o.tree.forEach((k) => dec(t.root, k));
      return t;
    }

    // fromRecord makes a one-line tree of a record.
    static fromRecord(rec) {
      const t = new Tree(rec.rules || {}, rec.board || null);
      let n = t.root;
      for (const m of rec.moves || []) n = t.play(n, m);
      return { tree: t, end: n };
    }
  }

  // encode and decode carry a tree in a URL fragment: base64url of its
  // UTF-8 JSON.
  function encode(tree) {
    const bytes = new TextEncoder().encode(JSON.stringify(tree));
    let s = '';
    bytes.forEach((b) => { s += String.fromCharCode(b); });
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function decode(text) {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const s = atob(b64 + '==='.slice((b64.length + 3) % 4));
    const bytes = Uint8Array.from(s, (ch) => ch.charCodeAt(0));
    return Tree.fromJSON(JSON.parse(new TextDecoder().decode(bytes)));
  }

  WZ.Tree = Tree;
  WZ.treeCodec = { encode, decode };
})();
