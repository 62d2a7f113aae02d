package winratecal

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/winrate"
)

// Source says which prediction of a position a table reads.
type Source int

// The predictions.
const (
	// FromSearch is the service's search win rate (before calibration).
	FromSearch Source = iota
	// FromRaw is the network's value before search.
	FromRaw
	// FromBest is the win rate after the search's best move (positions
	// without it are left out).
	FromBest
)

// TableOptions configure PrintTables.
type TableOptions struct {
	// Bins is the number of equal-width bins (0: 10).
	Bins int
	// By lists the splits printed after the whole: "phase", "opening",
	// "seat", "stage" (the play phase in thirds by ply).
	By []string
	// Calibration, when set, is applied to the search's win rates in a
	// second set of columns.
	Calibration *winrate.File
	// Reps is the number of bootstrap resamples of whole games (0: 1000).
	Reps int
	// Best puts the win rate after the search's best move in the column
	// of the network's raw value.
	Best bool
}

// Samples returns the predictions of positions as samples: with two
// players Red's win rate against Red's result, with three or four every
// seat's. keep selects positions (nil: all), cal (nil: none) calibrates
// the search's win rates.
func Samples(games []*Game, src Source, cal *winrate.File, keep func(*Position) bool) []winrate.Sample {
	return seatSamples(games, src, cal, keep, grid.NoColor)
}

// seatSamples is Samples limited to one seat's predictions (NoColor: every
// seat's; with two players Red's stand for both).
func seatSamples(games []*Game, src Source, cal *winrate.File, keep func(*Position) bool, only grid.Color) []winrate.Sample {
	var out []winrate.Sample
	for _, g := range games {
		for k := range g.Positions {
			p := &g.Positions[k]
			if keep != nil && !keep(p) {
				continue
			}
			v := append([]float32(nil), p.Search...)
			if src == FromRaw {
				v = append(v[:0], p.Raw...)
			} else if src == FromBest {
				if len(p.Best) != p.Players {
					continue
				}
				v = append(v[:0], p.Best...)
			} else if cal != nil {
				cal.Seats(p.Kind(), v)
			}
			seats := p.Players
			if seats == 2 {
				seats = 1
			}
			for c := range seats {
				if only != grid.NoColor && seats > 1 && grid.Color(c) != only {
					continue
				}
				out = append(out, winrate.Sample{Game: g.Index, P: float64(v[c]), Y: float64(p.Result[c])})
			}
		}
	}
	return out
}

// Kind returns the calibration kind of the position.
func (p *Position) Kind() winrate.Kind {
	phase := engine.Play
	if p.Phase == engine.Setup.String() {
		phase = engine.Setup
	}
	return winrate.Kind{Players: p.Players, Opening: p.Opening, Phase: phase, Round: p.Ply / p.Players, Mover: p.Mover}
}

// split is a named selection of positions, and of one seat's
// predictions in them (seat NoColor: all).
type split struct {
	name string
	keep func(*Position) bool
	seat grid.Color
}

// splits returns the selections of one "by" dimension present in games.
func splits(games []*Game, by string) ([]split, error) {
	values := map[string]bool{}
	var key func(*Position) string
	switch by {
	case "phase":
		key = func(p *Position) string { return p.Phase }
	case "opening":
		key = func(p *Position) string { return fmt.Sprintf("%dp %s", p.Players, p.Opening) }
	case "stage":
		key = stage
	case "player":
		var out []split
		for c := range grid.MaxPlayers {
			for _, g := range games {
				if len(g.Positions) > 0 && c < g.Positions[0].Players && g.Positions[0].Players > 2 {
					out = append(out, split{name: grid.Color(c).String() + "'s win rate", seat: grid.Color(c)})
					break
				}
			}
		}
		return out, nil
	case "seat":
		var out []split
		for c := range grid.MaxPlayers {
			seat := grid.Color(c)
			keepSeat := func(p *Position) bool { return p.Mover == seat }
			for _, g := range games {
				if len(g.Positions) > 0 && c < g.Positions[0].Players {
					out = append(out, split{name: seat.String() + " to move", keep: keepSeat, seat: grid.NoColor})
					break
				}
			}
		}
		return out, nil
	default:
		return nil, fmt.Errorf("-by %q: want phase, opening, stage, seat or player", by)
	}
	for _, g := range games {
		for k := range g.Positions {
			values[key(&g.Positions[k])] = true
		}
	}
	names := make([]string, 0, len(values))
	for v := range values {
		names = append(names, v)
	}
	sort.Strings(names)
	out := make([]split, len(names))
	for i, v := range names {
		out[i] = split{name: v, keep: func(p *Position) bool { return key(p) == v }, seat: grid.NoColor}
	}
	return out, nil
}

