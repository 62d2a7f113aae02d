// report.ts: the printable report's entry (bundled to dist/report.js): a
// review as a page to print (/report#review=ID): the game's accuracy,
// mean points lost a move and mistakes per player (two, three or four),
// the win-rate curve (Red's, or a line per player with three or four),
// the board at each turning point with what it cost, the mistakes with
// their explanations, every move's loss in win rate and points, and the
// puzzles of the review with their answers at the end. Pictures are the
// API's SVGs, fetched with the API key when one is given.
import { api, boardURL, curveURL, type PuzzleSet, type ReviewResult } from './api.js';
import { $, bodyState, el, rememberKey } from './dom.js';
import { costText, estimateText, lossText, meanPoints, pct, playersOf, points } from './format.js';
import { useKey } from './api.js';

// hasPoints tells whether a review measured its moves' losses in points:
// a review stored before them has no points thresholds, and one whose
// analyses had no score leads (three or four players cached before the
// seats' leads) none.
const hasPoints = (r: ReviewResult): boolean =>
  r.thresholds?.inaccuracyPoints !== undefined && (r.moves ?? []).some((m) => m.bestScoreLead !== undefined);

// picture loads an SVG of the API into img and waits until it is drawn.
async function picture(img: HTMLImageElement, url: string): Promise<void> {
  const src = await api.picture(url);
  await new Promise((done) => {
    img.onload = img.onerror = done;
    img.src = src;
  });
}

function figure(parent: HTMLElement, caption: string): HTMLImageElement {
  const f = el('figure');
  const img = el('img');
  img.alt = caption;
  f.append(img, el('figcaption', undefined, caption));
  parent.append(f);
  return img;
}

function cells(tr: HTMLTableRowElement, values: string[]): HTMLTableCellElement[] {
  return values.map((v) => {
    const td = tr.insertCell();
    td.textContent = v;
    return td;
  });
}

async function load(): Promise<void> {
  const id = decodeURIComponent(/review=([^&]+)/.exec(location.hash)?.[1] ?? '');
  if (!id) throw new Error('no review: open this page as /report#review=ID');
  const job = await api.getReview(id);
  if (job.status !== 'succeeded' || !job.result) throw new Error(`review ${id} is ${job.status}: a report needs a finished review`);
  const r = job.result;
  const rec = r.record ?? {};
  const moves = r.moves ?? [];
  $('title').textContent = 'Game report' + (r.id ? ': ' + r.id : '');
  $('summary').textContent = `${moves.length} moves, ${rec.rules?.players} players, ${rec.rules?.opening} opening; reviewed by ${r.model} at ${r.visits} visits a position.`;
  const players = playersOf(r);
  ($('curve') as HTMLImageElement).alt = players.length > 2 ? "Each player's win rate per move" : "Red's win rate per move";
  const pictures: Promise<void>[] = [];
  // Accuracy and counts per player.
  const body = ($('accuracy') as HTMLTableElement).tBodies[0];
  for (const c of players.filter((p) => r.accuracy?.[p] !== undefined)) {
    const count = (k: string): string => String(moves.filter((m) => m.player === c && m.classification === k).length);
    const e = r.ratingEstimate?.[c];
    cells(body.insertRow(), [c, (r.accuracy?.[c] ?? 0).toFixed(1) + '%', hasPoints(r) ? meanPoints(r, c) : '—',
      e ? estimateText(e, '') : '—', count('inaccuracy'), count('mistake'), count('blunder')]);
  }
  $('rating-note').hidden = !r.ratingEstimate;
  pictures.push(picture($('curve') as HTMLImageElement, curveURL(id)));
  // The board after each turning point, in the API's order (by cost,
  // largest first), with what each cost.
  const tps = r.turningPoints ?? [];
  $('turning-section').hidden = tps.length === 0;
  for (const tp of tps) {
    const cost = costText(tp);
    const ply = (tp.ply ?? 0) + 1;
    const cap = `${ply}. ${tp.move}: ${tp.summary || tp.kind}${cost ? ` (${cost})` : ''}`;
    pictures.push(picture(figure($('turning'), cap), boardURL(rec, ply, { title: `after ${ply}. ${tp.move}` })));
  }
  // Mistakes and blunders with their explanations.
  const bad = moves.filter((m) => m.classification === 'mistake' || m.classification === 'blunder');
  for (const m of bad) {
    const li = el('li');
    li.append(`${(m.ply ?? 0) + 1}. ${m.player} ${m.move}: `, el('span', 'cls ' + m.classification, m.classification),
      ` (${lossText(m) || 'loses nothing'}; best was ${m.bestMove}). ` + (m.explanation?.text ?? ''));
    $('mistakes').append(li);
  }
  if (!bad.length) $('mistakes').append(el('li', undefined, 'No mistakes.'));
  // Every move's loss, in win rate and in points.
  const withPoints = hasPoints(r);
  const table = $('moves') as HTMLTableElement;
  if (table.tHead) table.tHead.rows[0].cells[5].hidden = !withPoints;
  for (const m of moves) {
    const tr = table.tBodies[0].insertRow();
    tr.dataset.ply = String(m.ply);
    tr.className = m.classification ?? '';
    const tds = cells(tr, [String((m.ply ?? 0) + 1), m.player ?? '', m.move ?? '', m.classification ?? '',
      (m.loss ?? 0) >= 0.0005 ? pct(m.loss) : '', points(m.pointsLoss)]);
    tds[5].hidden = !withPoints;
  }
  // Puzzles, answers at the end.
  let ps: PuzzleSet & { error?: string } = { puzzles: [], skipped: [] };
  try {
    ps = await api.puzzles(id);
  } catch (e) {
    ps.error = (e as Error).message;
  }
  const puzzles = ps.puzzles ?? [];
  puzzles.forEach((p, i) => {
    const prec = p.record ?? {};
    pictures.push(picture(figure($('puzzles'), `Puzzle ${i + 1}: ${p.player} to play (move ${(p.ply ?? 0) + 1})`),
      boardURL(prec, prec.moves?.length ?? 0, { title: `puzzle ${i + 1}` })));
    $('answers').append(el('li', undefined, `Puzzle ${i + 1}: ${p.solution} (${(p.line ?? []).join(' ')}); the game played ${p.played}, losing ${pct(p.loss)}.` +
      (p.explanation ? ' ' + (p.explanation.text ?? '') : '')));
  });
  if (!puzzles.length) {
    const section = $('puzzles-section');
    const note = section.querySelector('p');
    if (note) note.textContent = ps.error ? 'Puzzles: ' + ps.error : `No puzzles: ${(ps.skipped ?? []).length} mistake(s), none with a single clear answer.`;
    $('answers').hidden = true;
    const h3 = section.querySelector('h3');
    if (h3) h3.hidden = true;
  }
  await Promise.all(pictures);
  bodyState('report', 'ready');
}

function main(): void {
  useKey(rememberKey('api-key'));
  $('print').addEventListener('click', () => window.print());
  load().catch((e: Error) => {
    $('error').textContent = e.message;
    $('error').hidden = false;
    bodyState('report', 'error');
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
