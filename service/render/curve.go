package render

import (
	"fmt"
	"math"
	"strconv"
)

// CurvePoint is the win rates after a number of moves.
type CurvePoint struct {
	// Ply is the number of moves played (0 is the start position).
	Ply int
	// Red is Red's win rate in [0, 1].
	Red float64
	// Rates, with three or four players, holds every player's win rate in
	// [0, 1] by colour (red, blue, green, yellow): the picture then draws
	// one line per player in its colour, with a legend, instead of Red's
	// curve over the red and blue areas. Every point has as many.
	Rates []float64
	// Mover is the colour index of the player whose move led to the
	// point: with Rates, its marker sits on that player's line.
	Mover int
	// Class classifies the move that led to this point: "" (fine),
	// "inaccuracy", "mistake" or "blunder"; classified points get a marker
	// in the class's colour.
	Class string
	// Move is that move in notation (for the marker's tooltip), if known.
	Move string
}

// CurveOptions tunes a win-rate curve.
type CurveOptions struct {
	// Title replaces the default <title>.
	Title string
	// SetupPlies is the number of moves of the setup phase (placements):
	// plies 0..SetupPlies are shaded as setup and a marker shows where play
	// starts. 0 draws no setup phase.
	SetupPlies int
	// Current, when >= 0, marks that ply with a vertical line (the move a
	// viewer is looking at). Use -1 for none.
	Current int
}

// The classes a move can get, as in a review, and their marker colours
// (Lichess's: inaccuracy blue, mistake orange, blunder red).
const (
	ClassInaccuracy = "inaccuracy"
	ClassMistake    = "mistake"
	ClassBlunder    = "blunder"
)

var classOrder = []string{ClassInaccuracy, ClassMistake, ClassBlunder}

var classColor = map[string]string{
	ClassInaccuracy: "#56b4e9",
	ClassMistake:    "#e69f00",
	ClassBlunder:    "#d62728",
}

// Curve geometry, in SVG user units.
const (
	curveW      = 640.0
	curveH      = 260.0
	plotLeft    = 52.0
	plotRight   = 16.0
	plotTop     = 26.0
	plotBottom  = 44.0
	plotW       = curveW - plotLeft - plotRight
	plotH       = curveH - plotTop - plotBottom
	curveAccent = "#444444"
)

// checkCurve checks the points: plies increasing and not negative, win
// rates in [0, 1], known classes.
func checkCurve(points []CurvePoint) error {
	for i, p := range points {
		switch {
		case p.Ply < 0:
			return fmt.Errorf("points[%d]: ply %d is negative", i, p.Ply)
		case i > 0 && p.Ply <= points[i-1].Ply:
			return fmt.Errorf("points[%d]: ply %d does not follow ply %d", i, p.Ply, points[i-1].Ply)
		case math.IsNaN(p.Red) || p.Red < 0 || p.Red > 1:
			return fmt.Errorf("points[%d]: win rate %v is not in [0, 1]", i, p.Red)
		case p.Class != "" && classColor[p.Class] == "":
			return fmt.Errorf("points[%d]: class %q is not inaccuracy, mistake or blunder", i, p.Class)
		}
	}
	return nil
}

