package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Options selects what a board diagram shows besides the grid,
// coordinates, stones and walls. The zero value draws the bare position.
type Options struct {
	// Title replaces the default <title> (which names the player to move,
	// the phase and the ply).
	Title string
	// Reachability tints every square by who can end a turn there: one
	// player only (that player's colour) or several (purple), as the
	// WallZero paper's Figure 4.
	Reachability bool
	// Territory hatches settled land: regions holding stones of one player
	// only, in that player's colour.
	Territory bool
	// Ownership, when not nil, shades each square by its predicted final
	// owner: 49 values in [-1, 1] from Red's view (+1 Red, -1 Blue), indexed
	// row*7+column from A1 (the service's ownership array).
	Ownership []float32
	// Candidates are moves for the player to move, drawn as arrows from the
	// stone to its destination with the new wall's side marked, best first
	// (the first is drawn boldest).
	Candidates []Candidate
	// Distances numbers every square with the fewest single steps the stone
	// on DistanceFrom needs to get there, walking around walls and stones
	// (the paper's Figure 6).
	Distances    bool
	DistanceFrom grid.Square
	// LastMove, when set, is highlighted (the move that led to the position).
	LastMove *grid.Move
	// ReachDiff, when set, is a legal move of the position: the reach
	// tints show the reach after it, with marks on the squares it gains,
	// loses, makes shared or leaves unreached (see reachdiff.go). It
	// replaces the Reachability tints.
	ReachDiff *grid.Move
}

// Candidate is a move drawn as an arrow.
type Candidate struct {
	// Move is a placement, a turn or a break for the player to move.
	Move grid.Move
	// Winrate is the mover's expected result in [0, 1], drawn as a label;
	// a value outside [0, 1] (e.g. -1) draws no label.
	Winrate float64
	// Played marks the move actually played (in a review), drawn in a
	// colour of its own to tell it from the engine's suggestions.
	Played bool
}

// Geometry, in SVG user units.
const (
	cell   = 56.0
	margin = 28.0
	side   = grid.Size * cell
	total  = side + 2*margin
)

// origin returns the top-left corner of square s (A1 is bottom-left).
func origin(s grid.Square) (x, y float64) {
	return margin + float64(s.Col())*cell, margin + float64(grid.Size-1-s.Row())*cell
}

// center returns the middle of square s.
func center(s grid.Square) (x, y float64) {
	x, y = origin(s)
	return x + cell/2, y + cell/2
}

// sideSegment returns the end points of the line on side d of s.
func sideSegment(s grid.Square, d grid.Side) (x1, y1, x2, y2 float64) {
	x, y := origin(s)
	switch d {
	case grid.North:
		return x, y, x + cell, y
	case grid.East:
		return x + cell, y, x + cell, y + cell
	case grid.South:
		return x, y + cell, x + cell, y + cell
	default:
		return x, y, x, y + cell
	}
}

// Validate checks the options against pos: the ownership length and
// values, the distance square and the candidate moves' squares. Board
// calls it; the API calls it to report bad query parameters.
func (o *Options) Validate(pos *engine.Position) error {
	if o.Ownership != nil {
		if len(o.Ownership) != grid.NumSquares {
			return optionErr("ownership", "ownership", "%d values, want %d (one per square, A1..G7)", len(o.Ownership), grid.NumSquares)
		}
		for i, v := range o.Ownership {
			if math.IsNaN(float64(v)) || v < -1 || v > 1 {
				return optionErr("ownership", fmt.Sprintf("ownership[%d]", i), "%v is not in [-1, 1]", v)
			}
		}
	}
	if o.Distances {
		if !o.DistanceFrom.Valid() {
			return optionErr("distances", "distances", "not a square")
		}
		if pos.StoneAt(o.DistanceFrom) == grid.NoColor {
			return optionErr("distances", "distances", "no stone on %s", o.DistanceFrom)
		}
	}
	for i, c := range o.Candidates {
		if err := checkMove(c.Move); err != nil {
			return optionErr("candidates", fmt.Sprintf("candidates[%d]", i), "%s", err)
		}
	}
	if o.ReachDiff != nil {
		if err := checkReachDiff(pos, *o.ReachDiff); err != nil {
			return err
		}
	}
	if o.LastMove != nil {
		if err := checkMove(*o.LastMove); err != nil {
			return optionErr("last", "last move", "%s", err)
		}
	}
	return nil
}

