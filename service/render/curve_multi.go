package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wallzero/wallzero/engine/grid"
)

// curvePlayers returns the number of per-player lines the points ask for:
// len(Rates) when the first point has three or four, else 0 (the
// two-player picture of Red's win rate).
func curvePlayers(points []CurvePoint) int {
	if len(points) == 0 || len(points[0].Rates) <= 2 {
		return 0
	}
	return len(points[0].Rates)
}

// checkRates checks the per-player win rates: as many on every point, in
// [0, 1], and a mover among the players.
func checkRates(points []CurvePoint, players int) error {
	if players > grid.MaxPlayers {
		return fmt.Errorf("points[0]: %d win rates, at most %d players", players, grid.MaxPlayers)
	}
	for i, p := range points {
		if len(p.Rates) != players {
			return fmt.Errorf("points[%d]: %d win rates, want %d (one per player)", i, len(p.Rates), players)
		}
		for c, v := range p.Rates {
			if math.IsNaN(v) || v < 0 || v > 1 {
				return fmt.Errorf("points[%d].rates[%d]: win rate %v is not in [0, 1]", i, c, v)
			}
		}
		if p.Mover < 0 || p.Mover >= players {
			return fmt.Errorf("points[%d]: mover %d is not a player of %d", i, p.Mover, players)
		}
	}
	return nil
}

// curveLines strokes one line per player in the player's stone colour.
func (w *svg) curveLines(points []CurvePoint, players int, xOf func(int) float64, yOf func(float64) float64) {
	for c := 0; c < players; c++ {
		var line strings.Builder
		for i, p := range points {
			if i > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(num(xOf(p.Ply)) + "," + num(yOf(p.Rates[c])))
		}
		name := grid.Color(c).String()
		w.printf(`<polyline class="curve player %s" data-player="%s" points="%s" fill="none" stroke="%s" stroke-width="2" stroke-linejoin="round"/>`,
			name, name, line.String(), stoneFill[c])
	}
}

// curvePlayerMarkers writes a coloured circle with a tooltip on every
// classified point, on the line of the player who made the move.
func (w *svg) curvePlayerMarkers(points []CurvePoint, xOf func(int) float64, yOf func(float64) float64) {
	w.printf(`<g class="markers" stroke="#ffffff" stroke-width="1.5">`)
	for _, p := range points {
		if p.Class == "" {
			continue
		}
		name := grid.Color(p.Mover).String()
		tip := "ply " + strconv.Itoa(p.Ply)
		if p.Move != "" {
			tip += " " + p.Move
		}
		tip += ": " + p.Class + " by " + name + ", " + name + " " + percent(p.Rates[p.Mover])
		w.printf(`<circle class="marker %s" data-ply="%d" data-player="%s" cx="%s" cy="%s" r="5" fill="%s"><title>%s</title></circle>`,
			p.Class, p.Ply, name, num(xOf(p.Ply)), num(yOf(p.Rates[p.Mover])), classColor[p.Class], esc(tip))
	}
	w.printf("</g>")
}

// curvePlayerLegend names each player's line above the plot, left of
// the classes' legend.
func (w *svg) curvePlayerLegend(players int) {
	w.printf(`<g class="legend players" font-family="sans-serif" font-size="11" fill="%s">`, curveAccent)
	x := plotLeft
	for c := 0; c < players; c++ {
		name := grid.Color(c).String()
		w.printf(`<line class="legend-line %s" x1="%s" y1="13" x2="%s" y2="13" stroke="%s" stroke-width="3"/><text x="%s" y="13" dominant-baseline="central">%s</text>`,
			name, num(x), num(x+16), stoneFill[c], num(x+20), strings.ToUpper(name[:1])+name[1:])
		x += 68
	}
	w.printf("</g>")
}

// curvePlayersDesc describes a multi-player curve.
func curvePlayersDesc(points []CurvePoint, players int) string {
	counts := map[string]int{}
	for _, p := range points {
		counts[p.Class]++
	}
	last := points[len(points)-1]
	var final []string
	for c := 0; c < players; c++ {
		name := grid.Color(c).String()
		final = append(final, strings.ToUpper(name[:1])+name[1:]+" "+percent(last.Rates[c]))
	}
	return fmt.Sprintf("%d positions, plies %d to %d; final win rates %s; %d inaccuracies, %d mistakes, %d blunders.",
		len(points), points[0].Ply, last.Ply, strings.Join(final, ", "), counts[ClassInaccuracy], counts[ClassMistake], counts[ClassBlunder])
}
