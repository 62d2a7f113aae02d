// board-review.js: a review on the board. The game's line is sent to
// POST /v1/reviews; when the job is done its classifications go onto the
// move list, and the win-rate curve, accuracy, turning points (with what each cost) and each
// move's loss in win rate and in points, best move, level (which levels of the ladder find the
// better move) and explanation are shown beside the board. Any
// position of the review can be explored with live analysis (a variation
// of the tree) and left again with "Back to the reviewed game". Games of
// three and four players (a local game on the board) are reviewed alike:
// the curve has a line per player, the accuracy names every player.
'use strict';
window.WZ = window.WZ || {};
(() => {
  const $ = (id) => document.getElementById(id);
  const pct = (v) => (100 * v).toFixed(1) + '%';
  // signed writes a score lead in points with one decimal and its sign.
  const signed = (v) => (v > 0 ? '+' : '') + v.toFixed(1);
  const KINDS = { 'lead-change': 'lead change', decided: 'decided', 'missed-chance': 'missed chance' };
  const ORDER = ['red', 'blue', 'green', 'yellow'];

  // playersOf returns a review's colours in turn order.
  const playersOf = (result) => (result.players && result.players.length ? result.players
    : Object.keys(result.accuracy || {}).sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));

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

  // costText says what a turning point cost, the number the API chose and
  // ordered the turning points by (win rate, a point counted as 1/30), with
  // the move's points lost: "cost 24.0%, 3.5 points lost".
  function costText(tp) {
    if (tp.cost === undefined) return '';
    return `cost ${pct(tp.cost)}` + (tp.pointsLoss >= 0.05 ? `, ${tp.pointsLoss.toFixed(1)} points lost` : '');
  }

  // levelText is the level of a move in words (level.js).
  const levelText = (m) => window.WZLevel.text(m);

  const review = { id: null, result: null, nodes: [], timer: null, curveURL: null };
  WZ.review = review;

  // clear forgets the review shown.
  WZ.app.reviewClear = () => {
    clearTimeout(review.timer);
    review.id = null;
    review.result = null;
    review.nodes = [];
    $('review-box').hidden = true;
    document.body.dataset.review = 'none';
  };

  // start reviews rec, the line of the tree from the root to its end.
  review.start = async (rec) => {
    const app = WZ.app;
    clearTimeout(review.timer);
    $('review-box').hidden = false;
    $('review-state').textContent = 'queued';
    $('review-progress').hidden = false;
    document.body.dataset.review = 'running';
    review.nodes = app.tree.path(app.tree.lineEnd(app.tree.root));
    try {
      const job = await WZ.api.createReview(rec);
      review.id = job.id;
      history.replaceState(null, '', location.pathname + location.search + '#review=' + encodeURIComponent(job.id));
      poll();
    } catch (e) {
      $('review-state').textContent = 'failed: ' + e.message;
      document.body.dataset.review = 'error';
    }
  };

  // open shows an existing review by id (a #review= link): its record
  // becomes the tree.
  review.open = async (id) => {
    review.id = id;
    $('review-box').hidden = false;
    document.body.dataset.review = 'running';
    poll(true);
  };

  async function poll(adopt) {
    const id = review.id;
    let job;
    try {
      job = await WZ.api.getReview(id);
    } catch (e) {
      $('review-state').textContent = 'failed: ' + e.message;
      document.body.dataset.review = 'error';
      return;
    }
    if (review.id !== id) return;
    const p = job.progress || { done: 0, total: 0 };
    $('review-progress').max = Math.max(1, p.total);
    $('review-progress').value = p.done;
    $('review-state').textContent = `${job.status}: ${p.done} of ${p.total} positions`;
    if (job.status === 'succeeded' && job.result) {
      if (adopt && job.result.record) {
        const { tree } = WZ.Tree.fromRecord(job.result.record);
        WZ.app.tree = tree;
        review.nodes = tree.path(tree.lineEnd(tree.root));
      }
      show(job.result);
      return;
    }
    if (job.status === 'failed' || job.status === 'cancelled') {
      $('review-state').textContent = job.status + (job.error ? ': ' + job.error : '');
      document.body.dataset.review = 'error';
      return;
    }
    review.timer = setTimeout(() => poll(adopt), 400);
  }

  // ratingText says each side's rating estimate with its 95% interval.
  function ratingText(est) {
    if (!est) return '';
    return 'Rating estimate: ' + Object.keys(est).sort().map((c) => {
      const e = est[c];
      return `${c} ${Math.round(e.rating)} (95%: ${Math.round(e.interval[0])} to ${Math.round(e.interval[1])})`;
    }).join(', ');
  }

  // show puts the review's content beside the board.
  function show(result) {
    const app = WZ.app;
    review.result = result;
    $('review-progress').hidden = true;
    $('review-state').textContent = `(${result.visits} visits a position)`;
    result.moves.forEach((m, i) => { if (review.nodes[i]) review.nodes[i].note = m; });
    const acc = result.accuracy || {};
    const players = playersOf(result);
    $('review-accuracy').textContent = 'Accuracy: ' + players.filter((c) => acc[c] !== undefined).map((c) => `${c} ${acc[c].toFixed(1)}%`).join(', ');
    $('review-curve').alt = players.length > 2 ? 'Each player\'s win rate per ply' : 'Red\'s win rate per ply';
    document.body.dataset.reviewPlayers = String(players.length);
    $('review-rating').textContent = ratingText(result.ratingEstimate);
    $('review-rating').hidden = !result.ratingEstimate;
    // The turning points in the API's order: by cost, largest first.
    const list = $('review-turning');
    list.textContent = '';
    for (const tp of result.turningPoints || []) {
      const li = document.createElement('li');
      li.dataset.kind = tp.kind;
      if (tp.cost !== undefined) li.dataset.cost = String(tp.cost);
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.ply = String(tp.ply);
      b.textContent = `${tp.ply + 1}. ${tp.move}`;
      b.addEventListener('click', () => goPly(tp.ply + 1));
      const cost = costText(tp);
      li.append(b, ` ${KINDS[tp.kind] || tp.kind}: ${tp.summary || ''}` + (cost ? ` (${cost})` : ''));
      // The level rides on the item (its text keeps ending with the cost).
      if (tp.level) {
        li.dataset.level = tp.level.lowestName || 'none';
        li.title = levelText(tp);
      }
      list.append(li);
    }
    $('review-report').href = '/report#review=' + encodeURIComponent(review.id);
    document.body.dataset.review = 'ready';
    app.renderMoves();
    goPly(0);
  }

  // goPly shows the reviewed game after ply moves.
  function goPly(ply) {
    const app = WZ.app;
    const n = ply <= 0 ? app.tree.root : review.nodes[Math.min(ply, review.nodes.length) - 1];
    if (n) app.goto(n);
  }
  review.goPly = goPly;

  // onPosition updates the review panel for the position shown.
  async function onPosition(pos, node) {
    if (!review.result) return;
    const idx = review.nodes.indexOf(node);
    const onLine = node === WZ.app.tree.root || idx >= 0;
    const ply = node === WZ.app.tree.root ? 0 : idx + 1;
    $('review-back').hidden = onLine;
    if (!onLine) {
      let b = node;
      while (b && b.parent && review.nodes.indexOf(b.parent) < 0 && b.parent !== WZ.app.tree.root) b = b.parent;
      const from = b && b.parent ? (b.parent === WZ.app.tree.root ? 0 : review.nodes.indexOf(b.parent) + 1) : 0;
      review.branchPly = from;
      $('review-move').textContent = `Exploring a variation from ply ${from} of the reviewed game.`;
    } else {
      const m = ply > 0 ? review.result.moves[ply - 1] : null;
      if (m) {
        const lt = lossText(m);
        const loss = lt ? ', ' + lt : '';
        const lead = m.bestScoreLead !== undefined && m.playedScoreLead !== undefined
          ? `, lead ${signed(m.bestScoreLead)} points against ${signed(m.playedScoreLead)} played` : '';
        const best = m.bestMove && m.bestMove !== m.move ? `; best was ${m.bestMove} (${pct(m.bestWinrate)} for ${m.player}${lead})` : '; the engine agrees';
        const ex = m.explanation ? ' ' + m.explanation.text : '';
        $('review-move').textContent = `${ply}. ${m.player} ${m.move}: ${m.classification}${loss}${best}.${ex}`;
        // The explanation says the level in words; the line's title says
        // it in short.
        $('review-move').title = levelText(m);
      } else $('review-move').textContent = 'The start of the reviewed game.';
    }
    const url = `/v1/reviews/${encodeURIComponent(review.id)}/winrate.svg?current=${onLine ? ply : review.branchPly}`;
    try {
      const blob = await WZ.api.picture(url);
      if (review.curveURL) URL.revokeObjectURL(review.curveURL);
      review.curveURL = blob;
      $('review-curve').src = blob;
    } catch (e) { /* the curve is drawn again at the next position */ }
  }

  // onCurveClick jumps to the ply under the pointer (the plot spans
  // x = 52..624 of the curve's 640 units).
  function onCurveClick(ev) {
    if (!review.result) return;
    const img = $('review-curve');
    const x = (ev.offsetX / img.clientWidth) * 640;
    const n = Math.max(1, review.result.moves.length);
    goPly(Math.max(0, Math.min(n, Math.round(((x - 52) / 572) * n))));
  }

  document.addEventListener('DOMContentLoaded', () => {
    WZ.app.hooks.push(onPosition);
    $('review-curve').addEventListener('click', onCurveClick);
    $('review-back').addEventListener('click', () => goPly(review.branchPly || 0));
    $('review-line').addEventListener('click', () => {
      const app = WZ.app;
      review.start(app.tree.record(app.tree.lineEnd(app.tree.root)));
    });
  });
})();
