// The opening explorer page: a heat map of the placements of each step of
// the placement phase (GET /v1/openings/explorer), navigation down the
// placement tree with the mouse or the keyboard, and the most frequent
// opening states of self-play. It talks to its own origin only.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const files = 'ABCDEFG';
  const state = { opening: 'four-stone', moves: [], forward: [], metric: 'prior', data: null, cursor: 24, seq: 0 };

  const squareName = (i) => files[i % 7] + String(Math.floor(i / 7) + 1);
  const pct = (v) => (v === null || v === undefined ? '–' : (v * 100).toFixed(1) + '%');

  function authHeaders() {
    const key = ($('api-key').value || '').trim();
    return key ? { Authorization: 'Bearer ' + key } : {};
  }

  function showError(msg) {
    $('error').textContent = msg;
    $('error').hidden = !msg;
  }

  // readLocation takes the opening and the path from the page's URL.
  function readLocation() {
    const q = new URLSearchParams(location.search);
    state.opening = q.get('opening') === 'empty' ? 'empty' : 'four-stone';
    const m = (q.get('moves') || '').trim();
    state.moves = m ? m.split(',') : [];
    $('opening').value = state.opening;
  }

  function pageURL() {
    const q = new URLSearchParams({ opening: state.opening });
    if (state.moves.length) q.set('moves', state.moves.join(','));
    return '/openings?' + q.toString();
  }

  // go shows the node of moves; push records it in the browser's history
  // (its back and forward buttons then work too).
  async function go(moves, push) {
    state.moves = moves;
    if (push) history.pushState(null, '', pageURL());
    const seq = ++state.seq;
    document.body.dataset.state = 'loading';
    const q = new URLSearchParams({ opening: state.opening });
    if (moves.length) q.set('moves', moves.join(','));
    try {
      const res = await fetch('/v1/openings/explorer?' + q.toString(), { headers: authHeaders() });
      const body = await res.json();
      if (seq !== state.seq) return;
      if (!res.ok) {
        const e = body.error || {};
        showError((e.field ? e.field + ': ' : '') + (e.message || res.statusText));
        document.body.dataset.state = 'error';
        return;
      }
      showError('');
      state.data = body;
      render();
      document.body.dataset.state = 'ready';
    } catch (err) {
      if (seq !== state.seq) return;
      showError('The explorer could not be reached: ' + err);
      document.body.dataset.state = 'error';
    }
  }

  function place(move) {
    const expect = state.forward.length && state.forward[state.forward.length - 1] === move;
    state.forward = expect ? state.forward.slice(0, -1) : [];
    go(state.moves.concat([move]), true);
  }
  function back() {
    if (!state.moves.length) return;
    state.forward.push(state.moves[state.moves.length - 1]);
    go(state.moves.slice(0, -1), true);
  }
  function forward() {
    if (!state.forward.length) return;
    go(state.moves.concat([state.forward.pop()]), true);
  }
  function home() {
    if (!state.moves.length) return;
    state.forward = state.moves.slice().reverse();
    go([], true);
  }

  // colour returns a cell's background for a value of the metric.
  function colour(v) {
    if (v === null || v === undefined) return '#fff';
    if (state.metric === 'prior') return 'rgba(42,157,63,' + Math.min(1, Math.sqrt(v)).toFixed(3) + ')';
    const d = Math.max(-1, Math.min(1, (v - 0.5) * 4));
    return d >= 0 ? 'rgba(215,38,61,' + d.toFixed(3) + ')' : 'rgba(27,101,201,' + (-d).toFixed(3) + ')';
  }

  function render() {
    const d = state.data;
    const step = d.steps[d.steps.length - 1];
    $('step').textContent = step.placed + ' of ' + d.placementOrder.length;
    $('back').disabled = !state.moves.length;
    $('forward').disabled = !state.forward.length;
    $('home').disabled = !state.moves.length;
    const path = $('path');
    path.replaceChildren();
    state.moves.forEach((m, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = (i + 1) + '. ' + m;
      b.className = d.placementOrder[i];
      b.title = 'Back to the position after ' + m;
      b.addEventListener('click', () => { state.forward = state.moves.slice(i + 1).reverse(); go(state.moves.slice(0, i + 1), true); });
      li.append(b);
      path.append(li);
    });
    const toMove = $('to-move');
    toMove.textContent = step.phase === 'setup' ? step.toMove : 'nobody: the placement phase is over';
    toMove.className = step.phase === 'setup' ? 'player ' + step.toMove : '';
    $('red-winrate').textContent = pct(step.redWinrate);
    $('red-value').textContent = step.redValue === undefined ? '–' : pct(step.redValue);
    $('visits').textContent = step.visits || '–';
    $('source').textContent = step.phase !== 'setup' ? 'the previous step\u2019s search' : step.computed ? 'searched now (not in the table yet)' : 'the opening table';
    $('order').textContent = d.placementOrder.join(', ');
    const curve = $('curve');
    curve.replaceChildren(...d.steps.map((s) => {
      const li = document.createElement('li');
      li.textContent = 'step ' + s.placed + ': ' + pct(s.redWinrate);
      return li;
    }));
    renderGrid(step);
    const best = $('best');
    const ranked = step.placements.slice().sort((a, b) => b.prior - a.prior).slice(0, 5);
    best.replaceChildren(...ranked.map((p) => {
      const li = document.createElement('li');
      li.innerHTML = '<code></code> policy <span class="p"></span>, Red win rate <span class="w"></span>';
      li.querySelector('code').textContent = p.move;
      li.querySelector('.p').textContent = pct(p.prior);
      li.querySelector('.w').textContent = pct(p.redWinrate);
      return li;
    }));
    renderFrequent(d);
  }

  function renderGrid(step) {
    const grid = $('grid');
    const byMove = {};
    step.placements.forEach((p) => { byMove[p.move] = p; });
    const colourOf = {};
    Object.keys(step.stones || {}).forEach((c) => step.stones[c].forEach((s) => { colourOf[s] = c; }));
    if (!byMove[squareName(state.cursor)] && step.placements.length) {
      const top = step.placements.reduce((a, b) => (b.prior > a.prior ? b : a));
      state.cursor = files.indexOf(top.move[0]) + 7 * (Number(top.move.slice(1)) - 1);
    }
    const hadFocus = grid.contains(document.activeElement);
    grid.replaceChildren();
    for (let row = 6; row >= 0; row--) {
      for (let col = 0; col < 7; col++) {
        const i = row * 7 + col;
        const name = squareName(i);
        const cell = document.createElement('button');
        cell.type = 'button';
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.dataset.index = String(i);
        cell.dataset.move = name;
        cell.tabIndex = i === state.cursor ? 0 : -1;
        const label = document.createElement('span');
        label.className = 'sq';
        label.textContent = name;
        cell.append(label);
        const p = byMove[name];
        if (colourOf[name]) {
          cell.classList.add('stone', colourOf[name]);
          cell.setAttribute('aria-label', name + ': ' + colourOf[name] + ' stone');
        } else if (p) {
          const v = state.metric === 'prior' ? p.prior : p.redWinrate;
          cell.dataset.prior = String(p.prior);
          cell.dataset.winrate = p.redWinrate === null ? '' : String(p.redWinrate);
          cell.style.background = colour(v);
          const val = document.createElement('span');
          val.className = 'v';
          val.textContent = state.metric === 'prior' ? (p.prior * 100).toFixed(1) : (v === null ? '–' : (v * 100).toFixed(1));
          cell.append(val);
          cell.setAttribute('aria-label', name + ': policy ' + pct(p.prior) + ', Red win rate ' + pct(p.redWinrate) + (p.childVisits ? '' : ' (child not in the table)'));
          cell.addEventListener('click', () => { state.cursor = i; place(name); });
        } else {
          cell.classList.add('none');
          cell.setAttribute('aria-label', name + ': empty');
        }
        grid.append(cell);
      }
    }
    if (hadFocus) focusCursor();
  }

  function focusCursor() {
    const c = $('grid').querySelector('[data-index="' + state.cursor + '"]');
    if (c) c.focus();
  }

  function renderFrequent(d) {
    $('games').textContent = d.selfplayGames ? '(' + d.selfplayGames + ' games, ' + d.selfplayVisits + ' visits a move)' : '(none counted yet: wallzero explorer selfplay)';
    const tbody = $('frequent').querySelector('tbody');
    tbody.replaceChildren(...d.frequent.map((f, i) => {
      const tr = document.createElement('tr');
      tr.tabIndex = 0;
      tr.innerHTML = '<td></td><td><code></code></td><td></td><td></td>';
      tr.children[0].textContent = String(i + 1);
      tr.querySelector('code').textContent = f.moves.join(' ');
      tr.children[2].textContent = pct(f.frequency) + ' (' + f.games + ')';
      tr.children[3].textContent = pct(f.redScore);
      const open = () => { state.forward = []; go(f.moves.slice(), true); };
      tr.addEventListener('click', open);
      tr.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); open(); } });
      return tr;
    }));
  }

  function onGridKey(e) {
    if (e.key === 'Enter' || e.key === ' ') {
      // Handled here (not by the button's own activation), so that a
      // key press places exactly once.
      e.preventDefault();
      const c = e.target.closest('.cell');
      if (c && c.dataset.prior !== undefined) { state.cursor = Number(c.dataset.index); place(c.dataset.move); }
      return;
    }
    const moves = { ArrowUp: 7, ArrowDown: -7, ArrowLeft: -1, ArrowRight: 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const col = state.cursor % 7;
    if ((e.key === 'ArrowLeft' && col === 0) || (e.key === 'ArrowRight' && col === 6)) return;
    const next = state.cursor + moves[e.key];
    if (next < 0 || next > 48) return;
    state.cursor = next;
    $('grid').querySelectorAll('.cell').forEach((c) => { c.tabIndex = Number(c.dataset.index) === next ? 0 : -1; });
    focusCursor();
  }

  function onKey(e) {
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA') || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Backspace') { e.preventDefault(); back(); }
    else if (e.key === 'f' || e.key === 'F') forward();
    else if (e.key === 'Home') { e.preventDefault(); home(); }
    else if (e.key === 'p' || e.key === 'P') setMetric('prior');
    else if (e.key === 'w' || e.key === 'W') setMetric('winrate');
  }

  function setMetric(m) {
    state.metric = m;
    document.querySelector('input[name=metric][value="' + m + '"]').checked = true;
    if (state.data) render();
  }

  document.addEventListener('DOMContentLoaded', () => {
    readLocation();
    $('grid').addEventListener('keydown', onGridKey);
    document.addEventListener('keydown', onKey);
    $('back').addEventListener('click', back);
    $('forward').addEventListener('click', forward);
    $('home').addEventListener('click', home);
    $('opening').addEventListener('change', () => { state.opening = $('opening').value; state.forward = []; go([], true); });
    document.querySelectorAll('input[name=metric]').forEach((r) => r.addEventListener('change', () => setMetric(r.value)));
    $('api-key').addEventListener('change', () => go(state.moves, false));
    $('controls').addEventListener('submit', (e) => e.preventDefault());
    window.addEventListener('popstate', () => { readLocation(); go(state.moves, false); });
    go(state.moves, false);
  });
})();
