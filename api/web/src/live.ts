// live.ts: the live engine view. Each position shown is analysed with a
// streamed /v1/analyze (partial analyses while the search runs); a new
// position aborts the old stream, which stops its search on the server.
// Candidates are listed with data-move="E5-E4:N", drawn as arrows, and
// previewed (their principal variation) on hover or tap.
import { api, type Analysis, type GameRecord, type MoveInfo } from './api.js';
import { $, bodyState, el, setText } from './dom.js';
import { pct, proofText } from './format.js';
import { parseMove } from './notation.js';
import type { Arrow } from './view.js';

const VISITS = 400;

/** What the live view tells the board. */
export interface LiveHooks {
  arrows(list: Arrow[]): void;
  preview(move: string | null, pv?: string[]): void;
  playMove(move: string): void;
}

/** Live runs and shows the analysis of the position on the board. */
export class Live {
  private ctrl: AbortController | null = null;
  private hoverCtrl: AbortController | null = null;
  private gen = 0;
  private rec: GameRecord & { moves: string[] } = { moves: [] };
  /** last is the latest analysis shown (the overlays draw from it). */
  last: Analysis | null = null;

  constructor(private readonly hooks: LiveHooks) {}

  /** stop aborts the running stream, if any. */
  stop(): void {
    this.gen++;
    this.ctrl?.abort();
    this.ctrl = null;
    this.hoverCtrl?.abort();
    this.hoverCtrl = null;
  }

  /** clear empties the panel, saying why in text. */
  clear(text: string): void {
    this.last = null;
    $('candidates').textContent = '';
    for (const id of ['winrate', 'score-lead', 'proof', 'visits', 'pv', 'explanation', 'hover-explanation']) setText(id, '');
    setText('engine-state', text);
    bodyState('analysis', 'idle');
    bodyState('analysisTurn', '');
    this.hooks.arrows([]);
  }

  /**
   * start analyses rec; clickAt is the performance.now() of the click
   * that made the position, for the latency figures.
   */
  start(rec: GameRecord & { moves: string[] }, clickAt?: number): void {
    this.stop();
    const gen = this.gen;
    this.rec = rec;
    const ctrl = new AbortController();
    this.ctrl = ctrl;
    setText('engine-state', 'thinking…');
    bodyState('analysis', 'running');
    bodyState('analysisTurn', '');
    Object.assign($('engine-state').dataset, { firstMs: '', finalMs: '' });
    const t0 = clickAt ?? performance.now();
    const m: { first: number | null; final: number | null } = { first: null, final: null };
    const q = {
      ...rec, maxVisits: VISITS, topK: 6, analysisPVLen: 8, reportDuringSearchEvery: 0.1,
      includeOwnership: true, includeReachability: true, includeExplanations: true,
    };
    api.stream(q, ctrl.signal, (a) => {
      if (gen !== this.gen) return;
      if (m.first === null && a.moveInfos?.length) m.first = performance.now() - t0;
      const final = a.isDuringSearch === false;
      if (final) m.final = performance.now() - t0;
      this.show(a, final);
      // The latency of the analysis shown: ms from the click that made
      // the position to its first candidates and to the final analysis.
      const state = $('engine-state');
      state.dataset.firstMs = m.first === null ? '' : m.first.toFixed(1);
      state.dataset.finalMs = m.final === null ? '' : m.final.toFixed(1);
    }).catch((e: Error) => {
      if (e.name === 'AbortError' || gen !== this.gen) return;
      setText('engine-state', 'unavailable: ' + e.message);
      bodyState('analysis', 'error');
    });
  }

  /** show fills the panel with one (partial or final) analysis. */
  private show(a: Analysis, final: boolean): void {
    this.last = a;
    const r = a.rootInfo ?? {};
    const mover = r.currentPlayer ?? '';
    setText('engine-state', final ? `(${r.visits} visits)` : `thinking… ${r.visits} visits`);
    setText('winrate', r.redWinrate !== undefined && r.redWinrate !== null
      ? `Red ${pct(r.redWinrate)} · Blue ${pct(1 - r.redWinrate)}` : `${mover} ${pct(r.winrate)}`);
    setText('score-lead', r.scoreLead === undefined || r.scoreLead === null ? '' : `${mover} ${r.scoreLead >= 0 ? '+' : ''}${r.scoreLead.toFixed(1)}`);
    setText('proof', r.proof ? `${proofText(r.proof)} for ${mover}` : 'none yet');
    setText('visits', String(r.visits ?? 0));
    const list = $('candidates');
    list.textContent = '';
    const arrows: Arrow[] = [];
    (a.moveInfos ?? []).forEach((mi, i) => {
      const move = mi.move ?? '';
      const li = el('li');
      li.dataset.move = move;
      li.tabIndex = 0;
      const lead = mi.scoreLead === undefined || mi.scoreLead === null ? '' : ` ${mi.scoreLead >= 0 ? '+' : ''}${mi.scoreLead.toFixed(1)}`;
      const stats = `${pct(mi.winrate)}${lead} · ${mi.visits} v` + (mi.proof ? ` · ${proofText(mi.proof)}` : '');
      li.append(el('span', 'mv', move), ' ', el('span', 'stats', stats));
      const enter = (): void => this.hover(mi);
      li.addEventListener('mouseenter', enter);
      li.addEventListener('focus', enter);
      li.addEventListener('click', enter);
      li.addEventListener('mouseleave', () => this.hooks.preview(null));
      li.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter') this.hooks.playMove(move);
      });
      list.append(li);
      const p = parseMove(move);
      if (p) arrows.push({ from: p.from, to: p.to, side: p.side, rank: i, label: (100 * (mi.winrate ?? 0)).toFixed(0) });
    });
    const best = a.moveInfos?.[0];
    const pv = $('pv');
    pv.textContent = best?.pv ? 'Line: ' + best.pv.join(' ') : '';
    pv.title = pv.textContent; // the whole line, where its row cuts it
    const ex = a.explanation;
    setText('explanation', ex ? ex.text || ex.played?.sentence || '' : '');
    // analysisTurn: the position the analysis shown is of (its moves).
    bodyState('analysisTurn', String(a.turnNumber ?? ''));
    bodyState('analysis', final ? 'done' : 'running');
    this.hooks.arrows(arrows);
  }

  /**
   * hover previews a candidate's line on the board and explains it (a
   * small search of the position with the move played).
   */
  private hover(mi: MoveInfo): void {
    const move = mi.move ?? '';
    this.hooks.preview(move, mi.pv ?? [move]);
    this.hoverCtrl?.abort();
    const ctrl = new AbortController();
    this.hoverCtrl = ctrl;
    const rec = this.rec;
    const q = { ...rec, moves: rec.moves.concat([move]), analyzeTurns: [rec.moves.length], maxVisits: 64, topK: 1, includeExplanations: true };
    setText('hover-explanation', `${move}: …`);
    api.analyze(q, ctrl.signal).then((res) => {
      const ex = res.analyses?.[0]?.explanation;
      setText('hover-explanation', `${move}: ` + (ex ? ex.played?.sentence || ex.text : 'no explanation'));
    }).catch((e: Error) => {
      if (e.name !== 'AbortError') setText('hover-explanation', `${move}: ${e.message}`);
    });
  }
}
