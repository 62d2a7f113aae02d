// format.ts: numbers and review facts in words, shared by the board and
// the printable report; no DOM.
import type { MoveReview, Proof, RatingEstimate, ReviewResult, TurningPoint } from './api.js';
import { COLOURS } from './notation.js';

/** pct writes a win rate in percent with one decimal: "41.0%". */
export const pct = (v: number | undefined, digits = 1): string => (100 * (v ?? 0)).toFixed(digits) + '%';

/** signed writes a score lead in points with one decimal and its sign. */
export const signed = (v: number): string => (v > 0 ? '+' : '') + v.toFixed(1);

/** points writes a loss in points with one decimal, '' under 0.05. */
export const points = (v: number | undefined): string => ((v ?? 0) >= 0.05 ? (v ?? 0).toFixed(1) : '');

/**
 * lossText says what a move lost in both currencies: "loses 12.0% and
 * 3.5 points", or "loses 3.5 points" where the win rate no longer moves
 * (land thrown away in a decided game); '' when it lost nothing. A review
 * stored before losses in points has no pointsLoss.
 */
export function lossText(m: Pick<MoveReview, 'loss' | 'pointsLoss'>): string {
  const parts: string[] = [];
  if ((m.loss ?? 0) >= 0.0005) parts.push(pct(m.loss));
  const p = points(m.pointsLoss);
  if (p) parts.push(p + ' points');
  return parts.length ? 'loses ' + parts.join(' and ') : '';
}

/**
 * costText says what a turning point cost, the number the API chose and
 * ordered the turning points by (win rate, a point counted as 1/30), with
 * the move's points lost: "cost 24.0%, 3.5 points lost"; '' without a cost.
 */
export function costText(tp: TurningPoint): string {
  if (tp.cost === undefined) return '';
  const p = points(tp.pointsLoss);
  return `cost ${pct(tp.cost)}` + (p ? `, ${p} points lost` : '');
}

/** KINDS names the turning points' kinds. */
export const KINDS: Record<string, string> = { 'lead-change': 'lead change', decided: 'decided', 'missed-chance': 'missed chance' };

/** proofText describes a proof for the side it belongs to: "proven win by 3". */
export function proofText(p: Proof | undefined | null): string {
  if (!p) return '';
  const by = p.margin === undefined || p.margin === null || p.result === 'draw' ? '' : ` by ${Math.abs(p.margin)}`;
  return `proven ${p.result ?? ''}${by}`;
}

/**
 * playersOf returns a review's colours in turn order (a review stored
 * before the field: those of its accuracy, red first).
 */
export function playersOf(result: ReviewResult): string[] {
  if (result.players && result.players.length) return result.players;
  const order: readonly string[] = COLOURS;
  return Object.keys(result.accuracy ?? {}).sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** estimateText is one rating estimate: "1203 (95%: 1100 to 1300)". */
export const estimateText = (e: RatingEstimate, label = '95%: '): string =>
  `${Math.round(e.rating ?? 0)} (${label}${Math.round(e.interval?.[0] ?? 0)} to ${Math.round(e.interval?.[1] ?? 0)})`;

/** ratingText says each side's rating estimate with its 95% interval. */
export function ratingText(est: Record<string, RatingEstimate> | undefined): string {
  if (!est) return '';
  return 'Rating estimate: ' + Object.keys(est).sort().map((c) => `${c} ${estimateText(est[c])}`).join(', ');
}

/** accuracyText is "red 91.2%, blue 85.0%" in the players' order. */
export function accuracyText(result: ReviewResult): string {
  const acc = result.accuracy ?? {};
  return playersOf(result).filter((c) => acc[c] !== undefined).map((c) => `${c} ${acc[c].toFixed(1)}%`).join(', ');
}

/**
 * reviewLine describes a reviewed move: "47. red A2-B3:W: blunder, loses
 * 12.0 points; best was A2-A3:S (0.0% for red, lead -8.0 points against
 * -20.0 played).", and when the position before it was proven, "Before
 * it red has a proven win by 3." (the explanation is shown on its own).
 */
export function reviewLine(ply: number, m: MoveReview): string {
  const lt = lossText(m);
  const loss = lt ? ', ' + lt : '';
  const lead = m.bestScoreLead !== undefined && m.playedScoreLead !== undefined
    ? `, lead ${signed(m.bestScoreLead)} points against ${signed(m.playedScoreLead)} played` : '';
  const best = m.bestMove && m.bestMove !== m.move ? `; best was ${m.bestMove} (${pct(m.bestWinrate)} for ${m.player}${lead})` : '; the engine agrees';
  const proof = m.proof ? ` Before it ${m.player} has a ${proofText(m.proof)}.` : '';
  return `${ply}. ${m.player} ${m.move}: ${m.classification}${loss}${best}.${proof}`;
}

/**
 * decidedText names the first move played in a proven position: " — decided
 * at move 38 (proven win for red)"; '' when the review proved none.
 */
export function decidedText(result: ReviewResult): string {
  const moves = result.moves ?? [];
  const i = moves.findIndex((m) => m.proof);
  if (i < 0) return '';
  const m = moves[i];
  return ` — decided at move ${i + 1} (proven ${m.proof?.result ?? ''} for ${m.player})`;
}

/** meanPoints is a player's mean points lost a move, with one decimal. */
export function meanPoints(r: ReviewResult, c: string): string {
  const ms = (r.moves ?? []).filter((m) => m.player === c);
  return ms.length ? (ms.reduce((s, m) => s + (m.pointsLoss ?? 0), 0) / ms.length).toFixed(1) : '—';
}

/**
 * curvePly is the ply under a click at x (0-1 across the picture) on the
 * win-rate curve, whose plot spans x = 52..624 of its 640 units.
 */
export function curvePly(x: number, moves: number): number {
  const n = Math.max(1, moves);
  return Math.max(0, Math.min(n, Math.round(((x * 640 - 52) / 572) * n)));
}
