// export.ts: the player page's download of the player's annotated games
// (GET /v1/players/{id}/games, JSON lines). The file is fetched with the
// API key's header (a plain link cannot send it), checked line by line,
// and handed to the browser as a blob: URL named NAME-games.jsonl.
import { api } from '../api.js';
import { $, bodyState, setText } from '../dom.js';

/** fileName is NAME-games.jsonl, the name kept to letters, digits, - and _. */
export function fileName(player: string): string {
  const base = player.trim().replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');
  return (base || 'player') + '-games.jsonl';
}

/** countLines counts the JSON lines of an export; a line that is not a JSON object is an error naming it. */
export function countLines(text: string): number {
  let n = 0;
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      v = null;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`line ${i + 1} of the export is not a JSON object`);
    n++;
  });
  return n;
}

/**
 * wireExport makes #export-games download player pid's games: while it
 * works body[data-export] is "loading"; then "done", with the file's name
 * and its JSON lines in #export-games[data-file][data-lines], or "error".
 */
export function wireExport(pid: string, name: () => string): void {
  const b = $<HTMLButtonElement>('export-games');
  b.addEventListener('click', () => {
    b.disabled = true;
    bodyState('export', 'loading');
    setText('export-status', 'Preparing the file…');
    api.exportGames(pid).then((text) => {
      const lines = countLines(text);
      const file = fileName(name());
      const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file;
      a.hidden = true;
      document.body.append(a);
      a.click();
      a.remove();
      // The browser has taken the file once the click's download starts.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      Object.assign(b.dataset, { file, lines: String(lines) });
      setText('export-status', `${file}: ${lines} game${lines === 1 ? '' : 's'}.`);
      bodyState('export', 'done');
    }).catch((e: Error) => {
      setText('export-status', 'The export failed: ' + e.message);
      bodyState('export', 'error');
    }).finally(() => {
      b.disabled = false;
    });
  });
}
