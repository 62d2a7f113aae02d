// game.ts: what games on the board share, against the engine (play.ts) or
// for 2-4 people on one screen (local.ts): the seed site's 60-second move
// timer (on time-out a stone goes on the free square nearest the centre
// in the setup, or the turn is skipped later; the address may set another
// length, ?timer=SECONDS) and the game-over screen.
import type { Position } from '../api.js';
import type { Board } from '../board.js';
import { $, bodyState } from '../dom.js';
import { centreDistance, nextColour } from '../notation.js';

/** Game is the game in progress. */
export class Game {
  /** kind: which mode started the game; null when none is on. */
  kind: 'play' | 'local' | null = null;
  /** human: the side the person plays against the engine. */
  human: string | null = null;
  level: string | null = null;
  timer = false;
  coach = false;
  over = false;
  private clock: ReturnType<typeof setInterval> | null = null;

  /**
   * timerSeconds is the move timer's length (60 s, as on the seed site;
   * the address may ask for another, ?timer=SECONDS); the timer's
   * check boxes say it.
   */
  constructor(
    private readonly board: Board,
    readonly timerSeconds = 60,
  ) {
    for (const e of document.querySelectorAll('.timer-seconds')) e.textContent = String(timerSeconds);
  }

  /** begin starts a game of kind with rules. */
  begin(kind: 'play' | 'local', rules: Parameters<Board['newGame']>[0]): void {
    this.stopClock();
    this.kind = kind;
    this.over = false;
    $('game-over').hidden = true;
    bodyState('game', 'on');
    void this.board.newGame(rules);
  }

  /** end forgets the game (the mode was left, or the game is reviewed). */
  end(): void {
    this.stopClock();
    this.kind = null;
  }

  /** stopClock stops the move timer. */
  stopClock(): void {
    if (this.clock !== null) clearInterval(this.clock);
    this.clock = null;
    $('clock').hidden = true;
  }

  /** startClock gives the player to move the timer's seconds. */
  startClock(pos: Position): void {
    this.stopClock();
    const deadline = Date.now() + this.timerSeconds * 1000;
    const clock = $('clock');
    clock.hidden = false;
    const tick = (): void => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      clock.textContent = `${left} s`;
      clock.classList.toggle('low', left <= 10);
      if (left === 0) {
        this.stopClock();
        this.timeOut(pos);
      }
    };
    tick();
    this.clock = setInterval(tick, 250);
  }

  /**
   * timeOut plays the seed site's time-out: in the setup the free square
   * nearest the centre is taken; later the turn is skipped (the game goes
   * on from the same position with the next player to move).
   */
  private timeOut(pos: Position): void {
    const b = this.board;
    if (b.s.pos !== pos || pos.phase === 'over') return;
    if (pos.phase === 'setup') {
      const free = (pos.legalMoves ?? []).slice().sort((x, y) => centreDistance(x) - centreDistance(y));
      // The notice follows the move: playing a move clears the notices.
      void b.playMove(free[0]).then(() => b.notice(`Time out: ${pos.toMove}'s stone went on ${free[0]}.`));
      return;
    }
    const next = nextColour(pos.toMove ?? 'red', pos.rules?.players ?? 2);
    b.notice(`Time out: ${pos.toMove}'s turn is skipped.`);
    void b.goto(b.s.tree.skip(b.s.cur, { ...pos.board, toMove: next, midTurn: false }));
  }

  /** showOver opens the game-over screen with the scores. */
  showOver(pos: Position): void {
    this.stopClock();
    this.over = true;
    const r = pos.result ?? {};
    const winners = r.winners ?? [];
    let text = winners.length === 1 ? `${winners[0]} wins.` : winners.length ? `A shared win: ${winners.join(', ')}.` : 'A draw.';
    if (this.kind === 'play' && winners.length === 1) text += winners[0] === this.human ? ' Well played!' : ' The engine wins this one.';
    $('game-over-text').textContent = text;
    const body = ($('game-over-scores') as HTMLTableElement).tBodies[0];
    body.textContent = '';
    for (const [c, v] of Object.entries(r.scores ?? {})) {
      const tr = body.insertRow();
      tr.className = c;
      tr.insertCell().textContent = c;
      tr.insertCell().textContent = String(v);
    }
    $('game-over').hidden = false;
    bodyState('game', 'over');
  }

  /**
   * onPosition runs the game after each position: the game-over screen,
   * or the clock of the person to move. It returns true when the person
   * (not the engine) is to move.
   */
  onPosition(pos: Position, humanToMove: boolean): boolean {
    if (pos.phase === 'over') {
      this.board.lock(false);
      this.showOver(pos);
      return false;
    }
    $('game-over').hidden = true;
    if (!humanToMove) {
      this.stopClock();
      return false;
    }
    this.board.lock(false);
    if (this.timer && !pos.midTurn) this.startClock(pos);
    else if (!this.timer) this.stopClock();
    return true;
  }
}