// stage names the part of the game a position is in: the setup, or the
// play phase's plies in three equal parts of the longest game's.
func stage(p *Position) string {
	switch {
	case p.Phase == engine.Setup.String():
		return "1 setup"
	case p.Ply < 24:
		return "2 play, plies up to 23"
	case p.Ply < 40:
		return "3 play, plies 24-39"
	}
	return "4 play, plies 40 and later"
}

// PrintTables writes how the games ended (PrintResults), then the reliability of the search's win rates (and the
// network's raw value, and the calibrated win rates when a calibration is
// given) over all positions and then by each split, with the ECE's 95%
// interval by bootstrap over games and, in braces, the ECE a perfectly
// calibrated predictor would show on the same games (its median and 90th
// percentile), and the reliability table of the whole.
func PrintTables(w io.Writer, games []*Game, o TableOptions) error {
	if o.Bins == 0 {
		o.Bins = 10
	}
	if o.Reps == 0 {
		o.Reps = 1000
	}
	all := []split{{name: "all", keep: nil, seat: grid.NoColor}}
	for _, by := range o.By {
		s, err := splits(games, by)
		if err != nil {
			return err
		}
		all = append(all, s...)
	}
	second := "raw network"
	if o.Best {
		second = "best move"
	}
	head := "| positions | games | predictions | ECE search [95%] {null} | ECE " + second + " [95%] {null} |"
	rule := "| --- | --- | --- | --- | --- |"
	if o.Calibration != nil {
		head += " ECE calibrated [95%] {null} |"
		rule += " --- |"
	}
	PrintResults(w, games)
	fmt.Fprintln(w, "{null} is the median and the 90th percentile of the ECE a perfectly calibrated predictor would show on these games.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	for _, s := range all {
		search := winrate.Table(seatSamples(games, FromSearch, nil, s.keep, s.seat), o.Bins, o.Reps, 1)
		src := FromRaw
		if o.Best {
			src = FromBest
		}
		raw := winrate.Table(seatSamples(games, src, nil, s.keep, s.seat), o.Bins, o.Reps, 1)
		row := fmt.Sprintf("| %s | %d | %d | %s | %s |", s.name, search.Games, search.N, eceText(search), eceText(raw))
		if o.Calibration != nil {
			row += " " + eceText(winrate.Table(seatSamples(games, FromSearch, o.Calibration, s.keep, s.seat), o.Bins, o.Reps, 1)) + " |"
		}
		fmt.Fprintln(w, row)
	}
	fmt.Fprintln(w)
	printBins(w, "search", winrate.Table(Samples(games, FromSearch, nil, nil), o.Bins, 0, 0))
	if o.Calibration != nil {
		printBins(w, "calibrated", winrate.Table(Samples(games, FromSearch, o.Calibration, nil), o.Bins, 0, 0))
	}
	return nil
}

// eceText formats an ECE with its interval and, in braces, the median
// and the 90th percentile of the ECE a perfectly calibrated predictor
// would show on the same games (winrate.Reliability.NullECE): an ECE
// within those is as calibrated as the games can tell.
func eceText(r winrate.Reliability) string {
	out := fmt.Sprintf("%.3f [%.3f, %.3f]", r.ECE, r.ECELow, r.ECEHigh)
	if !math.IsNaN(r.NullECE) {
		out += fmt.Sprintf(" {%.3f, %.3f}", r.NullECE, r.NullECE90)
	}
	return out
}

// printBins writes a reliability table's bins.
func printBins(w io.Writer, name string, r winrate.Reliability) {
	fmt.Fprintf(w, "| %s: predicted | n | mean predicted | came true |\n| --- | --- | --- | --- |\n", name)
	for _, b := range r.Bins {
		if b.N == 0 {
			continue
		}
		fmt.Fprintf(w, "| %.1f-%.1f | %d | %.3f | %.3f |\n", b.Low, b.High, b.N, b.Predicted, b.Observed)
	}
	fmt.Fprintf(w, "\nECE %.3f, log loss %.4f over %d predictions\n\n", r.ECE, r.LogLoss, r.N)
}

// ParseBy splits a comma-separated -by flag.
func ParseBy(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
