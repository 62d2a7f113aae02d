// player.ts: a player's page (/workspace/player?id=ID, bundled to
// dist/player.js), from the profile (GET /v1/players/{id}): the trend
// plots (accuracy, points lost per move and the rating estimate by game),
// the mistakes by phase, kind and class, the openings with results, the
// collection's players side by side, and the games, each opening its
// review on the board (/analysis#review=ID), and their download as JSON
// lines (export.ts).
import { api, type Profile } from '../api.js';
import { $, bodyState, el, setText } from '../dom.js';
import { COLOURS } from '../notation.js';
import { drawPlot } from './chart.js';
import { wireExport } from './export.js';
import { clearRows, fail, link, param, row, start } from './page.js';

const num = (v: number | undefined, digits = 1, unit = ''): string => (typeof v === 'number' ? v.toFixed(digits) + unit : '–');

/** KIND_WORDS names the mistakes' kinds (docs/workspace.md#profile). */
const KIND_WORDS: Record<string, string> = {
  missedSeal: 'missed a seal', lostLand: 'lost land', tempo: 'a wasted tempo',
  missedZugzwang: 'missed a zugzwang', trade: 'a poor trade', other: 'other',
};

function drawPlots(p: Profile): void {
  const games = p.games ?? [];
  const names = games.map((g, i) => `${g.date || 'game ' + (i + 1)} (${g.result ?? 'no result'})`);
  const box = $('plots');
  box.textContent = '';
  const specs = [
    { id: 'plot-accuracy', title: 'Accuracy (%)', values: games.map((g) => g.accuracy), format: (v: number) => v.toFixed(1) + '%', floor: 0, ceil: 100, empty: 'no reviewed game yet' },
    { id: 'plot-points', title: 'Points lost per move', values: games.map((g) => g.pointsLostPerMove), format: (v: number) => v.toFixed(2), floor: 0, empty: 'no reviewed game yet' },
    { id: 'plot-rating', title: 'Rating estimate', values: games.map((g) => g.rating?.rating), format: (v: number) => v.toFixed(0), empty: p.ratingNote ? 'no estimate (see above)' : 'no estimate yet' },
  ];
  for (const s of specs) {
    const fig = el('figure');
    fig.id = s.id;
    fig.append(el('figcaption', undefined, s.title), drawPlot({ ...s, names }));
    box.append(fig);
  }
}

function drawCounts(id: string, counts: Record<string, number> | undefined, order: string[], words: Record<string, string> = {}): void {
  clearRows(id);
  const keys = [...order, ...Object.keys(counts ?? {}).filter((k) => !order.includes(k))];
  for (const k of keys) row(id, [words[k] ?? k, String(counts?.[k] ?? 0)], { key: k }).lastElementChild?.classList.add('num');
}

function drawProfile(p: Profile): void {
  const pid = p.id ?? '';
  document.title = `WallZero: ${p.name}`;
  setText('player-name', p.name ?? '');
  const rating = p.rating?.rating !== undefined
    ? `rating ${p.rating.rating.toFixed(0)} (95%: ${(p.rating.interval ?? []).map((v) => v.toFixed(0)).join('–')}, ${p.rating.games} games)`
    : p.ratingNote ? `no rating: ${p.ratingNote}` : 'no rating yet';
  setText('player-summary', `${(p.games ?? []).length} games, ${p.reviewed ?? 0} reviewed; accuracy ${num(p.accuracy, 1, '%')}, ` +
    `${num(p.pointsLostPerMove, 2)} points and ${num((p.lossPerMove ?? NaN) * 100, 1, '%')} win rate lost a move; ${rating}.`);
  ($('back-link') as HTMLAnchorElement).href = '/workspace?collection=' + encodeURIComponent(p.collection ?? '');
  ($('drills-link') as HTMLAnchorElement).href = '/workspace/drills?player=' + encodeURIComponent(pid);
  drawPlots(p);
  const m = p.mistakes ?? {};
  drawCounts('mistakes-phase', m.byPhase, ['setup', 'opening', 'middlegame', 'endgame']);
  drawCounts('mistakes-kind', m.byKind, Object.keys(KIND_WORDS), KIND_WORDS);
  drawCounts('mistakes-class', m.byClass, ['inaccuracy', 'mistake', 'blunder']);
  const total = Object.values(m.byClass ?? {}).reduce((a, b) => a + b, 0);
  $('mistakes-box').dataset.total = String(total);

  clearRows('openings');
  for (const o of p.openings ?? []) {
    const tr = row('openings', [o.opening ?? '', String(o.games ?? 0), `${o.wins ?? 0}–${o.draws ?? 0}–${o.losses ?? 0}`, num(o.accuracy, 1, '%')], { opening: o.opening ?? '' });
    for (const td of [...tr.children].slice(1)) td.classList.add('num');
  }
  clearRows('comparison');
  for (const s of p.comparison ?? []) {
    const name = s.id === pid ? el('strong', undefined, s.name ?? '') : link('/workspace/player?id=' + encodeURIComponent(s.id ?? ''), s.name ?? '');
    const tr = row('comparison', [name, String(s.games ?? 0), String(s.reviewed ?? 0), String(s.wins ?? 0), num(s.accuracy, 1, '%'), num(s.pointsLostPerMove, 2)], { player: s.id ?? '' });
    if (s.id === pid) tr.classList.add('self');
    for (const td of [...tr.children].slice(1)) td.classList.add('num');
  }
  clearRows('games');
  (p.games ?? []).forEach((g, i) => {
    const others = COLOURS.filter((c) => g.players?.[c] && g.players[c].id !== pid).map((c) => `${g.players?.[c].name} (${c})`).join(', ');
    const review = g.review && g.reviewStatus === 'succeeded'
      ? link('/analysis#review=' + encodeURIComponent(g.review), 'Review on the board')
      : el('span', 'muted', g.reviewStatus ?? 'not reviewed');
    const tr = row('games', [String(i + 1), g.date ?? '', g.colour ?? '', others, g.result ?? '', num(g.accuracy, 1, '%'), num(g.pointsLostPerMove, 2), review],
      { game: g.id ?? '', review: g.review ?? '' });
    for (const k of [5, 6]) tr.children[k].classList.add('num');
  });
}

function main(): void {
  start();
  const id = param('id');
  if (!id) {
    fail('The page', new Error('no player: open it as /workspace/player?id=PLAYER'));
    return;
  }
  api.profile(id).then((p) => {
    drawProfile(p);
    wireExport(id, () => p.name ?? '');
    bodyState('state', 'ready');
  }, (e) => fail('Reading the profile', e));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
