// dom.ts: small DOM helpers the pages share.

/** $ returns the element with id, typed by the caller; it throws when the page lacks it. */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error('page: no element #' + id);
  return e as T;
}

/** el makes an element with a class and text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** button makes a type="button" button with text. */
export function button(text: string, cls?: string): HTMLButtonElement {
  const b = el('button', cls, text);
  b.type = 'button';
  return b;
}

/** input returns the form control with id. */
export const input = (id: string): HTMLInputElement => $<HTMLInputElement>(id);

/** select returns the select with id. */
export const select = (id: string): HTMLSelectElement => $<HTMLSelectElement>(id);

/** chosen is the value of the checked radio button of a group. */
export function chosen(name: string): string | undefined {
  return document.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;
}

/** setText writes an element's text. */
export function setText(id: string, text: string): void {
  $(id).textContent = text;
}

/** showMessage writes one of the page's message lines, hidden when empty. */
export function showMessage(id: string, msg: string): void {
  const e = $(id);
  e.textContent = msg;
  e.hidden = !msg;
}

/** bodyState sets one of the body's data-* states the tests wait on. */
export function bodyState(name: string, value: string): void {
  document.body.dataset[name] = value;
}

/**
 * rememberKey keeps the API key field in this tab's session storage and
 * returns a reader of it.
 */
export function rememberKey(id: string): () => string {
  const k = input(id);
  try {
    k.value = sessionStorage.getItem('wz-api-key') ?? '';
  } catch {
    /* private mode */
  }
  k.addEventListener('change', () => {
    try {
      sessionStorage.setItem('wz-api-key', k.value.trim());
    } catch {
      /* private mode */
    }
  });
  return () => k.value;
}

/** readFileInto fills a textarea with an uploaded file's text. */
export function readFileInto(fileID: string, textID: string, onError: (msg: string) => void): void {
  const f = input(fileID).files?.[0];
  if (!f) return;
  f.text().then(
    (t) => {
      $<HTMLTextAreaElement>(textID).value = t;
    },
    (e: Error) => onError('Reading the file failed: ' + e.message),
  );
}