// WinrateCurve draws Red's win rate per ply as a standalone SVG document:
// the 50% line, the setup phase shaded, the area above 50% tinted red and
// below tinted blue, classified moves marked, axes labelled. Points with
// Rates (three or four players) draw one line per player instead, in the
// players' colours with a legend, each move's marker on its mover's line.
func WinrateCurve(points []CurvePoint, opt CurveOptions) ([]byte, error) {
	if err := checkCurve(points); err != nil {
		return nil, err
	}
	players := curvePlayers(points)
	if players > 0 {
		if err := checkRates(points, players); err != nil {
			return nil, err
		}
	}
	maxPly := 1
	if n := len(points); n > 0 && points[n-1].Ply > maxPly {
		maxPly = points[n-1].Ply
	}
	if opt.SetupPlies > maxPly {
		maxPly = opt.SetupPlies
	}
	if opt.Current > maxPly {
		maxPly = opt.Current
	}
	xOf := func(ply int) float64 { return plotLeft + plotW*float64(ply)/float64(maxPly) }
	yOf := func(v float64) float64 { return plotTop + plotH*(1-v) }

	title := opt.Title
	if title == "" {
		title = "Red's win rate per ply"
		if players > 0 {
			title = "Each player's win rate per ply"
		}
	}
	desc := curveDesc(points)
	if players > 0 {
		desc = curvePlayersDesc(points, players)
	}
	var w svg
	w.open(curveW, curveH, "wallzero-winrate", title, desc)
	w.printf(`<defs><clipPath id="wz-above"><rect x="%s" y="%s" width="%s" height="%s"/></clipPath><clipPath id="wz-below"><rect x="%s" y="%s" width="%s" height="%s"/></clipPath></defs>`,
		num(plotLeft), num(plotTop), num(plotW), num(plotH/2), num(plotLeft), num(yOf(0.5)), num(plotW), num(plotH/2))
	w.printf(`<rect class="plot" x="%s" y="%s" width="%s" height="%s" fill="#ffffff" stroke="%s"/>`, num(plotLeft), num(plotTop), num(plotW), num(plotH), gridStroke)
	if opt.SetupPlies > 0 {
		x := xOf(opt.SetupPlies)
		w.printf(`<rect class="setup-phase" x="%s" y="%s" width="%s" height="%s" fill="#ebe4d2"/>`, num(plotLeft), num(plotTop), num(x-plotLeft), num(plotH))
		w.printf(`<line class="play-start" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.5"/>`, num(x), num(plotTop), num(x), num(plotTop+plotH), curveAccent)
		w.printf(`<text class="phase" x="%s" y="%s" font-family="sans-serif" font-size="11" fill="%s" text-anchor="middle">setup</text>`, num((plotLeft+x)/2), num(plotTop+13), curveAccent)
		w.printf(`<text class="phase" x="%s" y="%s" font-family="sans-serif" font-size="11" fill="%s">play ▸</text>`, num(x+4), num(plotTop+13), curveAccent)
	}
	w.curveAxes(maxPly, xOf, yOf, players > 0)
	switch {
	case players > 0:
		w.curveLines(points, players, xOf, yOf)
	case len(points) > 0:
		w.curveArea(points, xOf, yOf)
	}
	if opt.Current >= 0 {
		x := xOf(opt.Current)
		w.printf(`<line class="current" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2" stroke-dasharray="3 2"/>`, num(x), num(plotTop), num(x), num(plotTop+plotH), lastMoveInk)
	}
	if players > 0 {
		w.curvePlayerMarkers(points, xOf, yOf)
		w.curvePlayerLegend(players)
	} else {
		w.curveMarkers(points, xOf, yOf)
	}
	w.curveLegend()
	w.close()
	return w.Bytes(), nil
}

func curveDesc(points []CurvePoint) string {
	if len(points) == 0 {
		return "No positions."
	}
	counts := map[string]int{}
	for _, p := range points {
		counts[p.Class]++
	}
	last := points[len(points)-1]
	return fmt.Sprintf("%d positions, plies %d to %d; Red's final win rate %s; %d inaccuracies, %d mistakes, %d blunders.",
		len(points), points[0].Ply, last.Ply, percent(last.Red), counts[ClassInaccuracy], counts[ClassMistake], counts[ClassBlunder])
}

