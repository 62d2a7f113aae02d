// dashboard.ts: the coach's dashboard (/workspace, bundled to
// dist/workspace.js): collections and their players (create, rename,
// delete), an import by file or paste with a preview and the bad lines
// by number, the background reviews' progress live from the collection's
// event stream (GET /v1/collections/{id}/events), and cancel. The
// collection open is in the address (?collection=ID).
import { api, type Collection, type Progress } from '../api.js';
import { $, bodyState, chosen, el, input, select, setText, showMessage } from '../dom.js';
import { COLOURS } from '../notation.js';
import { preview, problemWords, progressWords, rejected, type Problem } from './importlines.js';
import { clearRows, deleteButton, fail, link, param, row, start } from './page.js';

let current: Collection | null = null;
let stream: AbortController | null = null;

const text = (): HTMLTextAreaElement => $<HTMLTextAreaElement>('import-text');

/** listCollections draws the caller's collections. */
async function listCollections(): Promise<void> {
  const { collections = [] } = await api.collections();
  const ul = $('collection-list');
  ul.textContent = '';
  for (const c of collections) {
    const a = link('/workspace?collection=' + encodeURIComponent(c.id ?? ''), c.name ?? '');
    a.dataset.collection = c.id ?? '';
    if (c.id === current?.id) a.setAttribute('aria-current', 'page');
    a.addEventListener('click', (ev) => {
      ev.preventDefault();
      void open(c.id ?? '');
    });
    const li = el('li');
    li.append(a);
    ul.append(li);
  }
  if (!collections.length) ul.append(el('li', 'muted', 'No collection yet: make one.'));
}

/** open shows collection id (its players, games and progress). */
async function open(id: string): Promise<void> {
  stream?.abort();
  stream = null;
  if (!id) {
    current = null;
    $('collection-box').hidden = true;
    return;
  }
  history.replaceState(null, '', '/workspace?collection=' + encodeURIComponent(id));
  await refresh(id);
  $('collection-box').hidden = false;
  await listCollections();
  follow();
}

/** refresh reads the collection again and draws it. */
async function refresh(id = current?.id ?? ''): Promise<void> {
  current = await api.collection(id);
  const c = current;
  setText('collection-title', c.name ?? '');
  input('rename-collection-name').value = c.name ?? '';
  drawPlayers(c);
  drawGames(c);
  drawProgress(c.progress ?? {});
}

function drawPlayers(c: Collection): void {
  clearRows('player-table');
  const s = select('player-pick');
  s.textContent = '';
  for (const p of c.players ?? []) {
    const pid = encodeURIComponent(p.id ?? '');
    const games = (c.games ?? []).filter((g) => Object.values(g.players ?? {}).some((x) => x.id === p.id)).length;
    row('player-table', [link('/workspace/player?id=' + pid, p.name ?? ''), String(games), link('/workspace/drills?player=' + pid, 'Drills')],
      { player: p.id ?? '', name: p.name ?? '' });
    s.append(Object.assign(el('option', undefined, p.name ?? ''), { value: p.id ?? '' }));
  }
  $('player-edit').hidden = !(c.players ?? []).length;
  if (!(c.players ?? []).length) row('player-table', ['No players yet: add them, or import games that name them.', '', '']);
}

function drawGames(c: Collection): void {
  clearRows('game-table');
  for (const g of c.games ?? []) {
    const names = COLOURS.filter((c) => g.players?.[c]).map((c) => `${g.players?.[c].name} (${c})`).join(' – ');
    const review = g.review && g.reviewStatus === 'succeeded' ? link('/analysis#review=' + encodeURIComponent(g.review), 'Open the review') : el('span', 'muted', g.reviewStatus ?? '');
    row('game-table', [String(g.line ?? ''), g.date ?? '', names, g.winner ?? '', review], { game: g.id ?? '', status: g.reviewStatus ?? '' });
  }
  $('games-box').hidden = !(c.games ?? []).length;
}

/** drawProgress shows the reviews' progress (body[data-progress]: none, running, finished). */
function drawProgress(p: Progress): void {
  const bar = $<HTMLProgressElement>('progress');
  bar.value = p.fraction ?? 0;
  bar.setAttribute('aria-valuetext', progressWords(p));
  setText('progress-text', progressWords(p));
  const state = !p.total ? 'none' : p.finished ? 'finished' : 'running';
  bodyState('progress', state);
  $('progress-box').dataset.done = String(p.done ?? 0);
  $('progress-box').dataset.total = String(p.total ?? 0);
  ($('cancel-reviews') as HTMLButtonElement).disabled = state !== 'running';
}

/**
 * follow reads the collection's event stream while reviews run: each
 * progress event is drawn; the end event reads the collection again (the
 * games' review links). A dropped stream is reopened after a pause.
 */
function follow(): void {
  const c = current;
  if (!c?.id || c.progress?.finished || !c.progress?.total) return;
  stream?.abort();
  const ctl = new AbortController();
  stream = ctl;
  const id = c.id;
  let last = 0;
  api.events(id, ctl.signal, (event, data) => {
    if (event !== 'progress' && event !== 'end') return;
    const p = JSON.parse(data) as Progress;
    drawProgress(p);
    // The games' statuses, now and then and at the end.
    if (event === 'end' || Date.now() - last > 5000) {
      last = Date.now();
      void refresh(id).then(() => drawProgress(p), () => {});
    }
  }).then(() => {
    if (stream === ctl && !current?.progress?.finished) setTimeout(() => stream === ctl && follow(), 1000);
  }, (e: Error) => {
    if (ctl.signal.aborted) return;
    showMessage('error', 'The progress stream: ' + e.message + ' (reconnecting)');
    setTimeout(() => stream === ctl && follow(), 2000);
  });
}

