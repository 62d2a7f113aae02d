// notation.ts: the board's squares and the project's move notation, with
// no DOM: squares A1 (bottom left) to G7, walls named by a square and a
// side, moves "C3" (place), "E5-E4:N" (turn), "xD4:E" (break).

/** The players' colours in turn order. */
export const COLOURS = ['red', 'blue', 'green', 'yellow'] as const;

/** A player's colour. */
export type Colour = (typeof COLOURS)[number];

/** A side of a square: north, east, south, west. */
export type Side = 'N' | 'E' | 'S' | 'W';

const COLS = 'ABCDEFG';

/** SIDE_NAMES names each side in words. */
export const SIDE_NAMES: Record<Side, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };

/** squares lists the 49 squares, A1..G1, A2..G7 (the API's map order). */
export const squares: readonly string[] = Array.from({ length: 49 }, (_, i) => COLS[i % 7] + String(Math.floor(i / 7) + 1));

/** col is a square's column, 0 for A. */
export const col = (sq: string): number => COLS.indexOf(sq[0]);

/** row is a square's row, 1 to 7. */
export const row = (sq: string): number => Number(sq.slice(1));

/** index is a square's place in the API's 49-entry maps (A1 first). */
export const index = (sq: string): number => (row(sq) - 1) * 7 + col(sq);

/** squareAt names the square at column c (0-6) and row r (1-7). */
export const squareAt = (c: number, r: number): string => COLS[c] + String(r);

/** neighbour returns the square on side d of sq, or null at the edge. */
export function neighbour(sq: string, d: Side): string | null {
  const c = col(sq) + (d === 'E' ? 1 : d === 'W' ? -1 : 0);
  const r = row(sq) + (d === 'N' ? 1 : d === 'S' ? -1 : 0);
  return c < 0 || c > 6 || r < 1 || r > 7 ? null : squareAt(c, r);
}

/**
 * canonical names a wall by its square's north or east side ("C4:S" is
 * "C3:N"), as the engine does; null for a side on the board's edge.
 */
export function canonical(sq: string, d: Side): string | null {
  if (d === 'S' || d === 'W') {
    const n = neighbour(sq, d);
    return n === null ? null : n + (d === 'S' ? ':N' : ':E');
  }
  return sq + ':' + d;
}

/** A move split into its parts. */
export interface ParsedMove {
  kind: 'place' | 'turn' | 'break';
  from?: string;
  to: string;
  side?: Side;
}

/**
 * parseMove splits a move in the project's notation; a colour prefix
 * ("R E5-E4:N") is dropped. It returns null for text that is not a move.
 */
export function parseMove(m: string): ParsedMove | null {
  let t = m.trim();
  const sp = t.indexOf(' ');
  if (sp >= 0) t = t.slice(sp + 1).trim();
  const sq = '([A-G][1-7])';
  let g = new RegExp(`^x${sq}:([NESW])$`).exec(t);
  if (g) return { kind: 'break', to: g[1], side: g[2] as Side };
  g = new RegExp(`^${sq}-${sq}:([NESW])$`).exec(t);
  if (g) return { kind: 'turn', from: g[1], to: g[2], side: g[3] as Side };
  g = new RegExp(`^${sq}$`).exec(t);
  if (g) return { kind: 'place', to: g[1] };
  return null;
}

/** stripColour drops a record's colour prefix ("R E5-E4:N" to "E5-E4:N"). */
export const stripColour = (m: string): string => m.replace(/^[RBGY] /, '');

/** The legal moves sorted by what a click selects. */
export interface LegalGroups {
  /** place: the squares a stone may be put on (setup). */
  place: Set<string>;
  /** turns: from a stone, to a destination, the wall sides allowed. */
  turns: Record<string, Record<string, Side[]>>;
  /** breaks: the walls that may be broken ("D4:E"). */
  breaks: Set<string>;
}

/** groupMoves sorts legal moves by what a click selects. */
export function groupMoves(moves: readonly string[]): LegalGroups {
  const g: LegalGroups = { place: new Set(), turns: {}, breaks: new Set() };
  for (const m of moves) {
    const p = parseMove(m);
    if (!p) continue;
    if (p.kind === 'place') g.place.add(p.to);
    else if (p.kind === 'break') g.breaks.add(p.to + ':' + (p.side ?? ''));
    else if (p.from && p.side) {
      const dests = (g.turns[p.from] ??= {});
      (dests[p.to] ??= []).push(p.side);
    }
  }
  return g;
}

/** nextColour is the colour after c among players colours. */
export const nextColour = (c: string, players: number): Colour =>
  COLOURS[(COLOURS.indexOf(c as Colour) + 1) % Math.max(1, players)];

/**
 * centreDistance orders squares from the centre outwards, for the move
 * timer's setup time-out (the free square nearest the centre).
 */
export function centreDistance(sq: string): number {
  const c = col(sq) - 3;
  const r = row(sq) - 4;
  return Math.abs(c) + Math.abs(r) + (c * c + r * r) * 0.01;
}
