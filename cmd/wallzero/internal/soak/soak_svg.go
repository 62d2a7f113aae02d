package soak

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// soakPanel is one plotted series of the soak.
type soakPanel struct {
	title string
	value func(soakSample) float64
	color string
}

// soakPanels are the plotted series, one panel each.
var soakPanels = []soakPanel{
	{"resident memory (MB)", func(s soakSample) float64 { return s.RSSMB }, "#c0392b"},
	{"goroutines", func(s soakSample) float64 { return float64(s.Goroutines) }, "#2471a3"},
	{"open descriptors", func(s soakSample) float64 { return float64(s.FDs) }, "#1e8449"},
	{"database connections", func(s soakSample) float64 { return float64(s.DBConns) }, "#7d3c98"},
	{"tables (MB)", func(s soakSample) float64 { return s.TablesMB }, "#7e5109"},
}

// soakSVG draws the samples: one panel per series against minutes, the
// warm-up shaded, the verdict in the title.
func soakSVG(samples []soakSample, warmup float64, v soakVerdict) string {
	const w, ph, left, right, top, gap = 760.0, 110.0, 70.0, 20.0, 40.0, 36.0
	height := top + float64(len(soakPanels))*(ph+gap) + 10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="11">`+"\n", w, height, w, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="20" font-size="14">wallzero bench soak: verdict %s (warm-up shaded)</text>`+"\n", left, html.EscapeString(v.Verdict))
	tmax := 1.0
	if len(samples) > 0 {
		tmax = math.Max(1, samples[len(samples)-1].Seconds)
	}
	x := func(t float64) float64 { return left + (w-left-right)*t/tmax }
	for i, p := range soakPanels {
		y0 := top + float64(i)*(ph+gap) + 14
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, s := range samples {
			lo, hi = math.Min(lo, p.value(s)), math.Max(hi, p.value(s))
		}
		if len(samples) == 0 {
			lo, hi = 0, 1
		}
		lo = math.Min(lo, 0)
		if hi <= lo {
			hi = lo + 1
		}
		hi *= 1.05
		y := func(val float64) float64 { return y0 + ph - ph*(val-lo)/(hi-lo) }
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="12">%s</text>`+"\n", left, y0-4, p.title)
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%.1f" height="%.0f" fill="#eeeeee"/>`+"\n", left, y0, x(math.Min(warmup, tmax))-left, ph)
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="none" stroke="#999"/>`+"\n", left, y0, w-left-right, ph)
		for _, tick := range []float64{lo, (lo + hi) / 2, hi} {
			fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-4, y(tick)+4, tickLabel(tick))
		}
		var pts []string
		for _, s := range samples {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(s.Seconds), y(p.value(s))))
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>`+"\n", p.color, strings.Join(pts, " "))
		if i == len(soakPanels)-1 {
			steps := 6
			for k := 0; k <= steps; k++ {
				t := tmax * float64(k) / float64(steps)
				fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" text-anchor="middle">%s min</text>`+"\n", x(t), y0+ph+14, tickLabel(t/60))
			}
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// tickLabel formats an axis value: whole numbers above 10, one decimal
// below.
func tickLabel(v float64) string {
	if math.Abs(v) >= 10 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
