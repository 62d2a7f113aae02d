// board-live.js: the live engine view. Each position shown is analysed
// with a streamed /v1/analyze (partial analyses while the search runs);
// a new position aborts the old stream, which stops its search on the
// server. Candidates are listed with data-move="E5-E4:N", drawn as arrows,
// and previewed (their principal variation) on hover or tap.
'use strict';
window.WZ = window.WZ || {};
(() => {
  const $ = (id) => document.getElementById(id);
  const pct = (v) => (100 * v).toFixed(1) + '%';
  const VISITS = 400;

  // proofText describes a proof for the side it belongs to, e.g.
  // "proven win by 3".
  function proofText(p) {
    if (!p) return '';
    const by = p.margin === undefined || p.margin === null ? '' : p.result === 'draw' ? '' : ` by ${Math.abs(p.margin)}`;
    return `proven ${p.result}${by}`;
  }

  class Live {
    // hooks: {arrows(list), preview(move, pv) , status(text)}.
    constructor(hooks) {
      this.hooks = hooks;
      this.ctrl = null;
      this.gen = 0;
      this.last = null;
      this.metrics = []; // per analysed position: ms from the click to the first and the final candidates
      this.hoverCtrl = null;
    }

    // stop aborts the running stream, if any.
    stop() {
      this.gen++;
      if (this.ctrl) this.ctrl.abort();
      this.ctrl = null;
      if (this.hoverCtrl) this.hoverCtrl.abort();
      this.hoverCtrl = null;
    }

    // clear empties the panel.
    clear(text) {
      this.last = null;
      $('candidates').textContent = '';
      for (const id of ['winrate', 'score-lead', 'proof', 'visits', 'pv', 'explanation', 'hover-explanation']) $(id).textContent = '';
      $('engine-state').textContent = text || '';
      document.body.dataset.analysis = 'idle';
      this.hooks.arrows([]);
    }

    // start analyses rec (a record); clickAt is the performance.now() of
    // the click that made the position, for the latency figures.
    start(rec, view, clickAt) {
      this.stop();
      const gen = this.gen;
      this.rec = rec;
      this.view = view;
      const ctrl = new AbortController();
      this.ctrl = ctrl;
      $('engine-state').textContent = 'thinking…';
      document.body.dataset.analysis = 'running';
      const t0 = clickAt || performance.now();
      const m = { first: null, final: null };
      const q = Object.assign({}, rec, {
        maxVisits: VISITS, topK: 6, analysisPVLen: 8, reportDuringSearchEvery: 0.1,
        includeOwnership: true, includeReachability: true, includeExplanations: true,
      });
      WZ.api.stream(q, ctrl.signal, (a) => {
        if (gen !== this.gen) return;
        if (m.first === null && a.moveInfos && a.moveInfos.length) m.first = performance.now() - t0;
        const final = a.isDuringSearch === false;
        if (final) {
          m.final = performance.now() - t0;
          this.metrics.push(m);
        }
        this.show(a, final);
      }).catch((e) => {
        if (e.name === 'AbortError' || gen !== this.gen) return;
        $('engine-state').textContent = 'unavailable: ' + e.message;
        document.body.dataset.analysis = 'error';
      });
    }

    // show fills the panel with one (partial or final) analysis.
    show(a, final) {
      this.last = a;
      const r = a.rootInfo || {};
      const mover = r.currentPlayer;
      $('engine-state').textContent = final ? `(${r.visits} visits)` : `thinking… ${r.visits} visits`;
      $('winrate').textContent = r.redWinrate !== undefined && r.redWinrate !== null
        ? `Red ${pct(r.redWinrate)} · Blue ${pct(1 - r.redWinrate)}`
        : `${mover} ${pct(r.winrate)}`;
      $('score-lead').textContent = r.scoreLead === undefined || r.scoreLead === null ? '' : `${mover} ${r.scoreLead >= 0 ? '+' : ''}${r.scoreLead.toFixed(1)}`;
      $('proof').textContent = r.proof ? `${proofText(r.proof)} for ${mover}` : 'none yet';
      $('visits').textContent = String(r.visits || 0);
      const list = $('candidates');
      list.textContent = '';
      const arrows = [];
      (a.moveInfos || []).forEach((mi, i) => {
        const li = document.createElement('li');
        li.dataset.move = mi.move;
        li.tabIndex = 0;
        const lead = mi.scoreLead === undefined || mi.scoreLead === null ? '' : ` ${mi.scoreLead >= 0 ? '+' : ''}${mi.scoreLead.toFixed(1)}`;
        li.innerHTML = '';
        const mv = document.createElement('span');
        mv.className = 'mv';
        mv.textContent = mi.move;
        const stats = document.createElement('span');
        stats.className = 'stats';
        stats.textContent = `${pct(mi.winrate)}${lead} · ${mi.visits} v` + (mi.proof ? ` · ${proofText(mi.proof)}` : '');
        li.append(mv, ' ', stats);
        const enter = () => this.hover(mi);
        li.addEventListener('mouseenter', enter);
        li.addEventListener('focus', enter);
        li.addEventListener('click', enter);
        li.addEventListener('mouseleave', () => this.hooks.preview(null));
        li.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') this.hooks.playMove(mi.move); });
        list.append(li);
        const p = WZ.board.parseMove(mi.move);
        arrows.push({ from: p.from, to: p.to, side: p.side, rank: i, label: (100 * mi.winrate).toFixed(0) });
      });
      const best = (a.moveInfos || [])[0];
      $('pv').textContent = best && best.pv ? 'Line: ' + best.pv.join(' ') : '';
      $('pv').title = $('pv').textContent; // the whole line, where its row cuts it
      const ex = a.explanation;
      $('explanation').textContent = ex ? ex.text || (ex.played && ex.played.sentence) || '' : '';
      document.body.dataset.analysis = final ? 'done' : 'running';
      this.hooks.arrows(arrows);
    }

    // hover previews a candidate's line on the board and explains it (a
    // small search of the position with the move played).
    hover(mi) {
      this.hooks.preview(mi.move, mi.pv || [mi.move]);
      if (this.hoverCtrl) this.hoverCtrl.abort();
      const ctrl = new AbortController();
      this.hoverCtrl = ctrl;
      const rec = this.rec;
      const q = Object.assign({}, rec, { moves: rec.moves.concat([mi.move]), analyzeTurns: [rec.moves.length], maxVisits: 64, topK: 1, includeExplanations: true });
      $('hover-explanation').textContent = `${mi.move}: …`;
      WZ.api.analyze(q, ctrl.signal).then((res) => {
        const ex = res.analyses && res.analyses[0] && res.analyses[0].explanation;
        $('hover-explanation').textContent = `${mi.move}: ` + (ex ? (ex.played && ex.played.sentence) || ex.text : 'no explanation');
      }).catch((e) => {
        if (e.name !== 'AbortError') $('hover-explanation').textContent = `${mi.move}: ${e.message}`;
      });
    }
  }

  WZ.Live = Live;
  WZ.proofText = proofText;
})();
