// openings.ts: the opening explorer page's entry (bundled to
// dist/openings.js): a heat map of the placements of each step of the
// placement phase (GET /v1/openings/explorer), navigation down the
// placement tree with the mouse or the keyboard, and the most frequent
// opening states of self-play. The page's address names the node shown,
// so the browser's back and forward buttons walk the tree too.
import { api, ApiError, useKey } from './api.js';
import { $, bodyState, button, el, rememberKey, select, showMessage } from './dom.js';
import {
  cellText, cursorFor, explorerQuery, heat, metricOf, moveCursor, pct, ranked, readAddress,
  type Address, type ExplorerResult, type ExplorerStep, type Metric,
} from './explorer.js';
import { squares } from './notation.js';

/** The page's state: the node shown, the placements to redo, the heat map's metric and cursor. */
const state = {
  at: { opening: 'four-stone', moves: [] } as Address,
  /** forward: the placements "Forward" makes again, the next one last. */
  forward: [] as string[],
  metric: 'prior' as Metric,
  data: null as ExplorerResult | null,
  /** cursor: the square index (A1 = 0) of the heat map's keyboard cell. */
  cursor: 24,
  /** seq numbers the requests: only the last one's answer is shown. */
  seq: 0,
};

function readLocation(): void {
  state.at = readAddress(location.search);
  select('opening').value = state.at.opening;
}

// go shows the node of moves; push records it in the browser's history.
async function go(moves: string[], push: boolean): Promise<void> {
  state.at = { ...state.at, moves };
  if (push) history.pushState(null, '', '/openings?' + explorerQuery(state.at));
  const seq = ++state.seq;
  bodyState('state', 'loading');
  try {
    const data = await api.explorer(explorerQuery(state.at));
    if (seq !== state.seq) return;
    showMessage('error', '');
    state.data = data;
    render();
    bodyState('state', 'ready');
  } catch (e) {
    if (seq !== state.seq) return;
    showMessage('error', e instanceof ApiError ? e.message : 'The explorer could not be reached: ' + String(e));
    bodyState('state', 'error');
  }
}

function place(move: string): void {
  const f = state.forward;
  state.forward = f.length && f[f.length - 1] === move ? f.slice(0, -1) : [];
  void go([...state.at.moves, move], true);
}

function back(): void {
  const m = state.at.moves;
  if (!m.length) return;
  state.forward.push(m[m.length - 1]);
  void go(m.slice(0, -1), true);
}

function forward(): void {
  const next = state.forward.pop();
  if (next) void go([...state.at.moves, next], true);
}

function home(): void {
  if (!state.at.moves.length) return;
  state.forward = state.at.moves.slice().reverse();
  void go([], true);
}

function render(): void {
  const d = state.data;
  const steps = d?.steps ?? [];
  const step = steps[steps.length - 1];
  if (!d || !step) return;
  const moves = state.at.moves;
  const order = d.placementOrder ?? [];
  $('step').textContent = `${step.placed ?? 0} of ${order.length}`;
  $<HTMLButtonElement>('back').disabled = !moves.length;
  $<HTMLButtonElement>('forward').disabled = !state.forward.length;
  $<HTMLButtonElement>('home').disabled = !moves.length;
  $('path').replaceChildren(...moves.map((m, i) => {
    const b = button(`${i + 1}. ${m}`, order[i]);
    b.title = 'Back to the position after ' + m;
    b.addEventListener('click', () => {
      state.forward = moves.slice(i + 1).reverse();
      void go(moves.slice(0, i + 1), true);
    });
    const li = el('li');
    li.append(b);
    return li;
  }));
  const setup = step.phase === 'setup';
  const toMove = $('to-move');
  toMove.textContent = setup ? (step.toMove ?? '') : 'nobody: the placement phase is over';
  toMove.className = setup ? 'player ' + step.toMove : '';
  $('red-winrate').textContent = pct(step.redWinrate);
  $('red-value').textContent = pct(step.redValue);
  $('visits').textContent = step.visits ? String(step.visits) : '–';
  $('source').textContent = !setup ? 'the previous step’s search' : step.computed ? 'searched now (not in the table yet)' : 'the opening table';
  $('order').textContent = order.join(', ');
  $('curve').replaceChildren(...steps.map((s) => el('li', undefined, `step ${s.placed ?? 0}: ${pct(s.redWinrate)}`)));
  renderGrid(step);
  $('best').replaceChildren(...ranked(step).map((p) => {
    const li = el('li');
    li.append(el('code', undefined, p.move ?? ''), ' policy ', el('span', 'p', pct(p.prior)), ', Red win rate ', el('span', 'w', pct(p.redWinrate)));
    return li;
  }));
  renderFrequent(d);
}

