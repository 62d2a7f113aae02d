// review.ts: the "Review" mode, the one review UI (/review opens the board
// in it). A game's line (the board's main line, or a record pasted or
// uploaded in the panel) is sent to POST /v1/reviews; when the job is
// done its classifications go onto the move list, and the win-rate curve,
// accuracy, turning points (with what each cost) and each move's loss in
// win rate and in points, best move, level and explanation, with its two
// reach-difference pictures (review-explain.ts), are shown beside the
// board. Any position of the review can be explored with live
// analysis (a variation of the tree) and left again with "Back to the
// reviewed game". Games of three and four players read alike: the curve
// has a line per player, the accuracy names every player.
import { api, curveURL, type GameRecord, type Position, type ReviewResult } from '../api.js';
import type { Board } from '../board.js';
import { $, bodyState, button, el, input, readFileInto } from '../dom.js';
import { accuracyText, costText, curvePly, decidedText, KINDS, playersOf, ratingText, reviewLine } from '../format.js';
import { levelText } from '../level.js';
import { baseMode, type Mode } from '../mode.js';
import { stripColour } from '../notation.js';
import { parseRecordJSON } from '../records.js';
import { Tree, type TreeNode } from '../tree.js';
import { explanationView, Pictures } from './review-explain.js';

/** The review shown: its id, its result and the reviewed line's nodes. */
export interface ReviewState {
  id: string | null;
  result: ReviewResult | null;
  nodes: TreeNode[];
  /** branchPly: where the variation explored leaves the reviewed game. */
  branchPly: number;
}

/** A short four-stone game for "Load an example": Blue walls itself into two corners. */
const EXAMPLE: GameRecord = {
  rules: { players: 2, opening: 'four-stone' },
  moves: ['D4', 'A1', 'A2', 'D2', 'D4-D4:N', 'A2-A2:N', 'D4-D4:E', 'B2-B2:N', 'D4-D4:W', 'B2-B2:E',
    'D2-D2:N', 'B2-B1:E', 'D2-D2:E', 'F6-F6:S', 'D2-D2:W', 'F6-F6:W', 'F2-F2:N', 'F6-G6:S', 'F2-F2:E', 'G6-F7:W'],
};

/** The review mode's actions beyond the Mode interface. */
export interface ReviewMode extends Mode {
  /** start reviews the board's main line (maxVisits: the service's default when absent). */
  start(maxVisits?: number): Promise<void>;
  /** open shows an existing review by id; its record becomes the tree. */
  open(id: string): void;
  /** clear forgets the review shown. */
  clear(): void;
  /** goPly shows the reviewed game after ply moves. */
  goPly(ply: number): void;
}

