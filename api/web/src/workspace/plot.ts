// plot.ts: the scaling of the workspace's small trend plots, with no DOM:
// values by game to points of an SVG of a given size, a path through
// them (gaps where a game has no value), and round tick values.

/** A plot's frame: its size and the margins for the axis labels. */
export interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The trend plots' frame (SVG units; the SVG scales to its box). */
export const FRAME: Frame = { width: 320, height: 140, left: 40, right: 10, top: 10, bottom: 22 };

/** A value's point on the plot. */
export interface PlotPoint {
  /** i is the value's index (the game), v the value. */
  i: number;
  v: number;
  x: number;
  y: number;
}

/** A tick: its value, its place (x or y) and its label. */
export interface Tick {
  v: number;
  at: number;
  label: string;
}

/** What a plot draws. */
export interface PlotShape {
  points: PlotPoint[];
  /** path is the SVG path data through the points, broken at gaps. */
  path: string;
  yTicks: Tick[];
  xTicks: Tick[];
}

/** scale maps [d0, d1] linearly onto [r0, r1] (the middle for an empty domain). */
export function scale(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (v) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);
}

/** niceStep is a round step (1, 2 or 5 times a power of ten) near span/count. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || count < 1) return 1;
  const raw = span / count;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  const f = raw / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

/**
 * niceRange widens [lo, hi] to round steps and lists the ticks; a single
 * value gets a span around it.
 */
export function niceRange(lo: number, hi: number, count = 4): { lo: number; hi: number; ticks: number[] } {
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  const step = niceStep(hi - lo, count);
  const a = Math.floor(lo / step) * step;
  const b = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = a; v <= b + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return { lo: a, hi: b, ticks };
}

/** round2 writes a tick's value without float noise. */
const label = (v: number): string => String(Number(v.toPrecision(6)));

/**
 * shape places values (null: no value for that game) in frame f. The x
 * axis is the games in order; the y axis spans the values, rounded, with
 * floor and ceil as fixed ends where given (accuracy: 0..100 at most).
 */
export function shape(values: readonly (number | null | undefined)[], f: Frame = FRAME, bounds?: { floor?: number; ceil?: number }): PlotShape {
  const vs = values.map((v, i) => ({ i, v })).filter((p): p is { i: number; v: number } => typeof p.v === 'number' && Number.isFinite(p.v));
  const empty: PlotShape = { points: [], path: '', yTicks: [], xTicks: [] };
  if (!vs.length) return empty;
  let lo = Math.min(...vs.map((p) => p.v));
  let hi = Math.max(...vs.map((p) => p.v));
  const r = niceRange(lo, hi);
  lo = Math.max(r.lo, bounds?.floor ?? -Infinity);
  hi = Math.min(r.hi, bounds?.ceil ?? Infinity);
  if (hi <= lo) hi = lo + 1;
  const x = scale(0, Math.max(1, values.length - 1), f.left, f.width - f.right);
  const y = scale(lo, hi, f.height - f.bottom, f.top);
  const points = vs.map((p) => ({ i: p.i, v: p.v, x: round(x(p.i)), y: round(y(p.v)) }));
  let path = '';
  points.forEach((p, k) => {
    const joined = k > 0 && points[k - 1].i === p.i - 1;
    path += (joined ? 'L' : 'M') + p.x + ',' + p.y;
  });
  const yTicks = r.ticks.filter((v) => v >= lo && v <= hi).map((v) => ({ v, at: round(y(v)), label: label(v) }));
  const n = values.length;
  const xs = n <= 1 ? [0] : [0, Math.floor((n - 1) / 2), n - 1].filter((v, k, a) => a.indexOf(v) === k);
  const xTicks = xs.map((i) => ({ v: i, at: round(x(i)), label: String(i + 1) }));
  return { points, path, yTicks, xTicks };
}

const round = (v: number): number => Math.round(v * 10) / 10;
