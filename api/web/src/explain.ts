// explain.ts: the reach-difference pictures of a reviewed move
// (docs/explanations.md): what the move played changes in who reaches
// which square, and what the engine's best move would have changed, each
// drawn by GET /v1/render/board.svg?reachDiff= on the position before the
// move, with the move's line played out to the end in words. No DOM: the
// review mode puts the pictures on the page.
import { boardURL, type GameRecord, type MoveReview } from './api.js';
import type { components } from './api-types.js';
import { COLOURS } from './notation.js';

/** Playout is a move's line played out to the end (service.Playout). */
export type Playout = components['schemas']['service.Playout'];

/** DiffPicture is one reach-difference picture: its URL, alt text and caption. */
export interface DiffPicture {
  /** move is the move whose reach difference is drawn. */
  move: string;
  url: string;
  alt: string;
  caption: string;
}

/** MoveExplained is what the review shows of one move beside the board. */
export interface MoveExplained {
  /** text is the explanation's sentences. */
  text: string;
  /** played is the move played's picture. */
  played: DiffPicture;
  /** best is the engine's best move's, null when the best was played. */
  best: DiffPicture | null;
}

const title = (c: string): string => c.charAt(0).toUpperCase() + c.slice(1);

/**
 * playoutText says how a line played out: "Played out to the end: Red 20,
 * Blue 18 (red wins)."; '' without a playout.
 */
export function playoutText(p: Playout | undefined): string {
  if (!p) return '';
  const t = p.territory ?? {};
  const who = !p.winner ? '' : p.winner === 'draw' ? ' (a draw)' : ` (${p.winner} wins)`;
  const order: readonly string[] = COLOURS;
  const names = Object.keys(t).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return 'Played out to the end: ' + names.map((c) => `${title(c)} ${t[c]}`).join(', ') + `${who}.`;
}

/** captionOf is "Played E5-E3:W." and how its line played out. */
const captionOf = (what: string, move: string, p: Playout | undefined): string =>
  [`${what} ${move}.`, playoutText(p)].filter(Boolean).join(' ');

/**
 * explainMove returns the explanation of the move record's moves[index]
 * (m, its review) with its pictures, drawn on the position before it;
 * null when the move has no explanation (a review stored before them).
 */
export function explainMove(record: GameRecord, index: number, m: MoveReview): MoveExplained | null {
  const e = m.explanation;
  const move = m.move ?? '';
  if (!e || !move) return null;
  const at = (extra: Record<string, string>): string => boardURL(record, index, { last: 'false', ...extra });
  const played: DiffPicture = {
    move,
    url: at({ reachDiff: move, played: `${move}@${m.playedWinrate ?? 0}` }),
    alt: `What ${move} changes in reachability`,
    caption: captionOf('Played', move, e.played?.playout),
  };
  const b = e.best?.move;
  const best: DiffPicture | null = b
    ? {
        move: b,
        url: at({ reachDiff: b, candidates: `${b}@${m.bestWinrate ?? 0}` }),
        alt: `What ${b} would change in reachability`,
        caption: captionOf('Best', b, e.best?.playout),
      }
    : null;
  return { text: e.text ?? '', played, best };
}
