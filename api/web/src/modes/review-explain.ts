// review-explain.ts: the review mode's pictures. Pictures shows the API's
// SVGs (the win-rate curve, the reach differences) in <img> elements,
// fetched with the page's API key; explanationView shows, beside the
// board, the explanation of the reviewed move that led to the position
// shown and its two reach-difference pictures (explain.ts): the move
// played and the engine's best.
import { api, type GameRecord, type MoveReview } from '../api.js';
import { $, bodyState } from '../dom.js';
import { explainMove, type DiffPicture } from '../explain.js';

/**
 * Pictures puts API pictures into <img> elements as object URLs (an
 * <img> cannot send the key's header). Each image shows the last picture
 * asked for: an answer that comes after a later request is dropped.
 */
export class Pictures {
  private asked = new WeakMap<HTMLImageElement, number>();
  private blobs = new WeakMap<HTMLImageElement, string>();
  private count = 0;

  /**
   * show loads url into img, whose data-url names it at once (the SVG can
   * be fetched again from there). It resolves true once the picture is
   * shown and decoded, false when a later request took its place; it
   * rejects when the picture could not be loaded.
   */
  async show(img: HTMLImageElement, url: string): Promise<boolean> {
    const n = ++this.count;
    this.asked.set(img, n);
    img.dataset.url = url;
    const blob = await api.picture(url);
    if (this.asked.get(img) !== n) {
      URL.revokeObjectURL(blob);
      return false;
    }
    const old = this.blobs.get(img);
    if (old) URL.revokeObjectURL(old);
    this.blobs.set(img, blob);
    img.src = blob;
    await img.decode().catch(() => undefined);
    return this.asked.get(img) === n;
  }
}

/** ExplanationView shows or hides the explanation of a reviewed move. */
export interface ExplanationView {
  /** show explains record's moves[index], m its review. */
  show(record: GameRecord, index: number, m: MoveReview | undefined): void;
  /** hide shows no explanation (the start, a variation, no review). */
  hide(): void;
}

/**
 * explanationView drives #review-explanation. The body's data-explanation
 * says what it shows: "none", "loading", "ready" (the text and the
 * pictures of the move data-index names are shown) or "error".
 */
export function explanationView(pictures: Pictures): ExplanationView {
  const box = $('review-explanation');
  let shown = '';
  let seq = 0;
  const hide = (): void => {
    seq++;
    shown = '';
    box.hidden = true;
    delete box.dataset.index;
    bodyState('explanation', 'none');
  };
  const picture = async (id: string, p: DiffPicture | null): Promise<boolean> => {
    $(`${id}-figure`).hidden = !p;
    if (!p) return true;
    const img = $<HTMLImageElement>(id);
    img.alt = p.alt;
    $(`${id}-caption`).textContent = p.caption;
    return pictures.show(img, p.url);
  };
  const show = (record: GameRecord, index: number, m: MoveReview | undefined): void => {
    const ex = m ? explainMove(record, index, m) : null;
    if (!ex) {
      hide();
      return;
    }
    const key = ex.played.url + ' ' + (ex.best?.url ?? '');
    if (shown === key && document.body.dataset.explanation !== 'error') return;
    const mine = ++seq;
    shown = key;
    box.hidden = false;
    box.dataset.index = String(index);
    $('review-explanation-text').textContent = ex.text;
    bodyState('explanation', 'loading');
    Promise.all([picture('diff-played', ex.played), picture('diff-best', ex.best)]).then(
      (done) => {
        if (mine === seq && done.every(Boolean)) bodyState('explanation', 'ready');
      },
      () => {
        if (mine === seq) bodyState('explanation', 'error');
      },
    );
  };
  return { show, hide };
}
