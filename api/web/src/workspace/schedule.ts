// schedule.ts: the drill cards' schedule in words, with no DOM: when a
// card is due, how its due date moved after an answer, and the four
// answers of FSRS.

/** The answers a solver gives a card, from forgot to easy. */
export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;

/** A rating of a card. */
export type Rating = (typeof RATINGS)[number];

const DAY = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** dayLabel writes a date as "9 Dec 2026" (UTC, as the server keeps it). */
export function dayLabel(d: Date): string {
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * dueWords says when a card is due, seen at now: "due now" for a date
 * passed, "due in 5 minutes", "due tomorrow (7 Dec 2026)", "due in 3 days
 * (9 Dec 2026)".
 */
export function dueWords(due: Date, now: Date): string {
  const ms = due.getTime() - now.getTime();
  if (!Number.isFinite(ms)) return 'due: unknown';
  if (ms <= 0) return 'due now';
  if (ms < 3_600_000) {
    const m = Math.max(1, Math.round(ms / 60_000));
    return `due in ${m} minute${m === 1 ? '' : 's'}`;
  }
  if (ms < DAY / 2) {
    const h = Math.round(ms / 3_600_000);
    return `due in ${h} hour${h === 1 ? '' : 's'}`;
  }
  const days = Math.round(ms / DAY);
  return (days <= 1 ? 'due tomorrow' : `due in ${days} days`) + ` (${dayLabel(due)})`;
}

/** The parts of a card's schedule the page shows. */
export interface CardTimes {
  due?: string;
  state?: { days?: number; stability?: number };
}

/**
 * changeWords says how an answer moved a card: "again: due now → due in 1
 * day (7 Dec 2026), stability 0.4 days".
 */
export function changeWords(rating: string, before: CardTimes, after: CardTimes, now: Date): string {
  const b = before.due ? dueWords(new Date(before.due), now) : 'new';
  const a = after.due ? dueWords(new Date(after.due), now) : 'unscheduled';
  const st = after.state?.stability;
  return `${rating}: ${b} → ${a}` + (typeof st === 'number' ? `, stability ${st.toFixed(1)} days` : '');
}

/** order puts due cards first (earliest first), then the rest by due date. */
export function order<T extends CardTimes>(cards: readonly T[], now: Date): T[] {
  const t = (c: T): number => (c.due ? new Date(c.due).getTime() : 0);
  const due = (c: T): boolean => t(c) <= now.getTime();
  return cards.slice().sort((x, y) => Number(due(y)) - Number(due(x)) || t(x) - t(y));
}