// checkMove checks that a move's squares and side are on the board.
func checkMove(m grid.Move) error {
	switch m.Kind {
	case grid.Place:
		if m.To.Valid() {
			return nil
		}
	case grid.Turn:
		if m.From.Valid() && m.To.Valid() && m.Side >= grid.North && m.Side <= grid.West {
			return nil
		}
	case grid.Break:
		if m.To.Valid() && m.Side >= grid.North && m.Side <= grid.West {
			return nil
		}
	}
	return fmt.Errorf("move %s is not a move on the board", m)
}

// Board draws pos as a standalone SVG document with the overlays opt
// selects. It fails only when opt does not fit pos (see Options.Validate).
func Board(pos *engine.Position, opt Options) ([]byte, error) {
	if err := opt.Validate(pos); err != nil {
		return nil, err
	}
	var w svg
	title := opt.Title
	if title == "" {
		title = DefaultTitle(pos)
	}
	w.open(total, total, "wallzero-board", title, describe(pos, &opt))
	w.defs(pos, &opt)
	w.printf(`<rect class="board" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, num(margin), num(margin), num(side), num(side), boardFill)
	if opt.Ownership != nil {
		w.ownership(opt.Ownership)
	}
	if opt.ReachDiff != nil {
		w.reachDiff(pos, *opt.ReachDiff)
	} else if opt.Reachability {
		w.reachability(pos)
	}
	if opt.Territory {
		w.territory(pos)
	}
	w.grid()
	if opt.LastMove != nil {
		w.lastMove(*opt.LastMove)
	}
	w.walls(pos)
	if opt.Distances {
		w.distances(pos, opt.DistanceFrom)
	}
	w.stones(pos)
	if len(opt.Candidates) > 0 {
		w.candidates(pos, opt.Candidates)
	}
	w.coordinates()
	w.close()
	return w.Bytes(), nil
}

// DefaultTitle names the position: who is to move, the phase and the ply,
// or the final score of a finished game.
func DefaultTitle(pos *engine.Position) string {
	if pos.IsOver() {
		t := pos.Territory()
		parts := make([]string, 0, pos.Players())
		for c := 0; c < pos.Players(); c++ {
			parts = append(parts, fmt.Sprintf("%s %d", grid.Color(c), t.Score[c]))
		}
		return fmt.Sprintf("WallGo board after %d moves, game over: %s", pos.Ply(), strings.Join(parts, ", "))
	}
	return fmt.Sprintf("WallGo board after %d moves: %s to move, %s phase", pos.Ply(), pos.ToMove(), pos.Phase())
}

// describe lists the stones, the number of walls and the overlays.
func describe(pos *engine.Position, opt *Options) string {
	var b strings.Builder
	for c := grid.Color(0); c < grid.Color(pos.Players()); c++ {
		names := []string{}
		for _, s := range pos.Stones(c).Squares() {
			names = append(names, s.String())
		}
		fmt.Fprintf(&b, "%s stones: %s. ", titleCase(c.String()), strings.Join(names, " "))
	}
	fmt.Fprintf(&b, "%d walls.", pos.WallCount())
	var shown []string
	if opt.Ownership != nil {
		shown = append(shown, "predicted ownership")
	}
	if opt.Reachability {
		shown = append(shown, "reachability")
	}
	if opt.Territory {
		shown = append(shown, "settled territory")
	}
	if opt.Distances {
		shown = append(shown, "step distances from "+opt.DistanceFrom.String())
	}
	if len(opt.Candidates) > 0 {
		shown = append(shown, fmt.Sprintf("%d candidate moves", len(opt.Candidates)))
	}
	if len(shown) > 0 {
		b.WriteString(" Overlays: " + strings.Join(shown, ", ") + ".")
	}
	return b.String()
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// defs writes the arrowhead marker and the territory hatch patterns.
func (w *svg) defs(pos *engine.Position, opt *Options) {
	if len(opt.Candidates) == 0 && !opt.Territory {
		return
	}
	w.printf("<defs>")
	if len(opt.Candidates) > 0 {
		for _, m := range []struct{ id, color string }{{"wz-arrowhead", inkColor}, {"wz-arrowhead-played", playedInk}} {
			w.printf(`<marker id="%s" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="3.5" markerHeight="3.5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>`, m.id, m.color)
		}
	}
	if opt.Territory {
		for c := grid.Color(0); c < grid.Color(pos.Players()); c++ {
			w.printf(`<pattern id="wz-hatch-%s" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="%s" fill-opacity="0.18"/><line x1="0" y1="0" x2="0" y2="8" stroke="%s" stroke-width="3" stroke-opacity="0.55"/></pattern>`,
				c, stoneFill[c], stoneFill[c])
		}
	}
	w.printf("</defs>")
}

