// chart.ts: draws a trend plot (plot.ts's shape) as a small SVG: the y
// ticks with their labels, the games along x, the line and a dot per
// game whose tooltip gives its value. No chart library: the page loads
// nothing from other hosts.
import { FRAME, shape } from './plot.js';

const NS = 'http://www.w3.org/2000/svg';

function node(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A plot to draw: its title, the values by game and how to write one. */
export interface PlotSpec {
  title: string;
  values: (number | null | undefined)[];
  /** what names each game in a dot's tooltip (its date, say). */
  names: string[];
  format: (v: number) => string;
  floor?: number;
  ceil?: number;
  /** empty is what a plot without values says. */
  empty: string;
}

/** drawPlot returns the SVG of spec (data-points: the dots drawn). */
export function drawPlot(spec: PlotSpec): SVGSVGElement {
  const f = FRAME;
  const sh = shape(spec.values, f, { floor: spec.floor, ceil: spec.ceil });
  const svg = node('svg', { viewBox: `0 0 ${f.width} ${f.height}`, class: 'plot', role: 'img' }) as SVGSVGElement;
  const shown = sh.points.map((p) => spec.format(p.v));
  svg.setAttribute('aria-label', sh.points.length
    ? `${spec.title}: ${sh.points.length} games, from ${shown[0]} to ${shown[shown.length - 1]}`
    : `${spec.title}: ${spec.empty}`);
  svg.dataset.points = String(sh.points.length);
  svg.append(node('title', {}, spec.title));
  for (const t of sh.yTicks) {
    svg.append(node('line', { x1: f.left, x2: f.width - f.right, y1: t.at, y2: t.at, class: 'grid' }));
    svg.append(node('text', { x: f.left - 4, y: t.at + 4, 'text-anchor': 'end', class: 'tick' }, t.label));
  }
  for (const t of sh.xTicks) svg.append(node('text', { x: t.at, y: f.height - 6, 'text-anchor': 'middle', class: 'tick' }, t.label));
  if (!sh.points.length) {
    svg.append(node('text', { x: f.width / 2, y: f.height / 2, 'text-anchor': 'middle', class: 'tick' }, spec.empty));
    return svg;
  }
  svg.append(node('path', { d: sh.path, class: 'line' }));
  for (const p of sh.points) {
    const dot = node('circle', { cx: p.x, cy: p.y, r: 3, class: 'pt' });
    dot.append(node('title', {}, `${spec.names[p.i] ?? 'game ' + (p.i + 1)}: ${spec.format(p.v)}`));
    svg.append(dot);
  }
  return svg;
}
