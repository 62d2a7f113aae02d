// board-app.js: the analysis board's controller. It holds the game tree
// and the current node, asks the server for each position and its legal
// moves, turns clicks into moves (a placement; or a stone, its destination
// and a wall side; or, with three players, a wall to break), keeps the
// move list and the keyboard, and hands each position to the live engine
// view and to the mode in use (play, local, edit, review).
'use strict';
window.WZ = window.WZ || {};
(() => {
  const $ = (id) => document.getElementById(id);
  const COLOURS = ['red', 'blue', 'green', 'yellow'];

  const app = {
    tree: null, cur: null, pos: null, legal: null,
    sel: null, dest: null, breaking: false,
    mode: 'analysis', locked: false, preview: null, arrows: [],
    redo: [], posCache: new Map(), gen: 0, hooks: [],
  };
  WZ.app = app;

  // showError and notice write the page's two message lines.
  app.showError = (msg) => {
    $('error').textContent = msg || '';
    $('error').hidden = !msg;
  };
  app.notice = (msg) => {
    $('notice').textContent = msg || '';
    $('notice').hidden = !msg;
  };

  // rulesForm reads the rules chosen in the analysis panel.
  app.rulesForm = () => {
    const players = Number($('rule-players').value);
    return {
      players,
      opening: players === 2 ? $('rule-opening').value : 'empty',
      stay: $('rule-stay').value,
      tieBreak: $('rule-tiebreak').value,
    };
  };

  // position returns the server's view of the position of a record, cached
  // by the record's text.
  app.position = (rec) => {
    const key = JSON.stringify(rec);
    if (!app.posCache.has(key)) {
      const p = WZ.api.position(rec);
      p.catch(() => app.posCache.delete(key));
      app.posCache.set(key, p);
    }
    return app.posCache.get(key);
  };

  // group sorts the legal moves by what a click selects.
  function group(moves) {
    const g = { place: new Set(), turns: {}, breaks: new Set() };
    for (const m of moves) {
      const p = WZ.board.parseMove(m);
      if (p.kind === 'place') g.place.add(p.to);
      else if (p.kind === 'break') g.breaks.add(p.to + ':' + p.side);
      else {
        g.turns[p.from] = g.turns[p.from] || {};
        (g.turns[p.from][p.to] = g.turns[p.from][p.to] || []).push(p.side);
      }
    }
    return g;
  }

  // newGame starts an empty tree with rules (and an optional start board).
  app.newGame = (rules, board) => {
    app.tree = new WZ.Tree(rules, board || null);
    app.redo = [];
    app.reviewClear();
    return app.goto(app.tree.root);
  };

  // goto shows node n: its position, legal moves and analysis.
  app.goto = async (n, clickAt) => {
    const gen = ++app.gen;
    app.cur = n;
    app.sel = null;
    app.dest = null;
    app.breaking = false;
    app.preview = null;
    app.arrows = [];
    app.live.stop();
    const rec = app.tree.record(n);
    document.body.dataset.state = 'loading';
    let pos;
    try {
      pos = await app.position(rec);
    } catch (e) {
      if (gen !== app.gen) return;
      app.showError(e.message);
      document.body.dataset.state = 'error';
      return;
    }
    if (gen !== app.gen) return;
    app.showError('');
    app.pos = pos;
    app.legal = group(pos.legalMoves || []);
    // Remember who moved at each ply (and who was skipped) for the move list.
    const path = app.tree.path(n).filter((x) => !x.reset);
    const offset = path.length - (pos.movers || []).length;
    (pos.movers || []).forEach((c, i) => { if (path[i + offset]) path[i + offset].mover = c; });
    for (const s of pos.skipped || []) if (path[s.ply - 1 + offset]) path[s.ply - 1 + offset].skipped = s.players;
    app.render();
    app.renderMoves();
    document.body.dataset.state = 'ready';
    document.body.dataset.phase = pos.phase;
    document.body.dataset.ply = String(app.tree.ply(n));
    if (app.wantLive() && pos.phase !== 'over') app.live.start(rec, app, clickAt);
    else app.live.clear(pos.phase === 'over' ? '(game over)' : app.mode === 'play' ? '(hidden while you play)' : '(off)');
    for (const h of app.hooks) h(pos, n, clickAt);
  };

  // wantLive says whether the engine's live view runs in this mode.
  app.wantLive = () => $('live-on').checked && app.mode !== 'play' && app.mode !== 'edit' && app.mode !== 'local' && !(WZ.puzzle && WZ.puzzle.active);

  // playMove plays move (notation) from the current node.
  app.playMove = (move, clickAt, keepRedo) => {
    if (!keepRedo) app.redo = [];
    app.notice('');
    return app.goto(app.tree.play(app.cur, move), clickAt);
  };

  // viewState builds what the board view draws now.
  app.viewState = () => {
    const pos = app.pos;
    const st = { diagram: pos ? pos.board : null, dots: new Set(), slots: [], arrows: [] };
    if (!pos) return st;
    const g = app.legal;
    const last = app.cur && app.cur.move ? WZ.board.parseMove(app.cur.move) : null;
    if (last) st.last = [last.from, last.to].filter(Boolean);
    if (!app.locked && pos.phase === 'setup') g.place.forEach((s) => st.dots.add(s));
    if (!app.locked && pos.phase === 'play') {
      if (app.breaking) {
        g.breaks.forEach((ref) => st.slots.push({ ref, kind: 'break' }));
      } else if (app.sel) {
        st.selected = app.sel;
        Object.keys(g.turns[app.sel] || {}).forEach((s) => st.dots.add(s));
        if (app.dest) {
          st.dots = new Set([app.dest]);
          for (const side of g.turns[app.sel][app.dest]) st.slots.push({ ref: app.dest + ':' + side, kind: 'build' });
        }
      }
    }
    if (app.dest && app.sel !== app.dest) {
      // Show the stone on its destination while the wall is chosen.
      const d = JSON.parse(JSON.stringify(pos.board));
      for (const c in d.stones) d.stones[c] = d.stones[c].map((s) => (s === app.sel ? app.dest : s));
      st.diagram = d;
    }
    if (app.preview) {
      st.pv = app.preview.marks;
      st.diagram = app.preview.diagram || st.diagram;
    }
    if ($('show-arrows').checked && !app.sel && !app.breaking) st.arrows = app.arrows;
    const a = app.live.last;
    if (a && $('show-reach').checked && a.reachability) st.reach = a.reachability;
    if (a && $('show-owner').checked && a.ownership) st.owner = a.ownership;
    return st;
  };

  // render draws the board, the turn line and the input hint.
  app.render = () => {
    const pos = app.pos;
    app.view.render(app.viewState());
    if (!pos) return;
    const n = app.tree.ply(app.cur);
    $('ply').textContent = `Ply ${n}`;
    $('ply').dataset.ply = String(n);
    let line;
    if (pos.phase === 'over') {
      const r = pos.result || {};
      const scores = Object.entries(r.scores || {}).map(([c, v]) => `${c} ${v}`).join(', ');
      line = `Game over: ${r.winners && r.winners.length === 1 ? r.winners[0] + ' wins' : 'shared'} (${scores})`;
    } else {
      line = `${pos.toMove} to ${pos.phase === 'setup' ? 'place a stone' : pos.midTurn ? 'finish the turn (after the break)' : 'move'}`;
      if (pos.phase === 'setup' && pos.setup) line += ` (${pos.setup.done + 1} of ${pos.setup.total})`;
    }
    const skipped = app.cur && app.cur.skipped;
    if (skipped && skipped.length) line += ` · skipped: ${skipped.join(', ')}`;
    $('to-move').textContent = line;
    $('to-move').className = pos.toMove || '';
    const canBreak = pos.phase === 'play' && !app.locked && app.legal.breaks.size > 0;
    $('break-toggle').hidden = !canBreak;
    $('break-toggle').setAttribute('aria-pressed', String(app.breaking));
    let hint = '';
    if (app.locked) hint = 'Waiting for the engine…';
    else if (pos.phase === 'setup') hint = 'Click a square with a grey dot to place a stone.';
    else if (pos.phase === 'play') {
      if (app.breaking) hint = 'Click the wall to break (or Break a wall again to cancel).';
      else if (app.dest) hint = 'Click one of the faded bars to build the wall.';
      else if (app.sel) hint = 'Click a square with a dot (the stone itself to stay).';
      else hint = `Click one of ${pos.toMove}'s stones.`;
    }
    $('input-hint').textContent = hint;
    $('prev').disabled = !app.cur.parent;
    $('first').disabled = !app.cur.parent;
    $('next').disabled = !app.cur.children.length;
    $('last').disabled = !app.cur.children.length;
    $('undo').disabled = !app.cur.parent || app.locked;
    $('redo').disabled = !app.redo.length || app.locked;
    const onVar = !app.tree.onMainLine(app.cur);
    $('promote').disabled = !onVar;
    $('delete-branch').disabled = !onVar;
    $('main-line').disabled = !onVar;
  };

  // onSquare turns a square click into the next step of a move.
  app.onSquare = (sq) => {
    const clickAt = performance.now();
    if (app.mode === 'edit') { WZ.edit.square(sq); return; }
    const pos = app.pos;
    if (!pos || app.locked || pos.phase === 'over') return;
    const g = app.legal;
    if (pos.phase === 'setup') {
      if (g.place.has(sq)) app.playMove(sq, clickAt);
      return;
    }
    app.breaking = false;
    const own = g.turns[sq];
    if (app.sel && g.turns[app.sel] && g.turns[app.sel][sq] && !(app.dest && sq === app.dest)) {
      if (own && sq !== app.sel && !app.dest) { app.sel = sq; app.dest = null; } else app.dest = sq;
    } else if (own) {
      app.sel = sq === app.sel && !app.dest ? null : sq;
      app.dest = null;
    } else {
      app.sel = null;
      app.dest = null;
    }
    app.render();
  };

  // onWall builds the chosen wall (or breaks it) and plays the move.
  app.onWall = (ref) => {
    const clickAt = performance.now();
    if (app.mode === 'edit') { WZ.edit.wall(ref); return; }
    if (app.breaking) { app.playMove('x' + ref, clickAt); return; }
    if (!app.sel || !app.dest) return;
    const side = ref.split(':')[1];
    app.playMove(`${app.sel}-${app.dest}:${side}`, clickAt);
  };

  // moveLabel is "12. R E5-E4:N" for the node at ply.
  function moveLabel(n, ply) {
    if (n.reset) return `${ply}. (time out: turn skipped)`;
    const who = n.mover ? n.mover[0].toUpperCase() + ' ' : '';
    return `${ply}. ${who}${n.move}`;
  }

  // renderMoves draws the tree: the main line as a list, each variation
  // indented under the move it replaces.
  app.renderMoves = () => {
    const box = $('move-list');
    box.textContent = '';
    const entry = (n, ply, main) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move' + (n.mover ? ' ' + n.mover : '') + (n === app.cur ? ' current' : '');
      b.setAttribute('role', 'treeitem');
      b.dataset.ply = String(ply);
      b.dataset.node = String(n.id);
      b.dataset.line = main ? 'main' : 'variation';
      if (n === app.cur) b.setAttribute('aria-current', 'step');
      b.textContent = moveLabel(n, ply);
      if (n.note && n.note.classification) {
        const badge = document.createElement('span');
        badge.className = 'badge ' + n.note.classification;
        badge.textContent = n.note.classification;
        b.append(badge);
      }
      if (n.skipped && n.skipped.length) b.title = 'then skipped: ' + n.skipped.join(', ');
      b.addEventListener('click', () => app.goto(n));
      return b;
    };
    // line draws n and its first-child line, with variations as nested
    // groups after the move they branch from.
    const line = (start, ply, main, into) => {
      let n = start;
      let p = ply;
      for (;;) {
        into.append(entry(n, p, main));
        const parent = n.parent;
        if (parent && parent.children[0] === n && parent.children.length > 1) {
          for (const v of parent.children.slice(1)) {
            const g = document.createElement('div');
            g.className = 'variation';
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
    if (app.tree.root.children.length) {
      const first = app.tree.root.children[0];
      line(first, 1, true, box);
    }
    // Keep the current move in sight by scrolling the list only (not the
    // page, which would move the board under the pointer).
    const cur = box.querySelector('.current');
    if (cur) {
      const top = cur.offsetTop; // #move-list is positioned: its children measure from it
      if (top < box.scrollTop || top + cur.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top - box.clientHeight / 2;
    }
  };

  // step moves along the current line: back to the parent or forward to
  // the child last visited (the main line by default).
  app.step = (d) => {
    if (d < 0 && app.cur.parent) { app.cur.parent.lastChild = app.cur; app.goto(app.cur.parent); }
    if (d > 0 && app.cur.children.length) {
      const c = app.cur.lastChild && app.cur.children.includes(app.cur.lastChild) ? app.cur.lastChild : app.cur.children[0];
      app.goto(c);
    }
  };

  // undo takes the last move back (removing it when nothing follows it);
  // redo plays it again.
  app.undo = () => {
    const n = app.cur;
    if (!n.parent || app.locked) return;
    app.redo.push(n.move);
    if (!n.children.length && !n.reset) app.tree.remove(n);
    app.goto(n.parent);
  };
  app.redoMove = () => {
    if (!app.redo.length || app.locked) return;
    const m = app.redo.pop();
    if (m) app.playMove(m, performance.now(), true);
  };

  // previewLine shows a candidate's principal variation on the board:
  // numbered destinations on the position after the line.
  app.previewLine = async (move, pv) => {
    if (!move) { app.preview = null; app.render(); return; }
    const marks = {};
    const cur = app.cur;
    let colour = app.pos.toMove;
    pv.forEach((m, i) => {
      const p = WZ.board.parseMove(m);
      if (p.kind !== 'break') marks[p.to] = { n: i + 1, colour };
      colour = COLOURS[(COLOURS.indexOf(colour) + 1) % (app.tree.rules.players || 2)];
    });
    app.preview = { move, marks };
    const rec = app.tree.record(cur);
    try {
      const pos = await app.position(Object.assign({}, rec, { moves: rec.moves.concat(pv) }));
      if (app.cur === cur && app.preview && app.preview.move === move) app.preview.diagram = pos.board;
    } catch (e) { /* a line the server rejects is shown without its position */ }
    if (app.cur === cur) app.render();
  };

  // setMode shows a mode's panel.
  app.setMode = (mode) => {
    app.mode = mode;
    document.body.dataset.mode = mode;
    for (const b of document.querySelectorAll('[data-mode-button]')) b.setAttribute('aria-pressed', String(b.dataset.modeButton === mode));
    for (const p of document.querySelectorAll('.mode-panel')) p.hidden = p.id !== 'panel-' + mode;
    $('analysis-box').hidden = mode === 'play' || mode === 'local' || mode === 'edit';
    if (mode === 'edit') WZ.edit.begin();
    else if (app.pos) app.goto(app.cur);
  };

  function onKey(ev) {
    const tag = ev.target && ev.target.tagName;
    if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return;
    if ((ev.ctrlKey || ev.metaKey) && (ev.key === 'z' || ev.key === 'y')) {
      ev.preventDefault();
      if (ev.key === 'z') app.undo(); else app.redoMove();
      return;
    }
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const act = {
      ArrowLeft: () => app.step(-1), ArrowRight: () => app.step(1),
      Home: () => app.goto(app.tree.root), End: () => app.goto(app.tree.lineEnd(app.cur)),
      Escape: () => { app.sel = null; app.dest = null; app.breaking = false; app.render(); },
    }[ev.key];
    if (!act) return;
    ev.preventDefault();
    act();
  }

  document.addEventListener('DOMContentLoaded', () => {
    try { $('api-key').value = sessionStorage.getItem('wz-api-key') || ''; } catch (e) { /* private mode */ }
    $('api-key').addEventListener('change', () => {
      try { sessionStorage.setItem('wz-api-key', $('api-key').value.trim()); } catch (e) { /* private mode */ }
    });
    app.view = new WZ.board.BoardView($('board'), $('overlay'), $('slots'), app.onSquare, app.onWall);
    app.live = new WZ.Live({
      arrows: (list) => { app.arrows = list; app.render(); },
      preview: (move, pv) => app.previewLine(move, pv || []),
      playMove: (m) => app.playMove(m, performance.now()),
    });
    $('first').addEventListener('click', () => app.goto(app.tree.root));
    $('prev').addEventListener('click', () => app.step(-1));
    $('next').addEventListener('click', () => app.step(1));
    $('last').addEventListener('click', () => app.goto(app.tree.lineEnd(app.cur)));
    $('undo').addEventListener('click', app.undo);
    $('redo').addEventListener('click', app.redoMove);
    $('break-toggle').addEventListener('click', () => { app.breaking = !app.breaking; app.sel = null; app.dest = null; app.render(); });
    $('promote').addEventListener('click', () => { app.tree.promote(app.cur); app.goto(app.cur); });
    $('delete-branch').addEventListener('click', () => {
      const b = app.tree.branchStart(app.cur);
      if (b) app.goto(app.tree.remove(b));
    });
    $('main-line').addEventListener('click', () => {
      const b = app.tree.branchStart(app.cur);
      if (b) app.goto(b.parent.children[0]);
    });
    for (const id of ['show-arrows', 'show-reach', 'show-owner']) $(id).addEventListener('change', app.render);
    $('live-on').addEventListener('change', () => app.goto(app.cur));
    $('rule-players').addEventListener('change', () => { $('rule-opening').disabled = $('rule-players').value !== '2'; });
    $('new-game').addEventListener('click', () => app.newGame(app.rulesForm()));
    for (const b of document.querySelectorAll('[data-mode-button]')) b.addEventListener('click', () => app.setMode(b.dataset.modeButton));
    document.addEventListener('keydown', onKey);
    if (!WZ.records.openFromLocation()) app.newGame(app.rulesForm());
  });
})();
