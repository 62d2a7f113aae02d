// The review page: submit a game record (POST /v1/reviews), follow the
// job (GET /v1/reviews/{id}), then step through the game with the board
// (/v1/render/board.svg), the win-rate curve (/v1/reviews/{id}/winrate.svg),
// the best alternative and the classification of every move. A game of
// three or four players reads the same: every player's win rate is in
// the curve's winrates, the picture draws a line per player.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);

  // A short four-stone game: Blue walls itself into two corners.
  const EXAMPLE = {
    rules: { players: 2, opening: 'four-stone' },
    moves: ['D4', 'A1', 'A2', 'D2', 'D4-D4:N', 'A2-A2:N', 'D4-D4:E', 'B2-B2:N', 'D4-D4:W', 'B2-B2:E',
      'D2-D2:N', 'B2-B1:E', 'D2-D2:E', 'F6-F6:S', 'D2-D2:W', 'F6-F6:W', 'F2-F2:N', 'F6-G6:S', 'F2-F2:E', 'G6-F7:W'],
  };

  // state: the review shown or followed.
  let state = null;
  let timer = null;

  function showError(msg) {
    $('error').textContent = msg;
    $('error').hidden = false;
  }

  function clearError() {
    $('error').hidden = true;
    $('error').textContent = '';
  }

  // apiKey returns the API key typed on the page ('' when none: a server
  // run with -auth off needs none).
  function apiKey() {
    return ($('api-key').value || '').trim();
  }

  // authHeaders returns the Authorization header of the typed key.
  function authHeaders() {
    const key = apiKey();
    return key ? { Authorization: 'Bearer ' + key } : {};
  }

  // setPicture shows an SVG of the API in img: by URL without a key, or
  // fetched with the key's header (an <img> cannot send one) as a blob.
  const blobs = {};
  async function setPicture(img, url) {
    img.dataset.url = url;
    if (!apiKey()) { img.src = url; return; }
    const res = await fetch(url, { headers: authHeaders() });
    if (!res.ok) { img.removeAttribute('src'); return; }
    const blob = URL.createObjectURL(await res.blob());
    if (blobs[img.id]) URL.revokeObjectURL(blobs[img.id]);
    blobs[img.id] = blob;
    img.src = blob;
  }

  // api calls the service and turns its JSON errors into messages.
  async function api(method, url, body) {
    const init = { method, headers: authHeaders() };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(url, init);
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const e = data && data.error;
      throw new Error(e ? (e.field ? e.field + ': ' : '') + e.message : res.status + ' ' + res.statusText);
    }
    return data;
  }

  function parseRecord(text) {
    let rec;
    try { rec = JSON.parse(text); } catch (e) { throw new Error('The record is not valid JSON: ' + e.message); }
    if (!rec || typeof rec !== 'object' || Array.isArray(rec)) {
      throw new Error('The record must be a JSON object with rules and moves.');
    }
    return rec;
  }

  async function submit(ev) {
    ev.preventDefault();
    clearError();
    let rec;
    try { rec = parseRecord($('record').value); } catch (e) { showError(e.message); return; }
    const body = Object.assign({}, rec);
    const visits = parseInt($('visits').value, 10);
    if (visits > 0 && body.maxVisits === undefined) body.maxVisits = visits;
    $('submit-button').disabled = true;
    try {
      const job = await api('POST', '/v1/reviews', body);
      const record = { rules: rec.rules || {}, moves: rec.moves || [] };
      if (rec.board) record.board = rec.board;
      try { sessionStorage.setItem('wz-record-' + job.id, JSON.stringify(record)); } catch (e) { /* private mode */ }
      history.replaceState(null, '', '#review=' + encodeURIComponent(job.id));
      follow(job.id, record);
    } catch (e) {
      showError(e.message);
      $('submit-button').disabled = false;
    }
  }

  function follow(id, record) {
    clearTimeout(timer);
    $('review').hidden = true;
    $('progress-box').hidden = false;
    $('status').textContent = 'queued';
    document.body.dataset.state = 'running';
    state = { id, record, result: null, ply: 0 };
    poll();
  }

  async function poll() {
    const id = state.id;
    let job;
    try {
      job = await api('GET', '/v1/reviews/' + encodeURIComponent(id));
    } catch (e) {
      showError(e.message);
      $('submit-button').disabled = false;
      document.body.dataset.state = 'error';
      return;
    }
    if (!state || state.id !== id) return;
    const p = job.progress || { done: 0, total: 0 };
    $('progress').max = Math.max(1, p.total);
    $('progress').value = p.done;
    $('status').textContent = `${job.status}: ${p.done} of ${p.total} positions analysed`;
    if (job.status === 'succeeded' && job.result) {
      if (!state.record && job.result.record) { // opened by id: the review carries its record
        state.record = job.result.record;
        $('record').value = JSON.stringify(state.record, null, 1);
      }
      $('submit-button').disabled = false;
      $('progress-box').hidden = true;
      showReview(job.result);
      return;
    }
    if (job.status === 'failed' || job.status === 'cancelled') {
      showError(`The review ${job.status}` + (job.error ? ': ' + job.error : '.'));
      $('submit-button').disabled = false;
      document.body.dataset.state = 'error';
      return;
    }
    timer = setTimeout(poll, 400);
  }

  const pct = (v) => (100 * v).toFixed(1) + '%';

  // lossText says what a move lost in both currencies: "loses 12.0% and
  // 3.5 points", or "loses 3.5 points" where the win rate no longer moves
  // (land thrown away in a decided game); '' when it lost nothing. A
  // review stored before losses in points has no pointsLoss.
  function lossText(m) {
    const parts = [];
    if (m.loss >= 0.0005) parts.push(pct(m.loss));
    if (m.pointsLoss >= 0.05) parts.push(m.pointsLoss.toFixed(1) + ' points');
    return parts.length ? 'loses ' + parts.join(' and ') : '';
  }

  // levelText is the level of a move in words (level.js).
  const levelText = (m) => window.WZLevel.text(m);

  // playersOf returns a review's colours in turn order (a review stored
  // before the field: those of its accuracy, red first).
  function playersOf(result) {
    if (result.players && result.players.length) return result.players;
    const order = ['red', 'blue', 'green', 'yellow'];
    return Object.keys(result.accuracy || {}).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }

  // ratesText names every player's win rate at a curve point, e.g.
  // "red 41.0%, blue 33.2%, green 25.8%".
  function ratesText(result, pt) {
    if (!pt) return '';
    if (!pt.winrates) return 'red ' + pct(pt.redWinrate);
    return playersOf(result).map((p) => `${p} ${pct(pt.winrates[p] || 0)}`).join(', ');
  }

  // moveText fills el with "N. Red E5-E4:N [class]".
  function moveText(el, m, extra) {
    el.textContent = '';
    el.append(`${m.ply + 1}. `);
    const who = document.createElement('span');
    who.className = 'player ' + m.player;
    who.textContent = m.player;
    el.append(who, ' ');
    const mv = document.createElement('span');
    mv.className = 'mv';
    mv.textContent = m.move;
    el.append(mv);
    const badge = document.createElement('span');
    badge.className = 'badge ' + m.classification;
    badge.textContent = m.classification;
    el.append(badge);
    if (extra) el.append(' ' + extra);
  }

  // proofText describes a proven result for the mover, e.g. "proven win by 3".
  function proofText(p) {
    if (!p) return '';
    const by = p.margin === undefined ? '' : p.result === 'draw' ? ` (margin ${p.margin})` : ` by ${Math.abs(p.margin)}`;
    return ` — proven ${p.result}${by}`;
  }

  // decidedText names the first move played in a position with a proven
  // result, e.g. " — decided at move 38 (proven win for red)".
  function decidedText(moves) {
    const m = moves.find((x) => x.proof);
    return m ? ` — decided at move ${m.ply + 1} (proven ${m.proof.result} for ${m.player})` : '';
  }

  function showReview(result) {
    state.result = result;
    const acc = result.accuracy || {};
    $('accuracy').textContent = playersOf(result).filter((p) => acc[p] !== undefined)
      .map((p) => `${p} ${acc[p].toFixed(1)}%`).join(', ') + decidedText(result.moves);
    $('curve').alt = playersOf(result).length > 2 ? 'Each player\'s win rate per ply' : 'Red\'s win rate per ply';
    const est = result.ratingEstimate || {};
    $('rating').textContent = Object.keys(est).sort((a, b) => (a === 'red' ? -1 : b === 'red' ? 1 : 0))
      .map((p) => `${p} ${Math.round(est[p].rating)} (95%: ${Math.round(est[p].interval[0])} to ${Math.round(est[p].interval[1])})`).join(', ') ||
      (playersOf(result).length > 2 ? 'none (the estimate is calibrated on two-player games)'
        : 'none (no calibration for this review\'s model and visits, or too few open moves)');
    const body = $('moves').tBodies[0];
    body.textContent = '';
    result.moves.forEach((m, i) => {
      const tr = body.insertRow();
      tr.dataset.ply = i;
      const points = m.pointsLoss >= 0.05 ? m.pointsLoss.toFixed(1) : '';
      const cells = [String(i + 1), m.player, m.move, m.classification, m.loss > 0 ? pct(m.loss) : '', points, m.bestMove || '',
        m.level ? (m.level.lowestName ? m.level.lowestName + '+' : 'none') : ''];
      cells.forEach((t, k) => {
        const td = tr.insertCell();
        td.textContent = t;
        if (k === 1) td.className = 'player ' + m.player;
        if (k === 4 || k === 5) td.className = 'num';
        if (k === 2 || k === 6) td.className = 'mv';
        if (k === 7 && m.level) td.title = levelText(m);
      });
      tr.addEventListener('click', () => go(i));
    });
    if (window.WZExplain) window.WZExplain.turningPoints(result, go);
    $('review').hidden = false;
    document.body.dataset.state = 'ready';
    go(0);
  }

  // go shows the position after ply moves, with arrows for the next move.
  function go(ply) {
    if (!state || !state.result) return;
    const moves = state.result.moves;
    const n = moves.length;
    ply = Math.max(0, Math.min(n, ply));
    state.ply = ply;
    const q = new URLSearchParams({ record: JSON.stringify(state.record), turn: String(ply) });
    const next = ply < n ? moves[ply] : null;
    if (next) {
      if (next.bestMove && next.bestMove !== next.move) q.set('candidates', `${next.bestMove}@${next.bestWinrate}`);
      q.set('played', `${next.move}@${next.playedWinrate}`);
    }
    setPicture($('board'), '/v1/render/board.svg?' + q.toString());
    $('board').alt = `The board after ${ply} moves` + (next ? `; next ${next.player} played ${next.move}` : '');
    setPicture($('curve'), `/v1/reviews/${encodeURIComponent(state.id)}/winrate.svg?current=${ply}`);
    $('ply').textContent = `Ply ${ply} of ${n}`;
    $('ply').dataset.ply = String(ply);
    if (ply > 0) moveText($('last-move'), moves[ply - 1]); else $('last-move').textContent = 'none (start)';
    if (next) {
      moveText($('next-move'), next, lossText(next));
      $('best-move').textContent = next.bestMove
        ? `${next.bestMove} (${pct(next.bestWinrate)} for ${next.player}` +
          (next.bestScoreLead !== undefined ? `, lead ${next.bestScoreLead > 0 ? '+' : ''}${next.bestScoreLead.toFixed(1)} points` : '') +
          (next.bestMove === next.move ? ', played)' : ')')
        : 'none';
      $('best-move').textContent += proofText(next.proof);
      if (next.level) $('best-move').textContent += ' — ' + levelText(next);
    } else {
      $('next-move').textContent = 'none (end of the game)';
      $('best-move').textContent = 'none';
    }
    const pt = state.result.winrateCurve[ply];
    $('winrate').textContent = ratesText(state.result, pt);
    for (const tr of $('moves').tBodies[0].rows) tr.classList.toggle('current', Number(tr.dataset.ply) === ply);
    if (window.WZExplain) window.WZExplain.move(state, ply, setPicture);
    $('prev').disabled = ply === 0;
    $('first').disabled = ply === 0;
    $('next').disabled = ply === n;
    $('last').disabled = ply === n;
  }

  function onKey(ev) {
    if (!state || !state.result || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = ev.target && ev.target.tagName;
    if (tag === 'TEXTAREA' || tag === 'INPUT') return;
    const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.result.moves.length }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  }

  // onCurveClick jumps to the ply under the pointer (the curve's plot spans
  // x = 52..624 of its 640 units).
  function onCurveClick(ev) {
    if (!state || !state.result) return;
    const img = $('curve');
    const x = (ev.offsetX / img.clientWidth) * 640;
    const n = Math.max(1, state.result.moves.length);
    go(Math.round(((x - 52) / 572) * n));
  }

  function onFile() {
    const f = $('file').files[0];
    if (!f) return;
    f.text().then((t) => { $('record').value = t; }, (e) => showError('Reading the file failed: ' + e.message));
  }

  function resume() {
    const m = /^#review=([^&]+)$/.exec(location.hash);
    if (!m) return;
    const id = decodeURIComponent(m[1]);
    let record = null;
    try { record = JSON.parse(sessionStorage.getItem('wz-record-' + id)); } catch (e) { record = null; }
    // A review opened by its id (a link from elsewhere, or one submitted
    // with curl) brings its record with its result.
    if (record) $('record').value = JSON.stringify(record, null, 1);
    follow(id, record);
  }

  document.addEventListener('DOMContentLoaded', () => {
    // The key lives in this tab's session only.
    try { $('api-key').value = sessionStorage.getItem('wz-api-key') || ''; } catch (e) { /* private mode */ }
    $('api-key').addEventListener('change', () => {
      try { sessionStorage.setItem('wz-api-key', apiKey()); } catch (e) { /* private mode */ }
    });
    $('review-form').addEventListener('submit', submit);
    $('example').addEventListener('click', () => { $('record').value = JSON.stringify(EXAMPLE, null, 1); });
    $('file').addEventListener('change', onFile);
    $('first').addEventListener('click', () => go(0));
    $('prev').addEventListener('click', () => go(state.ply - 1));
    $('next').addEventListener('click', () => go(state.ply + 1));
    $('last').addEventListener('click', () => go(state.result.moves.length));
    $('curve').addEventListener('click', onCurveClick);
    document.addEventListener('keydown', onKey);
    document.body.dataset.state = 'idle';
    resume();
  });
})();
