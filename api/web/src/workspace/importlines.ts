// importlines.ts: what the dashboard says about an import, with no DOM: a
// preview of the text before it is sent (its format, its games, the
// players named, lines that are not JSON), the server's rejection split
// into its bad lines, and the reviews' progress in words.

/** A bad line: its number (1-based), the field at fault and the reason. */
export interface Problem {
  line: number;
  field?: string;
  message: string;
}

/** What the page knows of an import before sending it. */
export interface Preview {
  format: 'jsonl' | 'wgf';
  /** games counts the lines that hold a game (not blank, not comments). */
  games: number;
  /** names are the players the JSON lines name, in order of first sight (by colour within a line). */
  names: string[];
  /** problems are the lines seen to be bad here (not JSON); the server checks the rest. */
  problems: Problem[];
}

/** detect is the format of text: JSON lines when its first line that is not blank starts with '{' (as the server detects). */
export function detect(text: string): 'jsonl' | 'wgf' {
  const first = text.split('\n').find((l) => l.trim() !== '');
  return first?.trim().startsWith('{') ? 'jsonl' : 'wgf';
}

/** preview reads text as format (auto: detected). */
export function preview(text: string, format: 'auto' | 'jsonl' | 'wgf' = 'auto'): Preview {
  const f = format === 'auto' ? detect(text) : format;
  const out: Preview = { format: f, games: 0, names: [], problems: [] };
  text.split('\n').forEach((raw, i) => {
    const l = raw.trim();
    if (!l || l.startsWith('#')) return;
    out.games++;
    if (f !== 'jsonl') return;
    let v: unknown;
    try {
      v = JSON.parse(l);
    } catch (e) {
      out.problems.push({ line: i + 1, message: 'not JSON: ' + (e as Error).message });
      return;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      out.problems.push({ line: i + 1, message: 'not a JSON object' });
      return;
    }
    const players = (v as { players?: unknown }).players;
    const byColour = (Array.isArray(players) ? {} : players ?? {}) as Record<string, unknown>;
    const names = ['red', 'blue', 'green', 'yellow'].map((c) => byColour[c]);
    for (const n of names) if (typeof n === 'string' && n && !out.names.includes(n)) out.names.push(n);
  });
  return out;
}

/**
 * rejected splits the message of an import rejected for its bad lines
 * ("2 bad line(s), nothing imported (...): line 3 moves[2]: reason; line
 * 7: reason") into its lines; [] for another message.
 */
export function rejected(message: string): Problem[] {
  const at = message.indexOf(': line ');
  if (at < 0) return [];
  return message.slice(at + 2).split(/; (?=line \d+|and \d+ more$)/).flatMap((part): Problem[] => {
    const g = /^line (\d+)(?: ([^\s:]+))?: ([\s\S]*)$/.exec(part);
    return g ? [{ line: Number(g[1]), field: g[2], message: g[3] }] : [];
  });
}

/** problemWords writes a bad line as the server does: "line 3 moves[2]: reason". */
export const problemWords = (p: Problem): string => `line ${p.line}${p.field ? ' ' + p.field : ''}: ${p.message}`;

/** duration writes seconds as "45 s", "3 min 5 s", "2 h 4 min". */
export function duration(s: number): string {
  const t = Math.max(0, Math.round(s));
  if (t < 60) return `${t} s`;
  if (t < 3600) return `${Math.floor(t / 60)} min ${t % 60} s`;
  return `${Math.floor(t / 3600)} h ${Math.floor((t % 3600) / 60)} min`;
}

/** The progress fields the words use (workspace.Progress). */
export interface ProgressFacts {
  done?: number;
  total?: number;
  failed?: number;
  cancelled?: number;
  fraction?: number;
  secondsLeft?: number;
  finished?: boolean;
}

/**
 * progressWords says how far the reviews are: "12 of 30 games reviewed
 * (41% of the positions), about 1 min 5 s left", and at the end what
 * failed or was cancelled.
 */
export function progressWords(p: ProgressFacts): string {
  const total = p.total ?? 0;
  if (!total) return 'No games yet.';
  let s = `${p.done ?? 0} of ${total} games reviewed`;
  if (!p.finished) {
    s += ` (${Math.round((p.fraction ?? 0) * 100)}% of the positions)`;
    s += typeof p.secondsLeft === 'number' ? `, about ${duration(p.secondsLeft)} left` : ', estimating the time left';
  }
  const ended = [p.failed ? `${p.failed} failed` : '', p.cancelled ? `${p.cancelled} cancelled` : ''].filter(Boolean);
  if (ended.length) s += '; ' + ended.join(', ');
  return s + (p.finished ? '.' : '');
}
