// level.ts: the level of a move in words (docs/reviews.md, "The level of
// a move"): which levels of the ladder find the better move and how hard
// it is. The board's review and the printable report share it.
import type { MoveLevel } from './api.js';

/**
 * levelText returns "found by Club and up (prior 3%, 128 visits)", or ''
 * for a move without a level (a good move, or a review that checked none).
 */
export function levelText(m: { level?: MoveLevel }): string {
  const l = m.level;
  if (!l) return '';
  const f = l.finders ?? [];
  const c = l.checked ?? [];
  let who = 'found by no level';
  if (f.length && f.length === c.length) who = 'found by every level';
  else if (f.length === 1 && f[0] === c[c.length - 1]) who = 'found only by ' + f[0];
  else if (f.length && f.join() === c.slice(c.length - f.length).join()) who = `found by ${f[0]} and up`;
  else if (f.length) who = 'found by ' + f.join(', ');
  const p = 100 * (l.bestPrior ?? 0);
  const prior = p < 1 ? p.toFixed(1) : p.toFixed(0);
  return `${who} (prior ${prior}%, ${l.visitsToFind ?? 0} visits)`;
}
