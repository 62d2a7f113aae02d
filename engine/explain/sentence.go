package explain

import (
	"fmt"
	"strings"

	"github.com/wallzero/wallzero/engine/grid"
)

// maxListed is how many squares a sentence names before "and N more".
const maxListed = 4

// Describe names a move in words: "E5-E3 with the wall above", "C3"
// for a placement, "E3 staying, with the wall to the left".
func Describe(m grid.Move) string {
	switch m.Kind {
	case grid.Place:
		return "placing on " + m.To.String()
	case grid.Break:
		return "breaking the wall " + sideWords(m.Side) + " " + m.To.String()
	case grid.Turn:
		if m.From == m.To {
			return m.To.String() + " staying, with the wall " + sideWords(m.Side)
		}
		return m.From.String() + "-" + m.To.String() + " with the wall " + sideWords(m.Side)
	}
	return m.String()
}

func sideWords(d grid.Side) string {
	switch d {
	case grid.North:
		return "above"
	case grid.South:
		return "below"
	case grid.West:
		return "to the left"
	case grid.East:
		return "to the right"
	}
	return "?"
}

// List names squares: "D3", "D3 and E4", "C1, D3, E4 and 2 more".
func List(b grid.Bitboard) string {
	sq := b.Squares()
	var names []string
	for i, s := range sq {
		if i == maxListed {
			break
		}
		names = append(names, s.String())
	}
	more := len(sq) - len(names)
	switch {
	case more > 0:
		return strings.Join(names, ", ") + fmt.Sprintf(" and %d more", more)
	case len(names) <= 1:
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func colorName(c grid.Color) string {
	s := c.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// opponent returns the other player of a two-player game.
func opponent(c grid.Color) grid.Color { return 1 - c }

// Sentence says what the move of f does, in one sentence: the land it
// closes, a tempo move, or what it changes in the reach of both sides,
// with the stones acting as walls and a zugzwang-like result.
func Sentence(f *Facts) string {
	me, opp := f.Mover, opponent(f.Mover)
	head := Describe(f.Move)
	var parts []string
	for _, r := range f.Sealed {
		switch {
		case r.Owner == grid.NoColor:
			parts = append(parts, fmt.Sprintf("leaves %s to nobody", plural(r.Size(), "square")))
		default:
			parts = append(parts, fmt.Sprintf("closes %s of land for %s", plural(r.Size(), "square"), colorName(r.Owner)))
		}
	}
	switch {
	case f.Tempo && f.TempoCost == 0:
		parts = append(parts, "changes nothing of value: a tempo move that hands the turn to "+colorName(opp))
	case f.Tempo:
		parts = append(parts, fmt.Sprintf("gives up %s of %s's own land to hand the turn to %s, changing nothing else", plural(f.TempoCost, "point"), colorName(me), colorName(opp)))
	case len(f.Sealed) == 0 && f.Players == 2:
		parts = append(parts, reachWords(f, me, opp)...)
	}
	if len(parts) == 0 {
		parts = append(parts, "changes little")
	}
	s := capital(head) + " " + joinAnd(parts) + "."
	for _, w := range f.StoneWalls {
		if w.Stone == f.Move.To && f.Move.Kind == grid.Turn {
			s += fmt.Sprintf(" The stone on %s acts as a wall, keeping %s from %s.", w.Stone, colorName(opp), List(w.Blocks))
			break
		}
	}
	if z := f.Zugzwang; z != nil {
		s += fmt.Sprintf(" Every one of %s's %d replies makes its position worse.", colorName(z.Player), z.Replies)
	}
	return s
}

// reachWords describes the reach changes of a move.
func reachWords(f *Facts, me, opp grid.Color) []string {
	var parts []string
	area := f.Contested
	if b := f.Gained[me] & area; b != 0 {
		parts = append(parts, "makes "+List(b)+" "+colorName(me)+"'s alone")
	}
	if b := f.SharedGained & area; b != 0 {
		parts = append(parts, "contests "+List(b))
	}
	if b := f.Gained[opp] & area; b != 0 {
		parts = append(parts, "gives "+List(b)+" to "+colorName(opp))
	}
	if b := f.Lost[opp] &^ f.SharedGained & area; b != 0 {
		parts = append(parts, "takes "+List(b)+" from "+colorName(opp))
	}
	return parts
}

// Contrast says, in one sentence, how the move of a (played) differs from
// the alternative b (the engine's best): the squares each would keep or
// give, a step-distance trade, and what the move played costs: the win
// rate (loss in 0..1) and the land at the end (points, the expected final
// margin lost), each left out when negative (unknown) or negligible, so
// that a move thrown away in a decided game still says what it cost.
func Contrast(a, b *Facts, loss, points float64) string {
	if a.Move == b.Move {
		return "This is the engine's choice."
	}
	me, opp := a.Mover, opponent(a.Mover)
	c := Compare(a, b)
	var parts []string
	if x := c.OnlyB[me] & a.Contested; x != 0 {
		parts = append(parts, "keep "+List(x)+" for "+colorName(me))
	}
	if x := c.OnlyA[opp] & a.Contested; x != 0 {
		parts = append(parts, "not give "+List(x)+" to "+colorName(opp))
	}
	if d := c.ScoreB[me] - c.ScoreA[me]; d > 0 {
		parts = append(parts, fmt.Sprintf("close %s more of land", plural(d, "square")))
	}
	if c.TradeB {
		if s, ok := nearestGain(b, a); ok {
			parts = append(parts, "give up "+plural(c.HoldingA-c.HoldingB, "point")+" to stay nearer the contested squares ("+s+")")
		}
	}
	s := capital(Describe(b.Move))
	if len(parts) == 0 {
		s += " was better"
	} else {
		s += " would " + joinAnd(parts)
	}
	return s + costClause(loss, points) + "."
}

// Better is the sentence of a three- or four-player move that was not
// the engine's best, whose squares Contrast does not compare between
// several opponents: "F6-D6 with the wall below was better; the move
// played costs 12.3% of the win rate and 4.5 points of land." loss and
// points are the move's losses (negative: unknown).
func Better(b *Facts, loss, points float64) string {
	return capital(Describe(b.Move)) + " was better" + costClause(loss, points) + "."
}

// costClause says what the move played cost, in win rate and in points
// of land, each where it is known and not negligible; empty otherwise.
func costClause(loss, points float64) string {
	var costs []string
	if loss > 0.0005 {
		costs = append(costs, percent(loss)+" of the win rate")
	}
	if points >= 0.05 {
		costs = append(costs, fmt.Sprintf("%.1f points of land", points))
	}
	if len(costs) == 0 {
		return ""
	}
	return "; the move played costs " + joinAnd(costs)
}

// nearestGain names a contested square b reaches in fewer steps than a,
// with both distances: "C5 in 2 steps instead of 3".
func nearestGain(b, a *Facts) (string, bool) {
	me := b.Mover
	for _, s := range (b.Distance.NearerAfter[me] &^ a.Distance.NearerAfter[me]).Squares() {
		db, da := b.Distance.After[me][s], a.Distance.After[me][s]
		if da == grid.Unreachable {
			return fmt.Sprintf("%s in %s instead of out of reach", s, plural(int(db), "step")), true
		}
		if db < da {
			return fmt.Sprintf("%s in %s instead of %d", s, plural(int(db), "step"), da), true
		}
	}
	return "", false
}

func percent(v float64) string {
	p := v * 100
	if p < 1 {
		return fmt.Sprintf("%.1f%%", p)
	}
	return fmt.Sprintf("%.0f%%", p)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func joinAnd(parts []string) string {
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// capital upper-cases the first letter of s ("placing" starts a sentence).
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