// renderGrid draws the heat map, rows 7 to 1 from the top; a cell of a
// legal placement is a button that places there.
function renderGrid(step: ExplorerStep): void {
  const grid = $('grid');
  const byMove = new Map((step.placements ?? []).map((p) => [p.move ?? '', p]));
  const colourOf = new Map<string, string>();
  for (const [c, stones] of Object.entries(step.stones ?? {})) for (const s of stones) colourOf.set(s, c);
  state.cursor = cursorFor(step, state.cursor);
  const hadFocus = grid.contains(document.activeElement);
  const cells: HTMLButtonElement[] = [];
  for (let r = 6; r >= 0; r--) {
    for (let c = 0; c < 7; c++) {
      const i = r * 7 + c;
      const name = squares[i];
      const cell = button('', 'cell');
      cell.setAttribute('role', 'gridcell');
      cell.dataset.index = String(i);
      cell.dataset.move = name;
      cell.tabIndex = i === state.cursor ? 0 : -1;
      cell.append(el('span', 'sq', name));
      const p = byMove.get(name);
      const stone = colourOf.get(name);
      if (stone) {
        cell.classList.add('stone', stone);
        cell.setAttribute('aria-label', `${name}: ${stone} stone`);
      } else if (p) {
        const v = metricOf(p, state.metric);
        cell.dataset.prior = String(p.prior ?? 0);
        cell.dataset.winrate = p.redWinrate === null || p.redWinrate === undefined ? '' : String(p.redWinrate);
        cell.style.background = heat(state.metric, v);
        cell.append(el('span', 'v', cellText(v)));
        cell.setAttribute('aria-label', `${name}: policy ${pct(p.prior)}, Red win rate ${pct(p.redWinrate)}` + (p.childVisits ? '' : ' (child not in the table)'));
        cell.addEventListener('click', () => {
          state.cursor = i;
          place(name);
        });
      } else {
        cell.classList.add('none');
        cell.setAttribute('aria-label', `${name}: empty`);
      }
      cells.push(cell);
    }
  }
  grid.replaceChildren(...cells);
  if (hadFocus) focusCursor();
}

function focusCursor(): void {
  $('grid').querySelector<HTMLElement>(`[data-index="${state.cursor}"]`)?.focus();
}

function renderFrequent(d: ExplorerResult): void {
  $('games').textContent = d.selfplayGames
    ? `(${d.selfplayGames} games, ${d.selfplayVisits ?? 0} visits a move)`
    : '(none counted yet: wallzero explorer selfplay)';
  const rows = (d.frequent ?? []).map((f, i) => {
    const tr = el('tr');
    tr.tabIndex = 0;
    const placements = el('td');
    placements.append(el('code', undefined, (f.moves ?? []).join(' ')));
    tr.append(el('td', undefined, String(i + 1)), placements, el('td', undefined, `${pct(f.frequency)} (${f.games ?? 0})`), el('td', undefined, pct(f.redScore)));
    const open = (): void => {
      state.forward = [];
      void go((f.moves ?? []).slice(), true);
    };
    tr.addEventListener('click', open);
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        open();
      }
    });
    return tr;
  });
  $('frequent').querySelector('tbody')?.replaceChildren(...rows);
}

function onGridKey(e: KeyboardEvent): void {
  if (e.key === 'Enter' || e.key === ' ') {
    // Handled here (not by the button's own activation), so that a key
    // press places exactly once.
    e.preventDefault();
    const c = (e.target as HTMLElement).closest<HTMLElement>('.cell');
    if (c && c.dataset.prior !== undefined) {
      state.cursor = Number(c.dataset.index);
      place(c.dataset.move ?? '');
    }
    return;
  }
  const next = moveCursor(state.cursor, e.key);
  if (next === null) return;
  e.preventDefault();
  state.cursor = next;
  for (const c of $('grid').querySelectorAll<HTMLElement>('.cell')) c.tabIndex = Number(c.dataset.index) === next ? 0 : -1;
  focusCursor();
}

function onKey(e: KeyboardEvent): void {
  const tag = (e.target as HTMLElement | null)?.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'Backspace') {
    e.preventDefault();
    back();
  } else if (e.key === 'f' || e.key === 'F') forward();
  else if (e.key === 'Home') {
    e.preventDefault();
    home();
  } else if (e.key === 'p' || e.key === 'P') setMetric('prior');
  else if (e.key === 'w' || e.key === 'W') setMetric('winrate');
}

function setMetric(m: Metric): void {
  state.metric = m;
  const r = document.querySelector<HTMLInputElement>(`input[name=metric][value="${m}"]`);
  if (r) r.checked = true;
  if (state.data) render();
}

function main(): void {
  useKey(rememberKey('api-key'));
  readLocation();
  $('grid').addEventListener('keydown', onGridKey);
  document.addEventListener('keydown', onKey);
  $('back').addEventListener('click', back);
  $('forward').addEventListener('click', forward);
  $('home').addEventListener('click', home);
  select('opening').addEventListener('change', () => {
    state.at = { opening: select('opening').value === 'empty' ? 'empty' : 'four-stone', moves: [] };
    state.forward = [];
    void go([], true);
  });
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name=metric]')) {
    r.addEventListener('change', () => setMetric(r.value === 'winrate' ? 'winrate' : 'prior'));
  }
  $('api-key').addEventListener('change', () => void go(state.at.moves, false));
  $('controls').addEventListener('submit', (e) => e.preventDefault());
  window.addEventListener('popstate', () => {
    readLocation();
    void go(state.at.moves, false);
  });
  void go(state.at.moves, false);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
