// board-records.js: records in and out of the board. Import goes through
// the server's converter (POST /v1/records/import: a JSON record, a move
// list or a WGF record); export writes the main line as a record
// (POST /v1/records/export) or, after a review, as a move list with every
// move's classification, loss, best move and explanation as comments. A
// share link carries the whole tree, variations included, in the URL's
// fragment (#g=...), so it opens the same game in a fresh browser without
// anything stored on the server.
'use strict';
window.WZ = window.WZ || {};
(() => {
  const $ = (id) => document.getElementById(id);
  const pct = (v) => (100 * v).toFixed(1) + '%';
  const records = {};
  WZ.records = records;

  // mainRecord is the record of the tree's main line.
  const mainRecord = () => WZ.app.tree.record(WZ.app.tree.lineEnd(WZ.app.tree.root));

  async function doImport() {
    const app = WZ.app;
    const text = $('import-text').value;
    try {
      // A JSON record carries its own rules; a move list takes the rules
      // chosen on the page.
      const req = { text };
      if (!text.trim().startsWith('{')) req.rules = app.rulesForm();
      const res = await WZ.api.importRecord(req);
      app.showError('');
      // The tree holds moves without colour prefixes, as the board plays them.
      const rec = Object.assign({}, res.record, { moves: res.record.moves.map((m) => m.replace(/^[RBGY] /, '')) });
      const { tree, end } = WZ.Tree.fromRecord(rec);
      app.tree = tree;
      app.redo = [];
      app.reviewClear();
      app.notice(`Imported a ${res.format} record: ${res.record.moves.length} moves.`);
      await app.goto(end);
      document.body.dataset.imports = String(Number(document.body.dataset.imports || 0) + 1);
    } catch (e) {
      app.showError('Import: ' + e.message);
    }
  }

  // annotated writes the reviewed main line as a move list whose comments
  // carry the review.
  function annotated() {
    const r = WZ.review.result;
    const rec = mainRecord();
    const lines = [`# WallZero review ${WZ.review.id} (${r.visits} visits a position, model ${r.model})`];
    lines.push('# accuracy: ' + Object.entries(r.accuracy || {}).map(([c, v]) => `${c} ${v.toFixed(1)}%`).join(', '));
    lines.push('# rules: ' + JSON.stringify(rec.rules));
    r.moves.forEach((m, i) => {
      const parts = [m.classification];
      if (m.loss > 0) parts.push(`loses ${pct(m.loss)}`);
      if (m.bestMove && m.bestMove !== m.move) parts.push(`best ${m.bestMove} (${pct(m.bestWinrate)})`);
      if (m.explanation && m.explanation.text) parts.push(m.explanation.text.replace(/\s+/g, ' '));
      lines.push(`${rec.moves[i]}  # ${i + 1}. ${m.player}: ${parts.join('; ')}`);
    });
    return lines.join('\n') + '\n';
  }

  async function doExport(format) {
    const app = WZ.app;
    let text;
    try {
      if (format === 'review') {
        if (!WZ.review.result) throw new Error('format: review the game first (Review the main line)');
        text = annotated();
      } else {
        text = (await WZ.api.exportRecord({ record: mainRecord(), format })).text;
      }
    } catch (e) {
      app.showError('Export: ' + e.message);
      return;
    }
    app.showError('');
    $('export-text').value = text;
    $('export-text').dataset.format = format;
    const a = $('export-download');
    if (a.href) URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    a.download = 'wallgo-game.' + { json: 'json', moves: 'txt', wgf: 'wgf', review: 'txt' }[format];
    a.hidden = false;
  }

  // shareLink returns the link that reopens the tree.
  records.shareLink = () => location.origin + '/analysis#g=' + WZ.treeCodec.encode(WZ.app.tree);

  function doShare() {
    const link = records.shareLink();
    $('share-link').value = link;
    $('share-link').select();
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).catch(() => {});
  }

  // openFromLocation opens a share link (#g=) or a review (#review=id);
  // it returns false when the URL names neither.
  records.openFromLocation = () => {
    const app = WZ.app;
    const g = /^#g=([A-Za-z0-9_-]+)$/.exec(location.hash);
    if (g) {
      try {
        app.tree = WZ.treeCodec.decode(g[1]);
      } catch (e) {
        app.showError('The shared link is damaged: ' + e.message);
        return false;
      }
      app.redo = [];
      app.reviewClear();
      app.goto(app.tree.lineEnd(app.tree.root));
      return true;
    }
    const r = /^#review=([^&]+)$/.exec(location.hash);
    if (r) {
      app.tree = new WZ.Tree(app.rulesForm());
      app.goto(app.tree.root);
      WZ.review.open(decodeURIComponent(r[1]));
      return true;
    }
    return false;
  };

  document.addEventListener('DOMContentLoaded', () => {
    $('import-button').addEventListener('click', doImport);
    for (const b of document.querySelectorAll('[data-format]')) b.addEventListener('click', () => doExport(b.dataset.format));
    $('share-button').addEventListener('click', doShare);
    $('import-file').addEventListener('change', () => {
      const f = $('import-file').files[0];
      if (f) f.text().then((t) => { $('import-text').value = t; }, (e) => WZ.app.showError('Reading the file failed: ' + e.message));
    });
  });
})();
