// board-view.js: draws the 7x7 board. Every square is a button
// (data-square="C3", with an aria-label saying what is on it); every wall
// slot offered to the user is a button (data-wall="C3:N"); stones, walls,
// dots for legal targets, arrows of the engine's candidates and the reach
// and ownership tints are drawn from one view state by render().
'use strict';
window.WZ = window.WZ || {};
(() => {
  const COLS = 'ABCDEFG';
  const CELL = 100; // overlay units per square (the overlay is 700 x 700)
  const SIDES = { N: 'north', E: 'east', S: 'south', W: 'west' };

  // Squares, A1 bottom-left to G7 top-right.
  const squares = [];
  for (let r = 1; r <= 7; r++) for (let c = 0; c < 7; c++) squares.push(COLS[c] + r);

  const col = (sq) => COLS.indexOf(sq[0]);
  const row = (sq) => Number(sq.slice(1));
  const index = (sq) => (row(sq) - 1) * 7 + col(sq); // A1..G7, as the API's maps
  const center = (sq) => [col(sq) * CELL + CELL / 2, (7 - row(sq)) * CELL + CELL / 2];

  // neighbour returns the square on side d of sq, or null at the edge.
  function neighbour(sq, d) {
    const c = col(sq) + (d === 'E' ? 1 : d === 'W' ? -1 : 0);
    const r = row(sq) + (d === 'N' ? 1 : d === 'S' ? -1 : 0);
    return c < 0 || c > 6 || r < 1 || r > 7 ? null : COLS[c] + r;
  }

  // canonical names a wall by its square's north or east side ("C4:S" is
  // "C3:N"), as the engine does.
  function canonical(sq, d) {
    if (d === 'S') return neighbour(sq, 'S') + ':N';
    if (d === 'W') return neighbour(sq, 'W') + ':E';
    return sq + ':' + d;
  }

  // wallBox places a bar on side d of sq, in percent of the board.
  function wallBox(sq, d) {
    const x = col(sq) / 7 * 100;
    const y = (7 - row(sq)) / 7 * 100;
    const w = 100 / 7;
    const t = 2.2; // thickness, percent
    switch (d) {
      case 'N': return { left: x, top: y - t / 2, width: w, height: t };
      case 'S': return { left: x, top: y + w - t / 2, width: w, height: t };
      case 'W': return { left: x - t / 2, top: y, width: t, height: w };
      default: return { left: x + w - t / 2, top: y, width: t, height: w };
    }
  }

  function place(el, box) {
    el.style.left = box.left + '%';
    el.style.top = box.top + '%';
    el.style.width = box.width + '%';
    el.style.height = box.height + '%';
  }

  const svgNS = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs) {
    const el = document.createElementNS(svgNS, tag);
    for (const k in attrs) el.setAttribute(k, attrs[k]);
    return el;
  }

  class BoardView {
    // constructor builds the 49 square buttons; onSquare and onWall receive
    // the square or wall name of a click (or Enter/Space on the button).
    constructor(boardEl, overlayEl, slotsEl, onSquare, onWall) {
      this.board = boardEl;
      this.overlay = overlayEl;
      this.slots = slotsEl;
      this.onWall = onWall;
      this.buttons = {};
      for (let r = 7; r >= 1; r--) {
        for (let c = 0; c < 7; c++) {
          const sq = COLS[c] + r;
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'sq';
          b.dataset.square = sq;
          b.setAttribute('role', 'gridcell');
          b.addEventListener('click', () => onSquare(sq));
          b.addEventListener('keydown', (ev) => this.arrowKeys(ev, sq));
          if (c === 0) { const l = document.createElement('span'); l.className = 'coord rank'; l.textContent = r; b.append(l); }
          if (r === 1) { const l = document.createElement('span'); l.className = 'coord file'; l.textContent = COLS[c]; b.append(l); }
          this.buttons[sq] = b;
          boardEl.append(b);
        }
      }
    }

    // arrowKeys moves the focus between squares with the arrow keys (the
    // page's own arrow keys step through the game outside the board).
    arrowKeys(ev, sq) {
      const d = { ArrowUp: 'N', ArrowDown: 'S', ArrowLeft: 'W', ArrowRight: 'E' }[ev.key];
      if (!d || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      ev.preventDefault();
      ev.stopPropagation();
      const n = neighbour(sq, d);
      if (n) this.buttons[n].focus();
    }

    // render draws st: {diagram, dots, selected, from, slots, arrows,
    // reach, owner, last, pv, edit}.
    render(st) {
      const stoneAt = {};
      const d = st.diagram || { stones: {}, walls: [] };
      for (const colour in d.stones || {}) for (const sq of d.stones[colour]) stoneAt[sq] = colour;
      const wallsAt = {};
      for (const w of d.walls || []) {
        wallsAt[w.square + ':' + w.side] = w.by;
      }
      const reach = {};
      if (st.reach) {
        for (const c in st.reach.exclusive || {}) for (const sq of st.reach.exclusive[c]) reach[sq] = c;
        for (const sq of st.reach.shared || []) reach[sq] = 'shared';
      }
      for (const sq of squares) {
        const b = this.buttons[sq];
        b.querySelectorAll('.stone, .dot, .pvnum').forEach((x) => x.remove());
        const colour = stoneAt[sq];
        if (colour) {
          const s = document.createElement('span');
          s.className = 'stone ' + colour;
          b.append(s);
        }
        const dot = st.dots && st.dots.has(sq);
        if (dot) {
          const s = document.createElement('span');
          s.className = 'dot';
          b.append(s);
        }
        const pv = st.pv && st.pv[sq];
        if (pv) {
          const s = document.createElement('span');
          s.className = 'pvnum ' + pv.colour;
          s.textContent = pv.n;
          b.append(s);
        }
        b.classList.toggle('target', !!dot);
        b.classList.toggle('selected', st.selected === sq);
        b.classList.toggle('last', !!st.last && st.last.includes(sq));
        b.dataset.reach = reach[sq] || '';
        b.style.removeProperty('--own');
        b.classList.toggle('owner', !!st.owner);
        if (st.owner) b.style.setProperty('--own', String(st.owner[index(sq)]));
        const walls = ['N', 'E', 'S', 'W'].filter((s) => {
          const k = canonical(sq, s);
          return k && wallsAt[k];
        }).map((s) => SIDES[s]);
        let label = sq + ': ' + (colour ? colour + ' stone' : 'empty');
        if (walls.length) label += ', walls ' + walls.join(' ');
        if (dot) label += ', legal target';
        if (st.selected === sq) label += ', selected';
        b.setAttribute('aria-label', label);
      }
      this.drawWalls(d.walls || [], st);
      this.drawArrows(st.arrows || []);
    }

    // drawWalls shows built walls and the slots offered: build slots
    // around the chosen destination, breakable walls, or every slot in the
    // editor.
    drawWalls(walls, st) {
      // Redraw only when something changed: a slot button rebuilt between
      // a press and its release would lose the click.
      const key = JSON.stringify([walls, st.slots || []]);
      if (key === this.wallsKey) return;
      this.wallsKey = key;
      this.slots.textContent = '';
      const offered = {};
      for (const s of st.slots || []) offered[s.ref] = s;
      for (const w of walls) {
        const ref = w.square + ':' + w.side;
        if (offered[ref]) continue; // drawn as a button below
        const el = document.createElement('div');
        el.className = 'wall built ' + w.by;
        place(el, wallBox(w.square, w.side));
        this.slots.append(el);
      }
      for (const s of st.slots || []) {
        const [sq, side] = s.ref.split(':');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'wall slot ' + s.kind + (s.by ? ' ' + s.by : '');
        b.dataset.wall = s.ref;
        const what = { build: 'build a wall', break: 'break the wall', add: 'put a wall', remove: 'remove the wall' }[s.kind];
        b.setAttribute('aria-label', `${what} on the ${SIDES[side]} side of ${sq}`);
        b.title = s.ref;
        place(b, wallBox(sq, side));
        b.addEventListener('click', (ev) => { ev.stopPropagation(); this.onWall(s.ref); });
        this.slots.append(b);
      }
    }

    // drawArrows draws the engine's candidates: an arrow from the stone to
    // its destination with a tick where the wall goes, a ring for a stay or
    // a placement, and the win rate beside it.
    drawArrows(arrows) {
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
          const ex = tx - (tx - fx) / len * 22;
          const ey = ty - (ty - fy) / len * 22;
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

  // parseMove splits a move in the project's notation: {kind, from, to,
  // side} ("C3": place; "E5-E4:N": turn; "xD4:E": break).
  function parseMove(m) {
    let t = m.trim();
    const sp = t.indexOf(' ');
    if (sp >= 0) t = t.slice(sp + 1).trim();
    if (t[0] === 'x') { const [sq, side] = t.slice(1).split(':'); return { kind: 'break', to: sq, side }; }
    if (t.includes('-')) {
      const [from, rest] = t.split('-');
      const [to, side] = rest.split(':');
      return { kind: 'turn', from, to, side };
    }
    return { kind: 'place', to: t };
  }

  WZ.board = { BoardView, squares, neighbour, canonical, parseMove, index };
})();