/** showPreview says what the import holds before it is sent. */
function showPreview(): void {
  const t = text().value;
  if (!t.trim()) {
    setText('import-preview', '');
    return;
  }
  const p = preview(t, select('import-format').value as 'auto' | 'jsonl' | 'wgf');
  $('wgf-names').hidden = p.format !== 'wgf';
  let s = `${p.games} game${p.games === 1 ? '' : 's'} as ${p.format === 'jsonl' ? 'JSON lines' : 'WGF'}`;
  if (p.names.length) s += `; players: ${p.names.join(', ')}`;
  if (p.problems.length) s += `; ${p.problems.length} line${p.problems.length === 1 ? ' is' : 's are'} not JSON (line ${p.problems.map((x) => x.line).join(', ')})`;
  setText('import-preview', s + '.');
}

function showProblems(list: Problem[]): void {
  const ol = $('import-problems');
  ol.textContent = '';
  for (const p of list) {
    const li = el('li', undefined, problemWords(p));
    li.dataset.line = String(p.line);
    ol.append(li);
  }
  ol.hidden = !list.length;
}

/** sendImport posts the text with the format and the bad-line choice. */
async function sendImport(): Promise<void> {
  const c = current;
  if (!c?.id) return;
  const t = text().value;
  const format = select('import-format').value;
  const p = preview(t, format as 'auto' | 'jsonl' | 'wgf');
  const q: Record<string, string> = { onError: chosen('onError') ?? 'reject' };
  if (format !== 'auto') q.format = format;
  if (p.format === 'wgf') for (const colour of ['red', 'blue']) {
    const n = input('wgf-' + colour).value.trim();
    if (n) q[colour] = n;
  }
  const ctype = format === 'jsonl' ? 'application/x-ndjson' : format === 'wgf' ? 'application/x-wgf' : 'application/octet-stream';
  bodyState('import', 'sending');
  showProblems([]);
  try {
    const out = await api.importGames(c.id, t, ctype, q);
    const bad = out.errors ?? [];
    setText('import-result', `${out.imported ?? 0} game${out.imported === 1 ? '' : 's'} imported` +
      (bad.length ? `; ${bad.length} bad line${bad.length === 1 ? '' : 's'} left out:` : '.'));
    showProblems(bad.map((b) => ({ line: b.line ?? 0, field: b.field, message: b.message ?? '' })));
    text().value = '';
    input('import-file').value = '';
    setText('import-preview', '');
    bodyState('import', 'done');
    await refresh(c.id);
    follow();
  } catch (e) {
    const msg = (e as Error).message;
    const lines = rejected(msg);
    setText('import-result', lines.length ? msg.slice(0, msg.indexOf(': line ')).replace(/^body: /, '') + ':' : 'The import failed: ' + msg);
    showProblems(lines);
    bodyState('import', 'rejected');
  }
}

function main(): void {
  start();
  $('new-collection').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const name = input('collection-name').value.trim();
    if (!name) return;
    api.createCollection(name).then((c) => {
      input('collection-name').value = '';
      return open(c.id ?? '');
    }).catch((e) => fail('Creating the collection', e));
  });
  $('rename-collection').addEventListener('click', () => {
    if (!current?.id) return;
    api.renameCollection(current.id, input('rename-collection-name').value.trim())
      .then(() => refresh()).then(listCollections).catch((e) => fail('Renaming the collection', e));
  });
  deleteButton($<HTMLButtonElement>('delete-collection'), () => current?.name ?? '', () => {
    if (!current?.id) return;
    api.deleteCollection(current.id).then(() => {
      history.replaceState(null, '', '/workspace');
      return open('');
    }).then(listCollections).catch((e) => fail('Deleting the collection', e));
  });
  $('new-player').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const name = input('player-name').value.trim();
    if (!current?.id || !name) return;
    api.addPlayer(current.id, name).then(() => {
      input('player-name').value = '';
      return refresh();
    }).catch((e) => fail('Adding the player', e));
  });
  $('rename-player').addEventListener('click', () => {
    api.renamePlayer(select('player-pick').value, input('player-new-name').value.trim())
      .then(() => refresh()).catch((e) => fail('Renaming the player', e));
  });
  deleteButton($<HTMLButtonElement>('delete-player'), () => select('player-pick').selectedOptions[0]?.textContent ?? '', () => {
    api.deletePlayer(select('player-pick').value).then(() => refresh()).catch((e) => fail('Deleting the player', e));
  });
  input('import-file').addEventListener('change', () => {
    const f = input('import-file').files?.[0];
    if (!f) return;
    f.text().then((t) => {
      text().value = t;
      showPreview();
    }, (e: Error) => fail('Reading the file', e));
  });
  text().addEventListener('input', showPreview);
  select('import-format').addEventListener('change', showPreview);
  $('import-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    void sendImport();
  });
  $('cancel-reviews').addEventListener('click', () => {
    if (!current?.id) return;
    api.cancelCollection(current.id).then((r) => {
      setText('import-result', `${r.cancelled ?? 0} review${r.cancelled === 1 ? '' : 's'} cancelled.`);
      return refresh();
    }).catch((e) => fail('Cancelling', e));
  });
  bodyState('progress', 'none');
  listCollections()
    .then(() => open(param('collection')))
    .then(() => bodyState('state', 'ready'), (e) => fail('Reading the workspace', e));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
