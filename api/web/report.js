// report.js: a review as a page to print (/report#review=ID): the game's
// accuracy, mean points lost a move and mistakes per player (two, three
// or four), the win-rate curve (Red's, or a line per player with three or
// four), the board at each turning point with what it cost, the mistakes
// with their explanations, every move's loss in win rate and points, and the
// puzzles of the review with their answers at the end. Pictures are the
// API's SVGs, fetched with the API key when one is given.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const pct = (v) => (100 * v).toFixed(1) + '%';

  // hasPoints tells whether a review measured its moves' losses in points:
  // a review stored before them has no points thresholds, and one of three
  // or four players no score leads.
  const hasPoints = (r) => !!(r.thresholds && r.thresholds.inaccuracyPoints !== undefined) &&
    r.moves.some((m) => m.bestScoreLead !== undefined);

  // lossText says what a move lost in both currencies: "loses 12.0% and
  // 3.5 points", or "loses 3.5 points" where the win rate no longer moves
  // (land thrown away in a decided game), or "loses nothing".
  function lossText(m) {
    const parts = [];
    if (m.loss >= 0.0005) parts.push(pct(m.loss));
    if (m.pointsLoss >= 0.05) parts.push(m.pointsLoss.toFixed(1) + ' points');
    return parts.length ? 'loses ' + parts.join(' and ') : 'loses nothing';
  }

  // meanPoints is a player's mean points lost a move, with one decimal.
  function meanPoints(r, c) {
    const ms = r.moves.filter((m) => m.player === c);
    return ms.length ? (ms.reduce((s, m) => s + (m.pointsLoss || 0), 0) / ms.length).toFixed(1) : '—';
  }

  function headers() {
    const key = ($('api-key').value || '').trim();
    return key ? { Authorization: 'Bearer ' + key } : {};
  }

  async function getJSON(url) {
    const res = await fetch(url, { headers: headers() });
    const data = await res.json().catch(() => null);
    if (!res.ok) {
      const e = data && data.error;
      throw new Error(e ? (e.field ? e.field + ': ' : '') + e.message : res.status + ' ' + res.statusText);
    }
    return data;
  }

  // picture loads an SVG of the API into img as an object URL.
  async function picture(img, url) {
    const res = await fetch(url, { headers: headers() });
    if (!res.ok) throw new Error('picture: ' + res.status);
    const blob = URL.createObjectURL(await res.blob());
    await new Promise((done) => {
      img.onload = img.onerror = done;
      img.src = blob;
    });
  }

  // boardURL draws the record after turn moves.
  function boardURL(record, turn, title) {
    const q = new URLSearchParams({ record: JSON.stringify(record), turn: String(turn), title });
    return '/v1/render/board.svg?' + q.toString();
  }

  function figure(parent, caption) {
    const f = document.createElement('figure');
    const img = document.createElement('img');
    img.alt = caption;
    const cap = document.createElement('figcaption');
    cap.textContent = caption;
    f.append(img, cap);
    parent.append(f);
    return img;
  }

  async function load() {
    const id = decodeURIComponent((location.hash.match(/review=([^&]+)/) || [])[1] || '');
    if (!id) throw new Error('no review: open this page as /report#review=ID');
    const job = await getJSON('/v1/reviews/' + encodeURIComponent(id));
    if (job.status !== 'succeeded' || !job.result) throw new Error(`review ${id} is ${job.status}: a report needs a finished review`);
    const r = job.result;
    const rec = r.record;
    $('title').textContent = 'Game report' + (r.id ? ': ' + r.id : '');
    $('summary').textContent = `${r.moves.length} moves, ${rec.rules.players} players, ${rec.rules.opening} opening; reviewed by ${r.model} at ${r.visits} visits a position.`;
    const order = ['red', 'blue', 'green', 'yellow'];
    const players = r.players && r.players.length ? r.players : Object.keys(r.accuracy || {}).sort((a, b) => order.indexOf(a) - order.indexOf(b));
    $('curve').alt = players.length > 2 ? 'Each player\'s win rate per move' : 'Red\'s win rate per move';
    const pictures = [];
    // Accuracy and counts per player.
    const body = $('accuracy').tBodies[0];
    for (const c of players.filter((p) => (r.accuracy || {})[p] !== undefined)) {
      const count = (k) => r.moves.filter((m) => m.player === c && m.classification === k).length;
      const tr = body.insertRow();
      const e = (r.ratingEstimate || {})[c];
      const est = e ? `${Math.round(e.rating)} (${Math.round(e.interval[0])} to ${Math.round(e.interval[1])})` : '—';
      const points = hasPoints(r) ? meanPoints(r, c) : '—';
      for (const v of [c, (r.accuracy[c] || 0).toFixed(1) + '%', points, est, count('inaccuracy'), count('mistake'), count('blunder')]) tr.insertCell().textContent = String(v);
    }
    $('rating-note').hidden = !r.ratingEstimate;
    pictures.push(picture($('curve'), `/v1/reviews/${encodeURIComponent(id)}/winrate.svg`));
    // The board after each turning point, in the API's order (by cost,
    // largest first), with what each cost.
    const tps = r.turningPoints || [];
    $('turning-section').hidden = tps.length === 0;
    for (const tp of tps) {
      const cost = tp.cost === undefined ? ''
        : ` (cost ${pct(tp.cost)}` + (tp.pointsLoss >= 0.05 ? `, ${tp.pointsLoss.toFixed(1)} points lost)` : ')');
      const cap = `${tp.ply + 1}. ${tp.move}: ${tp.summary || tp.kind}${cost}`;
      pictures.push(picture(figure($('turning'), cap), boardURL(rec, tp.ply + 1, `after ${tp.ply + 1}. ${tp.move}`)));
    }
    // Mistakes and blunders with their explanations.
    const bad = r.moves.filter((m) => m.classification === 'mistake' || m.classification === 'blunder');
    for (const m of bad) {
      const li = document.createElement('li');
      const cls = document.createElement('span');
      cls.className = 'cls ' + m.classification;
      cls.textContent = m.classification;
      li.append(`${m.ply + 1}. ${m.player} ${m.move}: `, cls, ` (${lossText(m)}; best was ${m.bestMove}). ` + (m.explanation ? m.explanation.text : ''));
      $('mistakes').append(li);
    }
    if (!bad.length) $('mistakes').append(Object.assign(document.createElement('li'), { textContent: 'No mistakes.' }));
    // Every move's loss, in win rate and in points.
    const points = hasPoints(r);
    $('moves').tHead.rows[0].cells[5].hidden = !points;
    for (const m of r.moves) {
      const tr = $('moves').tBodies[0].insertRow();
      tr.dataset.ply = String(m.ply);
      tr.className = m.classification;
      const cells = [String(m.ply + 1), m.player, m.move, m.classification, m.loss >= 0.0005 ? pct(m.loss) : '', m.pointsLoss >= 0.05 ? m.pointsLoss.toFixed(1) : ''];
      cells.forEach((t, k) => {
        const td = tr.insertCell();
        td.textContent = t;
        if (k === 5) td.hidden = !points;
      });
    }
    // Puzzles, answers at the end.
    let ps = { puzzles: [], skipped: [] };
    try { ps = await getJSON('/v1/reviews/' + encodeURIComponent(id) + '/puzzles'); } catch (e) { ps.error = e.message; }
    const puzzles = ps.puzzles || [];
    puzzles.forEach((p, i) => {
      pictures.push(picture(figure($('puzzles'), `Puzzle ${i + 1}: ${p.player} to play (move ${p.ply + 1})`), boardURL(p.record, p.record.moves.length, `puzzle ${i + 1}`)));
      const li = document.createElement('li');
      li.textContent = `Puzzle ${i + 1}: ${p.solution} (${(p.line || []).join(' ')}); the game played ${p.played}, losing ${pct(p.loss)}.` + (p.explanation ? ' ' + p.explanation.text : '');
      $('answers').append(li);
    });
    if (!puzzles.length) {
      $('puzzles-section').querySelector('p').textContent = ps.error ? 'Puzzles: ' + ps.error
        : `No puzzles: ${(ps.skipped || []).length} mistake(s), none with a single clear answer.`;
      $('answers').hidden = true;
      $('puzzles-section').querySelector('h3').hidden = true;
    }
    await Promise.all(pictures);
    document.body.dataset.report = 'ready';
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('print').addEventListener('click', () => window.print());
    load().catch((e) => {
      $('error').textContent = e.message;
      $('error').hidden = false;
      document.body.dataset.report = 'error';
    });
  });
})();
