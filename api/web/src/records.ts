// records.ts: records in text, with no DOM: the annotated review (a move
// list whose comments carry every move's classification, loss, best move
// and explanation) and the move list's labels.
import type { GameRecord, ReviewResult } from './api.js';
import { pct } from './format.js';
import type { TreeNode } from './tree.js';

/** annotatedReview writes the reviewed record as a commented move list. */
export function annotatedReview(id: string, r: ReviewResult, rec: GameRecord): string {
  const moves = rec.moves ?? [];
  const lines = [`# WallZero review ${id} (${r.visits} visits a position, model ${r.model})`];
  lines.push('# accuracy: ' + Object.entries(r.accuracy ?? {}).map(([c, v]) => `${c} ${v.toFixed(1)}%`).join(', '));
  lines.push('# rules: ' + JSON.stringify(rec.rules));
  (r.moves ?? []).forEach((m, i) => {
    const parts = [m.classification ?? ''];
    if ((m.loss ?? 0) > 0) parts.push(`loses ${pct(m.loss)}`);
    if (m.bestMove && m.bestMove !== m.move) parts.push(`best ${m.bestMove} (${pct(m.bestWinrate)})`);
    if (m.explanation?.text) parts.push(m.explanation.text.replace(/\s+/g, ' '));
    lines.push(`${moves[i]}  # ${i + 1}. ${m.player}: ${parts.join('; ')}`);
  });
  return lines.join('\n') + '\n';
}

/** moveLabel is "12. R E5-E4:N" for the node at ply. */
export function moveLabel(n: TreeNode, ply: number): string {
  if (n.reset) return `${ply}. (time out: turn skipped)`;
  const who = n.mover ? n.mover[0].toUpperCase() + ' ' : '';
  return `${ply}. ${who}${n.move ?? ''}`;
}

/** FILE_EXTENSIONS names the download of each export format. */
export const FILE_EXTENSIONS: Record<string, string> = { json: 'json', moves: 'txt', wgf: 'wgf', review: 'txt' };

/**
 * parseRecordJSON reads a pasted JSON record, with an error that says
 * what is wrong with it.
 */
export function parseRecordJSON(text: string): GameRecord {
  let rec: unknown;
  try {
    rec = JSON.parse(text);
  } catch (e) {
    throw new Error('The record is not valid JSON: ' + (e as Error).message);
  }
  if (!rec || typeof rec !== 'object' || Array.isArray(rec)) throw new Error('The record must be a JSON object with rules and moves.');
  return rec as GameRecord;
}

/** shareFragment and reviewFragment read a board address's fragment. */
export function readFragment(hash: string): { share?: string; review?: string } {
  const g = /^#g=([A-Za-z0-9_-]+)$/.exec(hash);
  if (g) return { share: g[1] };
  const r = /^#review=([^&]+)$/.exec(hash);
  if (r) return { review: decodeURIComponent(r[1]) };
  return {};
}
