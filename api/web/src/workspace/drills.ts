// drills.ts: a player's drill page (/workspace/drills?player=ID, bundled
// to dist/drills.js). The cards due come first (GET
// /v1/players/{id}/drills); a card shows its puzzle's position on the
// shared board view, the solver clicks a move, the page says whether it
// was the answer, and the solver rates the card again, hard, good or easy
// (POST .../drills/{card}/answer); the schedule change is listed (the
// next due date before and after). body[data-drill]: loading, open (a
// move is awaited), answered (rate it), empty (none due), error.
import { api, type Drill } from '../api.js';
import { $, bodyState, el, setText } from '../dom.js';
import { pct } from '../format.js';
import { MoveBoard } from './drillboard.js';
import { fail, param, start } from './page.js';
import { changeWords, dueWords, order } from './schedule.js';

const player = param('player');
let cards: Drill[] = [];
let card: Drill | null = null;
let board: MoveBoard;

const rateButtons = (): HTMLButtonElement[] => [...document.querySelectorAll<HTMLButtonElement>('#rate-box button[data-rating]')];

/** drawList lists the cards by when they are due. */
function drawList(due: number): void {
  const now = new Date();
  setText('drill-counts', `${due} card${due === 1 ? '' : 's'} due of ${cards.length}.`);
  const ol = $('card-list');
  ol.textContent = '';
  for (const c of cards) {
    const p = c.puzzle ?? {};
    const li = el('li', undefined, `Move ${(p.ply ?? 0) + 1} (${p.player} to play): ${c.new ? 'new, ' : ''}${dueWords(new Date(c.due ?? 0), now)}`);
    li.dataset.card = c.card ?? '';
    if (c.card === card?.card) li.setAttribute('aria-current', 'true');
    ol.append(li);
  }
}

/** load reads the cards and opens the first one due. */
async function load(): Promise<void> {
  const d = await api.drills(player);
  setText('drill-player', d.player?.name ?? '');
  ($('player-link') as HTMLAnchorElement).href = '/workspace/player?id=' + encodeURIComponent(player);
  const now = new Date();
  cards = order(d.cards ?? [], now);
  const next = cards.find((c) => new Date(c.due ?? 0).getTime() <= now.getTime()) ?? null;
  card = next;
  drawList(d.due ?? 0);
  if (d.pending) setText('drill-pending', `${d.pending} game${d.pending === 1 ? '' : 's'} still to give puzzles (their reviews run, or more come on the next visit).`);
  if (!next) {
    const first = cards[0];
    setText('drill-prompt', cards.length ? `No card is due: the next is ${dueWords(new Date(first.due ?? 0), now)}.` : 'No cards yet: they come from the mistakes of the reviewed games.');
    setText('drill-verdict', '');
    bodyState('drill', 'empty');
    return;
  }
  await begin(next);
}

/** begin shows a card's position and waits for the move. */
async function begin(c: Drill): Promise<void> {
  const p = c.puzzle ?? {};
  bodyState('card', c.card ?? '');
  setText('drill-title', `Move ${(p.ply ?? 0) + 1} of a game: ${p.player} to play`);
  setText('drill-prompt', `Find ${p.player}'s best move: click the stone, its destination, then the wall (in the setup, the square).`);
  setText('drill-verdict', '');
  $('drill-verdict').className = '';
  for (const b of rateButtons()) b.disabled = true;
  ($('drill-reveal') as HTMLButtonElement).disabled = false;
  if (!p.record) throw new Error('the card has no position');
  // After a rating from the keyboard, the focus goes to the board.
  const fromRating = document.activeElement instanceof HTMLElement && document.activeElement.closest('#rate-box') !== null;
  await board.show(p.record, true);
  if (fromRating || document.activeElement === document.body) $('board').querySelector<HTMLElement>('[data-square]')?.focus();
  bodyState('drill', 'open');
}

/** judge says whether move was the puzzle's answer and offers the ratings. */
function judge(move: string | null): void {
  const p = card?.puzzle;
  if (!p?.record) return;
  const right = move === p.solution;
  const v = $('drill-verdict');
  v.className = right ? 'right' : 'wrong';
  const why = p.explanation?.text ? ' ' + p.explanation.text : '';
  v.textContent = (move === null ? `The answer: ${p.solution}.` : right
    ? `${move}: right, ${p.proven ? 'the only proven win' : `${pct(p.margin, 0)} better than anything else`}.`
    : `${move} is not it; the answer was ${p.solution} (the game's ${p.played} lost ${pct(p.loss, 0)}).`) + why;
  v.dataset.right = String(right);
  const rec = p.record;
  void board.show({ ...rec, moves: [...(rec.moves ?? []), p.solution ?? ''] }, false, p.solution).catch(() => {});
  ($('drill-reveal') as HTMLButtonElement).disabled = true;
  for (const b of rateButtons()) b.disabled = false;
  setText('drill-prompt', right ? 'Rate how it went: good, or easy if it was plain.' : 'Rate it: again (soon), or hard.');
  bodyState('drill', 'answered');
  rateButtons()[right ? 2 : 0].focus();
}

/** rate sends the rating, lists the schedule change and opens the next card. */
async function rate(rating: string): Promise<void> {
  const c = card;
  if (!c?.card) return;
  for (const b of rateButtons()) b.disabled = true;
  bodyState('drill', 'rating');
  const after = await api.answer(player, c.card, rating);
  const li = el('li', undefined, `Move ${(c.puzzle?.ply ?? 0) + 1}: ` + changeWords(rating, c, after, new Date()));
  li.dataset.card = c.card;
  li.dataset.rating = rating;
  li.dataset.due = after.due ?? '';
  $('schedule').append(li);
  $('schedule-box').hidden = false;
  bodyState('rated', String($('schedule').children.length));
  await load();
}

function main(): void {
  start();
  if (!player) {
    fail('The page', new Error('no player: open it as /workspace/drills?player=PLAYER'));
    return;
  }
  board = new MoveBoard((m) => judge(m));
  for (const b of rateButtons()) b.addEventListener('click', () => void rate(b.dataset.rating ?? '').catch((e) => fail('Rating the card', e)));
  $('drill-reveal').addEventListener('click', () => judge(null));
  bodyState('rated', '0');
  bodyState('drill', 'loading');
  load().then(() => bodyState('state', 'ready'), (e) => {
    bodyState('drill', 'error');
    fail('Reading the cards', e);
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
