// page.ts: what the workspace's pages share: the API key field, the
// error line, the address's query, table rows and a delete button that
// asks twice.
import { useKey } from '../api.js';
import { $, bodyState, el, rememberKey, showMessage } from '../dom.js';

/**
 * start wires the API key field (a new key, kept for the tab, reloads the
 * page's data) and marks the page loading.
 */
export function start(): void {
  useKey(rememberKey('api-key'));
  $('api-key').addEventListener('change', () => location.reload());
  bodyState('state', 'loading');
}

/** fail shows an error and marks the page's state as error. */
export function fail(what: string, e: unknown): void {
  showMessage('error', `${what}: ${(e as Error).message}`);
  bodyState('state', 'error');
}

/** param reads the address's query parameter name ('' when absent). */
export const param = (name: string): string => new URLSearchParams(location.search).get(name) ?? '';

/** row appends a table row of cells (text or elements) to tbody #id's body. */
export function row(id: string, cells: (string | Node)[], attrs: Record<string, string> = {}): HTMLTableRowElement {
  const tr = el('tr');
  for (const c of cells) {
    const td = el('td');
    td.append(c);
    tr.append(td);
  }
  Object.assign(tr.dataset, attrs);
  $(id).querySelector('tbody')?.append(tr);
  return tr;
}

/** clearRows empties a table's body. */
export function clearRows(id: string): void {
  const b = $(id).querySelector('tbody');
  if (b) b.textContent = '';
}

/** link makes an anchor. */
export function link(href: string, text: string): HTMLAnchorElement {
  const a = el('a', undefined, text);
  a.href = href;
  return a;
}

/**
 * deleteButton asks again before it acts: the first press changes it to
 * "Really delete NAME?" for five seconds, the second acts.
 */
export function deleteButton(b: HTMLButtonElement, name: () => string, act: () => void): void {
  const label = b.textContent ?? 'Delete';
  let armed = 0;
  b.addEventListener('click', () => {
    if (armed) {
      clearTimeout(armed);
      armed = 0;
      b.textContent = label;
      act();
      return;
    }
    b.textContent = `Really delete ${name()}?`;
    armed = window.setTimeout(() => {
      armed = 0;
      b.textContent = label;
    }, 5000);
  });
}