/** reviewMode makes the mode over state. */
export function reviewMode(board: Board, state: ReviewState): ReviewMode {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pictures = new Pictures();
  const explanation = explanationView(pictures);
  // reviewed: the tree the review belongs to; a new tree on the board
  // (a new game, an import, a share link) ends the review.
  let reviewed: Tree | null = null;
  const stateText = (t: string): void => {
    $('review-state').textContent = t;
  };
  const fail = (msg: string): void => {
    stateText(msg);
    bodyState('review', 'error');
  };

  const goPly = (ply: number): void => {
    const n = ply <= 0 ? board.s.tree.root : state.nodes[Math.min(ply, state.nodes.length) - 1];
    if (n) void board.goto(n);
  };

  // show puts the review's content beside the board.
  const show = (result: ReviewResult): void => {
    state.result = result;
    $('review-progress').hidden = true;
    stateText(`(${result.visits} visits a position)`);
    (result.moves ?? []).forEach((m, i) => {
      const n = state.nodes[i];
      if (n) n.note = m;
    });
    const players = playersOf(result);
    $('review-accuracy').textContent = 'Accuracy: ' + accuracyText(result) + decidedText(result);
    ($('review-curve') as HTMLImageElement).alt = players.length > 2 ? "Each player's win rate per ply" : "Red's win rate per ply";
    bodyState('reviewPlayers', String(players.length));
    $('review-rating').textContent = ratingText(result.ratingEstimate);
    $('review-rating').hidden = !result.ratingEstimate;
    // The turning points in the API's order: by cost, largest first.
    const list = $('review-turning');
    list.textContent = '';
    for (const tp of result.turningPoints ?? []) {
      const li = el('li', 'tp ' + (tp.kind ?? ''));
      li.dataset.kind = tp.kind ?? '';
      if (tp.cost !== undefined) li.dataset.cost = String(tp.cost);
      const ply = tp.ply ?? 0;
      const b = button(`${ply + 1}. ${tp.move}`, 'jump');
      b.dataset.ply = String(ply);
      b.addEventListener('click', () => goPly(ply + 1));
      const cost = costText(tp);
      // The text reads "47. A2-B3:W missed chance: summary (cost ...)".
      li.append(b, ' ', el('span', 'kind', KINDS[tp.kind ?? ''] ?? tp.kind), ': ', el('span', 'summary', tp.summary ?? ''));
      if (cost) li.append(' (', el('span', 'cost', cost), ')');
      // The level rides on the item (its text keeps ending with the cost).
      if (tp.level) {
        li.dataset.level = tp.level.lowestName || 'none';
        li.title = levelText(tp);
      }
      list.append(li);
    }
    ($('review-report') as HTMLAnchorElement).href = '/report#review=' + encodeURIComponent(state.id ?? '');
    bodyState('review', 'ready');
    board.redrawMoves();
    goPly(0);
  };

  const poll = async (adopt: boolean): Promise<void> => {
    const id = state.id;
    if (!id) return;
    let job;
    try {
      job = await api.getReview(id);
    } catch (e) {
      fail('failed: ' + (e as Error).message);
      return;
    }
    if (state.id !== id) return;
    const p = job.progress ?? { done: 0, total: 0 };
    const bar = $('review-progress') as HTMLProgressElement;
    bar.max = Math.max(1, p.total ?? 0);
    bar.value = p.done ?? 0;
    stateText(`${job.status}: ${p.done} of ${p.total} positions`);
    if (job.status === 'succeeded' && job.result) {
      if (adopt && job.result.record) {
        const { tree } = Tree.fromRecord(job.result.record);
        reviewed = tree;
        board.store.update({ tree, cur: tree.root, redo: [] });
        state.nodes = tree.path(tree.lineEnd(tree.root));
      }
      show(job.result);
      return;
    }
    if (job.status === 'failed' || job.status === 'cancelled') {
      fail((job.status ?? '') + (job.error ? ': ' + job.error : ''));
      return;
    }
    timer = setTimeout(() => void poll(adopt), 400);
  };

  const begin = (): void => {
    clearTimeout(timer);
    bodyState('reviewId', '');
    if (board.s.mode !== 'review' && board.s.mode !== 'puzzles') board.setMode('review');
    $('review-box').hidden = false;
    $('review-progress').hidden = false;
    explanation.hide();
    stateText('queued');
    bodyState('review', 'running');
  };

  const start = async (maxVisits?: number): Promise<void> => {
    begin();
    const tree = board.s.tree;
    reviewed = tree;
    state.nodes = tree.path(tree.lineEnd(tree.root));
    try {
      const job = await api.createReview({ ...tree.mainRecord(), ...(maxVisits ? { maxVisits } : {}) });
      state.id = job.id ?? null;
      bodyState('reviewId', state.id ?? '');
      history.replaceState(null, '', location.pathname + location.search + '#review=' + encodeURIComponent(job.id ?? ''));
      void poll(false);
    } catch (e) {
      fail('failed: ' + (e as Error).message);
    }
  };

  // submit reviews the record pasted or uploaded in the panel.
  const submit = async (): Promise<void> => {
    let rec: GameRecord;
    try {
      rec = parseRecordJSON(($('review-record') as HTMLTextAreaElement).value);
    } catch (e) {
      board.showError((e as Error).message);
      return;
    }
    board.showError('');
    const { tree, end } = Tree.fromRecord({ ...rec, moves: (rec.moves ?? []).map(stripColour) });
    await board.setTree(tree, end);
    const visits = parseInt(input('review-visits').value, 10);
    await start(visits > 0 ? visits : undefined);
  };

  // onPosition updates the review panel for the position shown.
  const onPosition = async (_pos: Position, node: TreeNode): Promise<void> => {
    const result = state.result;
    if (!result || !state.id) return;
    const root = board.s.tree.root;
    const idx = state.nodes.indexOf(node);
    const onLine = node === root || idx >= 0;
    const ply = node === root ? 0 : idx + 1;
    $('review-back').hidden = onLine;
    // The turning point of the move that led here is the current one.
    for (const b of $('review-turning').querySelectorAll<HTMLElement>('button[data-ply]')) {
      b.closest('li')?.classList.toggle('current', onLine && Number(b.dataset.ply) === ply - 1);
    }
    const line = $('review-move');
    if (!onLine) {
      explanation.hide();
      let b: TreeNode = node;
      while (b.parent && state.nodes.indexOf(b.parent) < 0 && b.parent !== root) b = b.parent;
      state.branchPly = b.parent && b.parent !== root ? state.nodes.indexOf(b.parent) + 1 : 0;
      line.textContent = `Exploring a variation from ply ${state.branchPly} of the reviewed game.`;
    } else {
      const m = ply > 0 ? result.moves?.[ply - 1] : null;
      line.textContent = m ? reviewLine(ply, m) : 'The start of the reviewed game.';
      // The explanation says the level in words; the line's title says it in short.
      line.title = m ? levelText(m) : '';
      // The pictures are drawn on the reviewed record, the one the review names.
      const record = result.record ?? board.s.tree.mainRecord();
      if (m) explanation.show(record, ply - 1, m);
      else explanation.hide();
    }
    try {
      await pictures.show($<HTMLImageElement>('review-curve'), curveURL(state.id, onLine ? ply : state.branchPly));
    } catch {
      /* the curve is drawn again at the next position */
    }
  };

  $('review-curve').addEventListener('click', (ev) => {
    if (!state.result) return;
    const img = ev.currentTarget as HTMLImageElement;
    goPly(curvePly(ev.offsetX / img.clientWidth, state.result.moves?.length ?? 0));
  });
  $('review-back').addEventListener('click', () => goPly(state.branchPly));
  $('review-submit').addEventListener('click', () => void submit());
  $('review-board').addEventListener('click', () => void start());
  $('review-example').addEventListener('click', () => {
    ($('review-record') as HTMLTextAreaElement).value = JSON.stringify(EXAMPLE, null, 1);
  });
  $('review-file').addEventListener('change', () => readFileInto('review-file', 'review-record', (m) => board.showError(m)));

  const clear = (): void => {
    clearTimeout(timer);
    reviewed = null;
    state.id = null;
    state.result = null;
    state.nodes = [];
    $('review-box').hidden = true;
    explanation.hide();
    bodyState('review', 'none');
    bodyState('reviewId', '');
  };
  board.store.subscribe((s, prev) => {
    if (s.tree !== prev.tree && s.tree !== reviewed && state.id) clear();
  });

  return {
    ...baseMode(board, 'review', ['panel-review', 'analysis-box', 'review-box'], true),
    enter() {
      $('review-box').hidden = !state.id;
      if (board.s.pos) void board.refresh();
    },
    onPosition: (pos, node) => void onPosition(pos, node),
    start,
    open(id: string) {
      reviewed = board.s.tree;
      state.id = id;
      begin();
      bodyState('reviewId', id);
      void poll(true);
    },
    clear,
    goPly,
  };
}