// curveAxes writes the horizontal grid (0, 25, 50, 75, 100%, the 50% line
// dashed), the ply ticks and the axis labels (the vertical one "Red win
// rate", or "win rate" with a line per player).
func (w *svg) curveAxes(maxPly int, xOf func(int) float64, yOf func(float64) float64, perPlayer bool) {
	w.printf(`<g class="axes" font-family="sans-serif" font-size="11" fill="%s">`, curveAccent)
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		y := yOf(v)
		if v == 0.5 {
			w.printf(`<line class="fifty" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.2" stroke-dasharray="6 4"/>`, num(plotLeft), num(y), num(plotLeft+plotW), num(y), curveAccent)
		} else if v > 0 && v < 1 {
			w.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="0.6"/>`, num(plotLeft), num(y), num(plotLeft+plotW), num(y), gridStroke)
		}
		w.printf(`<text x="%s" y="%s" text-anchor="end" dominant-baseline="central">%d%%</text>`, num(plotLeft-6), num(y), int(v*100))
	}
	step := tickStep(maxPly)
	for p := 0; p <= maxPly; p += step {
		x := xOf(p)
		w.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`, num(x), num(plotTop+plotH), num(x), num(plotTop+plotH+4), curveAccent)
		w.printf(`<text x="%s" y="%s" text-anchor="middle">%d</text>`, num(x), num(plotTop+plotH+16), p)
	}
	w.printf(`<text class="axis-label" x="%s" y="%s" text-anchor="middle">ply (moves played)</text>`, num(plotLeft+plotW/2), num(curveH-6))
	label := "Red win rate"
	if perPlayer {
		label = "win rate"
	}
	w.printf(`<text class="axis-label" x="12" y="%s" text-anchor="middle" transform="rotate(-90 12 %s)">%s</text>`, num(plotTop+plotH/2), num(plotTop+plotH/2), label)
	w.printf("</g>")
}

// tickStep returns a step of 1, 2, 5, 10, 20, 50, ... plies giving at most
// 12 ticks.
func tickStep(maxPly int) int {
	for step := 1; ; step *= 10 {
		for _, k := range []int{1, 2, 5} {
			if maxPly/(step*k) <= 12 {
				return step * k
			}
		}
	}
}

// curveArea fills between the curve and the 50% line (red above, blue
// below) and strokes the curve.
func (w *svg) curveArea(points []CurvePoint, xOf func(int) float64, yOf func(float64) float64) {
	line := ""
	for i, p := range points {
		if i > 0 {
			line += " "
		}
		line += num(xOf(p.Ply)) + "," + num(yOf(p.Red))
	}
	mid := num(yOf(0.5))
	area := "M" + num(xOf(points[0].Ply)) + "," + mid + " L" + line + " L" + num(xOf(points[len(points)-1].Ply)) + "," + mid + " Z"
	w.printf(`<path class="area red" d="%s" fill="%s" fill-opacity="0.22" clip-path="url(#wz-above)"/>`, area, stoneFill[0])
	w.printf(`<path class="area blue" d="%s" fill="%s" fill-opacity="0.22" clip-path="url(#wz-below)"/>`, area, stoneFill[1])
	w.printf(`<polyline class="curve" points="%s" fill="none" stroke="%s" stroke-width="2" stroke-linejoin="round"/>`, line, inkColor)
}

// curveMarkers writes a coloured circle with a tooltip on every classified
// point.
func (w *svg) curveMarkers(points []CurvePoint, xOf func(int) float64, yOf func(float64) float64) {
	w.printf(`<g class="markers" stroke="#ffffff" stroke-width="1.5">`)
	for _, p := range points {
		if p.Class == "" {
			continue
		}
		tip := "ply " + strconv.Itoa(p.Ply)
		if p.Move != "" {
			tip += " " + p.Move
		}
		tip += ": " + p.Class + ", Red " + percent(p.Red)
		w.printf(`<circle class="marker %s" data-ply="%d" cx="%s" cy="%s" r="5" fill="%s"><title>%s</title></circle>`,
			p.Class, p.Ply, num(xOf(p.Ply)), num(yOf(p.Red)), classColor[p.Class], esc(tip))
	}
	w.printf("</g>")
}

// curveLegend lists the classes above the plot.
func (w *svg) curveLegend() {
	w.printf(`<g class="legend" font-family="sans-serif" font-size="11" fill="%s">`, curveAccent)
	x := plotLeft + plotW - 3*92
	for _, c := range classOrder {
		w.printf(`<circle cx="%s" cy="13" r="5" fill="%s"/><text x="%s" y="13" dominant-baseline="central">%s</text>`, num(x), classColor[c], num(x+9), c)
		x += 92
	}
	w.printf("</g>")
}
