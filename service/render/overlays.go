package render

import (
	"math"
	"strconv"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// ownership shades each square by its predicted owner: Red for positive
// values, Blue for negative, stronger the surer.
func (w *svg) ownership(own []float32) {
	w.printf(`<g class="ownership">`)
	for i, v := range own {
		a := math.Abs(float64(v))
		if a < 0.005 {
			continue
		}
		fill := stoneFill[grid.Red]
		if v < 0 {
			fill = stoneFill[grid.Blue]
		}
		w.square("own", grid.Square(i), fill, 0.5*a)
	}
	w.printf("</g>")
}

// reachability tints the squares one player alone reaches in its colour and
// those several reach in purple (the paper's Figure 4).
func (w *svg) reachability(pos *engine.Position) {
	r := pos.Reachability()
	w.printf(`<g class="reachability">`)
	for c := grid.Color(0); c < grid.Color(pos.Players()); c++ {
		for _, s := range r.Exclusive[c].Squares() {
			w.square("reach "+c.String()+"-only", s, stoneFill[c], 0.3)
		}
	}
	for _, s := range r.Shared.Squares() {
		w.square("reach shared", s, sharedTint, 0.35)
	}
	w.printf("</g>")
}

// territory hatches every player's settled land.
func (w *svg) territory(pos *engine.Position) {
	t := pos.Territory()
	w.printf(`<g class="territory">`)
	for c := grid.Color(0); c < grid.Color(pos.Players()); c++ {
		for _, s := range t.Owned[c].Squares() {
			x, y := origin(s)
			w.printf(`<rect class="land %s" data-square="%s" x="%s" y="%s" width="%s" height="%s" fill="url(#wz-hatch-%s)"/>`,
				c, s, num(x), num(y), num(cell), num(cell), c)
		}
	}
	w.printf("</g>")
}

// lastMove outlines the destination of the move that led to the position
// and marks where the stone came from.
func (w *svg) lastMove(m grid.Move) {
	w.printf(`<g class="last-move" fill="none" stroke="%s" stroke-width="3">`, lastMoveInk)
	switch m.Kind {
	case grid.Place, grid.Turn:
		x, y := origin(m.To)
		w.printf(`<rect x="%s" y="%s" width="%s" height="%s"/>`, num(x+2.5), num(y+2.5), num(cell-5), num(cell-5))
		if m.Kind == grid.Turn && m.From != m.To {
			cx, cy := center(m.From)
			w.printf(`<circle cx="%s" cy="%s" r="%s" stroke-dasharray="4 3"/>`, num(cx), num(cy), num(cell*0.3))
		}
	case grid.Break:
		w.cross(m.To, m.Side, lastMoveInk)
	}
	w.printf("</g>")
}

// cross marks a wall slot (a broken wall) with an X.
func (w *svg) cross(s grid.Square, d grid.Side, color string) {
	x1, y1, x2, y2 := sideSegment(s, d)
	mx, my := (x1+x2)/2, (y1+y2)/2
	const k = 7.0
	w.printf(`<path class="break" d="M%s,%s L%s,%s M%s,%s L%s,%s" stroke="%s" stroke-width="3" fill="none"/>`,
		num(mx-k), num(my-k), num(mx+k), num(my+k), num(mx-k), num(my+k), num(mx+k), num(my-k), color)
}

// distances writes the step distance of the stone on from to every empty
// square it can reach, and rings the stone.
func (w *svg) distances(pos *engine.Position, from grid.Square) {
	d := pos.StepDistances(from)
	occ := pos.Occupied()
	w.printf(`<g class="distances" font-family="sans-serif" font-size="20" font-weight="bold" fill="%s" text-anchor="middle" dominant-baseline="central">`, inkColor)
	for s := grid.Square(0); s < grid.NumSquares; s++ {
		if d[s] == grid.Unreachable || occ.Has(s) {
			continue
		}
		x, y := center(s)
		w.printf(`<text class="dist" data-square="%s" x="%s" y="%s">%d</text>`, s, num(x), num(y), d[s])
	}
	x, y := center(from)
	w.printf(`<circle class="dist-origin" cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="3"/>`, num(x), num(y), num(cell*0.44), inkColor)
	w.printf("</g>")
}

// candidates draws the candidate moves, worst first so that the best ends
// on top: an arrow from the stone to its destination (a ring for a
// placement or a stay), the new wall's side dashed in the mover's colour,
// and the win rate as a label.
func (w *svg) candidates(pos *engine.Position, cands []Candidate) {
	mover := pos.ToMove()
	color := stoneFill[0]
	if mover >= 0 && int(mover) < grid.MaxPlayers {
		color = stoneFill[mover]
	}
	w.printf(`<g class="candidates">`)
	for i := len(cands) - 1; i >= 0; i-- {
		c := cands[i]
		m := c.Move
		width, opacity := 3.0, 0.55
		if i == 0 || c.Played {
			width, opacity = 5.0, 0.95
		}
		ink, marker, class := inkColor, "wz-arrowhead", "candidate"
		if c.Played {
			ink, marker, class = playedInk, "wz-arrowhead-played", "candidate played"
		}
		w.printf(`<g class="%s" data-move="%s" data-rank="%d" opacity="%s">`, class, esc(m.String()), i+1, num(opacity))
		switch m.Kind {
		case grid.Place:
			x, y := center(m.To)
			w.printf(`<circle class="arrow" cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s" stroke-dasharray="5 3"/>`,
				num(x), num(y), num(cell*0.34), ink, num(width*0.7))
		case grid.Turn:
			if m.From == m.To {
				x, y := center(m.To)
				w.printf(`<circle class="arrow" cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s"/>`,
					num(x), num(y), num(cell*0.43), ink, num(width*0.7))
			} else {
				w.arrow(m.From, m.To, width, ink, marker)
			}
			x1, y1, x2, y2 := sideSegment(m.To, m.Side)
			w.printf(`<line class="candidate-wall" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="6" stroke-dasharray="7 4" stroke-linecap="butt"/>`,
				num(x1), num(y1), num(x2), num(y2), color)
		case grid.Break:
			w.cross(m.To, m.Side, ink)
		}
		if c.Winrate >= 0 && c.Winrate <= 1 {
			w.label(m, percent(c.Winrate), ink)
		}
		w.printf(`<title>%s</title>`, esc(candidateTitle(i, c)))
		w.printf("</g>")
	}
	w.printf("</g>")
}

func candidateTitle(i int, c Candidate) string {
	t := "#" + strconv.Itoa(i+1) + " " + c.Move.String()
	if c.Played {
		t = "played " + c.Move.String()
	}
	if c.Winrate >= 0 && c.Winrate <= 1 {
		t += " " + percent(c.Winrate)
	}
	return t
}

// arrow draws a straight arrow between the centres of two squares,
// shortened so that it leaves the stone and stops short of the target's
// middle.
func (w *svg) arrow(from, to grid.Square, width float64, ink, marker string) {
	x1, y1 := center(from)
	x2, y2 := center(to)
	dx, dy := x2-x1, y2-y1
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	start, end := cell*0.3, cell*0.12
	w.printf(`<line class="arrow" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round" marker-end="url(#%s)"/>`,
		num(x1+ux*start), num(y1+uy*start), num(x2-ux*end), num(y2-uy*end), ink, num(width), marker)
}

// label writes a win-rate label in the lower part of the move's target
// square.
func (w *svg) label(m grid.Move, text, ink string) {
	x, y := center(m.To)
	y += cell * 0.3
	if m.Kind == grid.Break {
		x1, y1, x2, y2 := sideSegment(m.To, m.Side)
		x, y = (x1+x2)/2, (y1+y2)/2+14
	}
	wd := 7.0*float64(len(text)) + 6
	w.printf(`<rect class="label-bg" x="%s" y="%s" width="%s" height="15" rx="3" fill="#ffffff" fill-opacity="0.9" stroke="%s" stroke-width="0.75"/>`,
		num(x-wd/2), num(y-7.5), num(wd), ink)
	w.printf(`<text class="label" x="%s" y="%s" font-family="sans-serif" font-size="11" font-weight="bold" fill="%s" text-anchor="middle" dominant-baseline="central">%s</text>`,
		num(x), num(y), ink, esc(text))
}
