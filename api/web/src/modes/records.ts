// records.ts: the "Import / export" mode. Import goes through the
// server's converter (POST /v1/records/import: a JSON record, a move list
// or a WGF record); export writes the main line as a record (POST
// /v1/records/export) or, after a review, as a move list with every
// move's classification, loss, best move and explanation as comments. A
// share link carries the whole tree, variations included, in the URL's
// fragment (#g=...), so it opens the same game in a fresh browser without
// anything stored on the server.
import { api } from '../api.js';
import type { Board } from '../board.js';
import { $, bodyState, input, readFileInto } from '../dom.js';
import { baseMode, type Mode } from '../mode.js';
import { stripColour } from '../notation.js';
import { annotatedReview, FILE_EXTENSIONS } from '../records.js';
import { encodeTree, Tree } from '../tree.js';
import type { ReviewState } from './review.js';

/** recordsMode makes the mode. */
export function recordsMode(board: Board, reviewed: ReviewState): Mode {
  const text = (id: string): HTMLTextAreaElement => $(id) as HTMLTextAreaElement;

  const doImport = async (): Promise<void> => {
    const t = text('import-text').value;
    try {
      // A JSON record carries its own rules; a move list takes the rules
      // chosen on the page.
      const res = await api.importRecord(t.trim().startsWith('{') ? { text: t } : { text: t, rules: board.rulesForm() });
      board.showError('');
      const moves = res.record?.moves ?? [];
      // The tree holds moves without colour prefixes, as the board plays them.
      const { tree, end } = Tree.fromRecord({ ...res.record, moves: moves.map(stripColour) });
      board.notice(`Imported a ${res.format} record: ${moves.length} moves.`);
      await board.setTree(tree, end);
      bodyState('imports', String(Number(document.body.dataset.imports ?? 0) + 1));
    } catch (e) {
      board.showError('Import: ' + (e as Error).message);
    }
  };

  const doExport = async (format: string): Promise<void> => {
    let out: string;
    const rec = board.s.tree.mainRecord();
    try {
      if (format === 'review') {
        if (!reviewed.result || !reviewed.id) throw new Error('format: review the game first (Review the main line)');
        out = annotatedReview(reviewed.id, reviewed.result, rec);
      } else {
        out = (await api.exportRecord({ record: rec, format: format as 'json' | 'moves' | 'wgf' })).text ?? '';
      }
    } catch (e) {
      board.showError('Export: ' + (e as Error).message);
      return;
    }
    board.showError('');
    text('export-text').value = out;
    text('export-text').dataset.format = format;
    const a = $('export-download') as HTMLAnchorElement;
    if (a.href) URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(new Blob([out], { type: 'text/plain' }));
    a.download = 'wallgo-game.' + FILE_EXTENSIONS[format];
    a.hidden = false;
  };

  const doShare = (): void => {
    const link = location.origin + '/analysis#g=' + encodeTree(board.s.tree);
    const field = input('share-link');
    field.value = link;
    field.select();
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).catch(() => {});
  };

  $('import-button').addEventListener('click', () => void doImport());
  for (const b of document.querySelectorAll<HTMLElement>('[data-format]')) b.addEventListener('click', () => void doExport(b.dataset.format ?? ''));
  $('share-button').addEventListener('click', doShare);
  $('import-file').addEventListener('change', () => readFileInto('import-file', 'import-text', (m) => board.showError(m)));

  return baseMode(board, 'records', ['panel-records', 'analysis-box'], true);
}