// square writes a rectangle covering square s.
func (w *svg) square(class string, s grid.Square, fill string, opacity float64) {
	x, y := origin(s)
	w.printf(`<rect class="%s" data-square="%s" x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="%s"/>`,
		class, s, num(x), num(y), num(cell), num(cell), fill, num(opacity))
}

// grid writes the lines between squares and the board's edge.
func (w *svg) grid() {
	w.printf(`<g class="grid" stroke="%s" stroke-width="1">`, gridStroke)
	for i := 1; i < grid.Size; i++ {
		p := margin + float64(i)*cell
		w.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(p), num(margin), num(p), num(margin+side))
		w.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(margin), num(p), num(margin+side), num(p))
	}
	w.printf("</g>")
	w.printf(`<rect class="edge" x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="3"/>`, num(margin), num(margin), num(side), num(side), edgeStroke)
}

// walls writes every wall as a thick line in its builder's colour.
func (w *svg) walls(pos *engine.Position) {
	w.printf(`<g class="walls" stroke-width="6" stroke-linecap="round">`)
	for c := grid.Color(0); c < grid.Color(pos.Players()); c++ {
		for _, d := range []grid.Side{grid.North, grid.East} {
			set := pos.WallsNorth(c)
			if d == grid.East {
				set = pos.WallsEast(c)
			}
			for _, s := range set.Squares() {
				x1, y1, x2, y2 := sideSegment(s, d)
				w.printf(`<line class="wall %s" data-wall="%s:%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`,
					c, s, d, num(x1), num(y1), num(x2), num(y2), wallStroke[c])
			}
		}
	}
	w.printf("</g>")
}

// stones writes every stone as a circle in its owner's colour.
func (w *svg) stones(pos *engine.Position) {
	w.printf(`<g class="stones" stroke="#1a1a1a" stroke-width="1.5">`)
	for c := grid.Color(0); c < grid.Color(pos.Players()); c++ {
		for _, s := range pos.Stones(c).Squares() {
			x, y := center(s)
			w.printf(`<circle class="stone %s" data-square="%s" cx="%s" cy="%s" r="%s" fill="%s"><title>%s stone on %s</title></circle>`,
				c, s, num(x), num(y), num(cell*0.34), stoneFill[c], titleCase(c.String()), s)
		}
	}
	w.printf("</g>")
}

// coordinates writes the column letters below and the row numbers left of
// the board.
func (w *svg) coordinates() {
	w.printf(`<g class="coordinates" font-family="sans-serif" font-size="13" fill="%s" text-anchor="middle">`, edgeStroke)
	for i := 0; i < grid.Size; i++ {
		x := margin + (float64(i)+0.5)*cell
		w.printf(`<text x="%s" y="%s">%c</text>`, num(x), num(margin+side+19), 'A'+i)
		y := margin + (float64(grid.Size-1-i)+0.5)*cell
		w.printf(`<text x="%s" y="%s" dominant-baseline="central">%d</text>`, num(margin/2), num(y), i+1)
	}
	w.printf("</g>")
}
