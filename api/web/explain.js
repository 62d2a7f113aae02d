// Explanations on the review page (see docs/explanations.md): the turning
// points of the game at the top of the review, and for the move about to
// be played its explanation with two reach-difference pictures
// (/v1/render/board.svg?reachDiff=): the move played and the engine's best.
// review.js calls window.WZExplain.turningPoints once a review is shown and
// window.WZExplain.move at every ply.
(function () {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const KINDS = { 'lead-change': 'lead change', decided: 'decided', 'missed-chance': 'missed chance' };

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // costText says what a turning point cost, the number the API chose and
  // ordered the turning points by (win rate, a point counted as 1/30), with
  // the move's points lost: "cost 24.0%, 3.5 points lost".
  function costText(tp) {
    const pct = (v) => (100 * v).toFixed(1) + '%';
    return `cost ${pct(tp.cost)}` + (tp.pointsLoss >= 0.05 ? `, ${tp.pointsLoss.toFixed(1)} points lost` : '');
  }

  // turningPoints lists the review's turning points in the API's order
  // (by cost, largest first); each one's button
  // jumps to the position before that move.
  function turningPoints(result, go) {
    const list = $('turning-list');
    list.textContent = '';
    const tps = result.turningPoints || [];
    $('turning').hidden = tps.length === 0;
    for (const tp of tps) {
      const li = el('li', 'tp ' + tp.kind);
      li.dataset.ply = String(tp.ply);
      li.dataset.kind = tp.kind;
      const b = el('button', 'jump', `${tp.ply + 1}. ${tp.move}`);
      b.type = 'button';
      b.setAttribute('aria-label', `Go to move ${tp.ply + 1}, ${tp.player} ${tp.move}: ${KINDS[tp.kind] || tp.kind}`);
      b.addEventListener('click', () => go(tp.ply));
      li.append(b, el('span', 'kind', KINDS[tp.kind] || tp.kind), el('span', 'summary', tp.summary));
      if (tp.cost !== undefined) {
        li.dataset.cost = String(tp.cost);
        li.append(el('span', 'cost', costText(tp)));
      }
      if (tp.text) li.append(el('p', 'why', tp.text));
      list.append(li);
    }
  }

  function playoutText(p) {
    if (!p) return '';
    const t = p.territory || {};
    const who = p.winner === 'draw' ? 'a draw' : `${p.winner} wins`;
    const names = ['red', 'blue', 'green', 'yellow'].filter((c) => t[c] !== undefined);
    return 'Played out to the end: ' + names.map((c) => `${c[0].toUpperCase() + c.slice(1)} ${t[c]}`).join(', ') + ` (${who}).`;
  }

  // move shows the explanation of the move played at ply (none at the end).
  function move(state, ply, setPicture) {
    const moves = state.result.moves;
    const m = ply < moves.length ? moves[ply] : null;
    const box = $('explanation');
    const e = m && m.explanation;
    box.hidden = !e;
    if (!e) return;
    $('explanation-text').textContent = e.text;
    const base = () => new URLSearchParams({ record: JSON.stringify(state.record), turn: String(ply), last: 'false' });
    const q = base();
    q.set('reachDiff', m.move);
    q.set('played', `${m.move}@${m.playedWinrate}`);
    setPicture($('diff-played'), '/v1/render/board.svg?' + q.toString());
    $('diff-played').alt = `What ${m.move} changes in reachability`;
    $('diff-played-caption').textContent = `Played ${m.move}. ` + playoutText(e.played.playout);
    const best = e.best;
    $('diff-best-figure').hidden = !best;
    if (best) {
      const qb = base();
      qb.set('reachDiff', best.move);
      qb.set('candidates', `${best.move}@${m.bestWinrate}`);
      setPicture($('diff-best'), '/v1/render/board.svg?' + qb.toString());
      $('diff-best').alt = `What ${best.move} would change in reachability`;
      $('diff-best-caption').textContent = `Best ${best.move}. ` + playoutText(best.playout);
    }
    for (const li of $('turning-list').children) li.classList.toggle('current', Number(li.dataset.ply) === ply);
  }

  window.WZExplain = { turningPoints, move };
})();
