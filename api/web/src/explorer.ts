// explorer.ts: the opening explorer's pure parts (the page is
// openings.ts): the page's address, the heat map's colours and numbers,
// and the cell the keyboard starts on. No DOM.
import type { components } from './api-types.js';
import { index, squares } from './notation.js';

/** ExplorerResult is GET /v1/openings/explorer's answer. */
export type ExplorerResult = components['schemas']['service.ExplorerResult'];
/** ExplorerStep is one position of the path. */
export type ExplorerStep = components['schemas']['service.ExplorerStep'];
/** Placement is one legal placement of a step. */
export type Placement = components['schemas']['service.ExplorerPlacement'];

/** Metric is what the heat map shows: the network's policy or Red's win rate. */
export type Metric = 'prior' | 'winrate';

/** Opening is one of the two openings the explorer knows. */
export type Opening = 'four-stone' | 'empty';

/** Address is the node the page shows: the opening and the placements made. */
export interface Address {
  opening: Opening;
  moves: string[];
}

/** readAddress reads the node from the page's query (?opening=&moves=C3,E5). */
export function readAddress(search: string): Address {
  const q = new URLSearchParams(search);
  const m = (q.get('moves') ?? '').trim();
  return { opening: q.get('opening') === 'empty' ? 'empty' : 'four-stone', moves: m ? m.split(',') : [] };
}

/** explorerQuery is the query of the page's address and of the API call for a node. */
export function explorerQuery(a: Address): string {
  const q = new URLSearchParams({ opening: a.opening });
  if (a.moves.length) q.set('moves', a.moves.join(','));
  return q.toString();
}

/** pct writes a rate in percent with one decimal, '–' when unknown. */
export const pct = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : (v * 100).toFixed(1) + '%');

/** metricOf is the value a placement has on the heat map. */
export const metricOf = (p: Placement, m: Metric): number | null => (m === 'prior' ? (p.prior ?? 0) : (p.redWinrate ?? null));

/** cellText is the number written on a cell: the value in percent, '–' when unknown. */
export const cellText = (v: number | null): string => (v === null ? '–' : (v * 100).toFixed(1));

/**
 * heat is a cell's background for a value of the metric: green by the
 * square root of the policy; red above 50% win rate, blue below, full at
 * 25 points from it; white when unknown.
 */
export function heat(m: Metric, v: number | null): string {
  if (v === null) return '#fff';
  if (m === 'prior') return `rgba(42,157,63,${Math.min(1, Math.sqrt(v)).toFixed(3)})`;
  const d = Math.max(-1, Math.min(1, (v - 0.5) * 4));
  return d >= 0 ? `rgba(215,38,61,${d.toFixed(3)})` : `rgba(27,101,201,${(-d).toFixed(3)})`;
}

/**
 * cursorFor keeps the keyboard's cell (a square's index, A1 = 0) where a
 * placement is, else moves it to the placement of the highest policy.
 */
export function cursorFor(step: ExplorerStep, cursor: number): number {
  const ps = step.placements ?? [];
  if (!ps.length || ps.some((p) => p.move === squares[cursor])) return cursor;
  const top = ps.reduce((a, b) => ((b.prior ?? 0) > (a.prior ?? 0) ? b : a));
  return index(top.move ?? '');
}

/** ARROWS are the grid's arrow keys as steps of the square index (rows go up). */
const ARROWS: Record<string, number> = { ArrowUp: 7, ArrowDown: -7, ArrowLeft: -1, ArrowRight: 1 };

/**
 * moveCursor is the cell an arrow key moves the cursor to; null for
 * another key, the cursor itself at the board's edge.
 */
export function moveCursor(cursor: number, key: string): number | null {
  const d = ARROWS[key];
  if (d === undefined) return null;
  const c = cursor % 7;
  if ((d === -1 && c === 0) || (d === 1 && c === 6)) return cursor;
  const next = cursor + d;
  return next < 0 || next > 48 ? cursor : next;
}

/** ranked is a step's five placements of the highest policy. */
export const ranked = (step: ExplorerStep): Placement[] =>
  (step.placements ?? []).slice().sort((a, b) => (b.prior ?? 0) - (a.prior ?? 0)).slice(0, 5);
