package render

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Marks of the reach-difference overlay, drawn in the corner of each
// square whose reach class a move changes.
const (
	gainedMark   = "+"
	lostMark     = "\u2212" // minus sign
	sharedMark   = "="
	unreachMark  = "\u00d7" // multiplication sign
	unreachedInk = "#6b6355"
)

// checkReachDiff checks that the move of a reach difference is legal in
// pos (the overlay draws the position after it).
func checkReachDiff(pos *engine.Position, m grid.Move) error {
	if err := pos.CheckMove(m); err != nil {
		return optionErr("reachDiff", "reachDiff", "%s: %s", m, err)
	}
	return nil
}

// reachDiff tints the squares by the one-turn reach after move m (as the
// reachability overlay does) and marks what m changes against the reach
// before it: "+" in a player's colour where the square became that
// player's alone, "−" where it stopped being, "=" (purple) where it became
// shared and "×" where nobody reaches it any more. The wall m builds is
// drawn dashed in the mover's colour.
func (w *svg) reachDiff(pos *engine.Position, m grid.Move) {
	after := *pos
	after.Apply(m)
	b, a := pos.Reachability(), after.Reachability()
	w.printf(`<g class="reach-diff" data-move="%s">`, m)
	var was, is grid.Bitboard
	for c := grid.Color(0); c < grid.Color(pos.Players()); c++ {
		for _, s := range a.Exclusive[c].Squares() {
			w.square("reach "+c.String()+"-only", s, stoneFill[c], 0.3)
		}
		was |= b.Reach[c]
		is |= a.Reach[c]
	}
	for _, s := range a.Shared.Squares() {
		w.square("reach shared", s, sharedTint, 0.35)
	}
	w.printf(`<g font-family="sans-serif" font-size="18" font-weight="bold" text-anchor="middle" dominant-baseline="central">`)
	for c := grid.Color(0); c < grid.Color(pos.Players()); c++ {
		for _, s := range (a.Exclusive[c] &^ b.Exclusive[c]).Squares() {
			w.mark("gained "+c.String(), s, gainedMark, stoneFill[c])
		}
		for _, s := range (b.Exclusive[c] &^ a.Exclusive[c] &^ a.Shared &^ (was &^ is)).Squares() {
			w.mark("lost "+c.String(), s, lostMark, stoneFill[c])
		}
	}
	for _, s := range (a.Shared &^ b.Shared).Squares() {
		w.mark("made-shared", s, sharedMark, sharedTint)
	}
	for _, s := range (was &^ is).Squares() {
		w.mark("unreached", s, unreachMark, unreachedInk)
	}
	w.printf("</g>")
	if m.Kind == grid.Turn {
		x1, y1, x2, y2 := sideSegment(m.To, m.Side)
		w.printf(`<line class="new-wall" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="6" stroke-dasharray="6 4" stroke-linecap="round"/>`,
			num(x1), num(y1), num(x2), num(y2), wallStroke[pos.ToMove()])
	}
	w.printf("</g>")
}

// mark writes a small sign in the top-right corner of s.
func (w *svg) mark(class string, s grid.Square, text, ink string) {
	x, y := origin(s)
	w.printf(`<text class="%s" data-square="%s" x="%s" y="%s" fill="%s">%s</text>`, class, s, num(x+cell-11), num(y+12), ink, text)
}
