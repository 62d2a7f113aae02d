package winratecal

import (
	"fmt"
	"html"
	"io"
	"math"

	"github.com/wallzero/wallzero/service/winrate"
)

// Diagram draws the reliability diagram of games' win rates as SVG: the
// mean result against the mean prediction per bin, for the search's win
// rates, the network's raw value and, when o.Calibration is set, the
// calibrated win rates, over the diagonal of perfect calibration; each
// point's area follows its bin's share of the predictions.
func Diagram(w io.Writer, games []*Game, o TableOptions, title string) error {
	if o.Bins == 0 {
		o.Bins = 10
	}
	const size, pad = 360.0, 48.0
	x := func(p float64) float64 { return pad + p*size }
	y := func(p float64) float64 { return pad + (1-p)*size }
	type curve struct {
		name, colour string
		r            winrate.Reliability
	}
	curves := []curve{
		{"search", "#c0392b", winrate.Table(Samples(games, FromSearch, nil, nil), o.Bins, 0, 0)},
		{"raw network", "#7f8c8d", winrate.Table(Samples(games, FromRaw, nil, nil), o.Bins, 0, 0)},
	}
	if o.Calibration != nil {
		curves = append(curves, curve{"calibrated", "#2471a3", winrate.Table(Samples(games, FromSearch, o.Calibration, nil), o.Bins, 0, 0)})
	}
	total := 2*pad + size
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n", total+150, total, total+150, total)
	fmt.Fprintf(w, `<rect width="100%%" height="100%%" fill="#fff"/>`+"\n")
	fmt.Fprintf(w, `<text x="%.0f" y="20" font-size="14">%s</text>`+"\n", pad, html.EscapeString(title))
	for i := 0; i <= 10; i++ {
		p := float64(i) / 10
		fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eee"/>`+"\n", x(p), y(0), x(p), y(1))
		fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eee"/>`+"\n", x(0), y(p), x(1), y(p))
		if i%2 == 0 {
			fmt.Fprintf(w, `<text x="%.1f" y="%.1f" text-anchor="middle">%.1f</text>`+"\n", x(p), y(0)+16, p)
			fmt.Fprintf(w, `<text x="%.1f" y="%.1f" text-anchor="end">%.1f</text>`+"\n", x(0)-6, y(p)+4, p)
		}
	}
	fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555" stroke-dasharray="4 3"/>`+"\n", x(0), y(0), x(1), y(1))
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" text-anchor="middle">predicted</text>`+"\n", x(0.5), y(0)+34)
	fmt.Fprintf(w, `<text transform="translate(%.1f %.1f) rotate(-90)" text-anchor="middle">came true</text>`+"\n", x(0)-34, y(0.5))
	for i, c := range curves {
		pts := ""
		for _, b := range c.r.Bins {
			if b.N == 0 {
				continue
			}
			pts += fmt.Sprintf("%.1f,%.1f ", x(b.Predicted), y(b.Observed))
		}
		fmt.Fprintf(w, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", pts, c.colour)
		for _, b := range c.r.Bins {
			if b.N == 0 {
				continue
			}
			rad := 2 + 10*math.Sqrt(float64(b.N)/float64(max(c.r.N, 1)))
			fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" fill-opacity="0.6"/>`+"\n", x(b.Predicted), y(b.Observed), rad, c.colour)
		}
		ly := pad + 20*float64(i)
		fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="12" height="12" fill="%s"/>`+"\n", total, ly, c.colour)
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f">%s, ECE %.3f</text>`+"\n", total+18, ly+10, c.name, c.r.ECE)
	}
	_, err := fmt.Fprintln(w, "</svg>")
	return err
}
