package explain

import (
	"encoding/json"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// TestWallGivesSquare: Red on E3 and Blue on C3 share D3; Red staying on
// E3 with a wall to its west gives D3 to Blue.
func TestWallGivesSquare(t *testing.T) {
	t.Parallel()
	p := board(t, "red", []string{"E3"}, []string{"C3"})
	if !p.Reachability().Shared.Has(sq(t, "D3")) {
		t.Fatal("setup: D3 should be shared")
	}
	f := extract(t, p, "E3-E3:W")
	if got := names(f.Gained[grid.Blue] & bit(t, "D3")); got != "D3" {
		t.Errorf("Blue gained %q, want D3 among %q", got, names(f.Gained[grid.Blue]))
	}
	if !f.SharedLost.Has(sq(t, "D3")) {
		t.Errorf("D3 should have stopped being shared: %s", names(f.SharedLost))
	}
	if f.Tempo {
		t.Error("giving a square away is not a tempo move")
	}
}

// TestCompareWalls: after E5-E3 (the paper's Case I) the wall to the left
// leaves D3 to Blue where the wall above makes it shared.
func TestCompareWalls(t *testing.T) {
	t.Parallel()
	p := board(t, "red", []string{"E5"}, []string{"C3"})
	left, above := extract(t, p, "E5-E3:W"), extract(t, p, "E5-E3:N")
	c := Compare(left, above)
	if !c.OnlyA[grid.Blue].Has(sq(t, "D3")) {
		t.Errorf("the left wall should leave D3 to Blue only; onlyA blue = %q", names(c.OnlyA[grid.Blue]))
	}
	if !above.After.Shared.Has(sq(t, "D3")) {
		t.Errorf("with the wall above D3 should be shared: %q", names(above.After.Shared))
	}
}

// TestSealedRegion: the pocket F1-G2 lacks one wall (E2:E); Red moving
// G2-F2 with a wall to the west closes it as Red's land of 4 squares.
func TestSealedRegion(t *testing.T) {
	t.Parallel()
	p := board(t, "red", []string{"G2"}, []string{"C4"}, "F2:N", "G2:N", "E1:E")
	f := extract(t, p, "G2-F2:W")
	// Red's last free stone leaves the open area, so the rest of the
	// board (Blue's C4 alone) is sealed as Blue's land at the same time.
	if len(f.Sealed) != 2 {
		t.Fatalf("sealed %v, want two regions", f.Sealed)
	}
	r := f.Sealed[1]
	if f.Sealed[0].Owner != grid.Blue {
		t.Errorf("the rest of the board should be Blue's, got %v", f.Sealed[0].Owner)
	}
	if r.Owner != grid.Red || r.Size() != 4 || names(r.Squares) != "F1 G1 F2 G2" {
		t.Errorf("sealed %s owned by %v, want F1 G1 F2 G2 owned by red", names(r.Squares), r.Owner)
	}
	if f.ScoreAfter[grid.Red]-f.ScoreBefore[grid.Red] != 4 {
		t.Errorf("Red's territory %d -> %d, want +4", f.ScoreBefore[grid.Red], f.ScoreAfter[grid.Red])
	}
	if f.Tempo {
		t.Error("sealing land is not a tempo move")
	}
}

// TestTempoMove: walls inside one's own sealed land change nothing of
// value; a move in the contested area does.
func TestTempoMove(t *testing.T) {
	t.Parallel()
	p := board(t, "red", []string{"D4"}, []string{"C3"})
	tests := []struct {
		move  string
		tempo bool
	}{
		{"A1-A1:E", true},
		{"B1-B1:W", true},
		{"D4-D4:N", false},
		{"D4-E4:S", false},
	}
	for _, tc := range tests {
		f := extract(t, p, tc.move)
		if f.Tempo != tc.tempo || f.TempoCost != 0 {
			t.Errorf("%s: tempo %v cost %d, want %v cost 0", tc.move, f.Tempo, f.TempoCost, tc.tempo)
		}
	}
}

// TestTempoCostsAPoint: walling off an empty square of one's own land
// (Figure 7e) is a tempo move that costs one point... only when the rest
// of the land stays owned: here Red's strip A1-D1 holds an empty D1.
func TestTempoCostsAPoint(t *testing.T) {
	t.Parallel()
	// Extend Red's strip to D1 (an empty square) by moving the strip's
	// east wall: C1:E is parked, so use a board without it.
	d := engine.Diagram{Stones: map[string][]string{
		"red":  {"A1", "B1", "C1", "D4"},
		"blue": {"E7", "F7", "G7", "C3"},
	}, ToMove: "red", Phase: "play"}
	for _, w := range []string{"A1:N", "B1:N", "C1:N", "D1:N", "D1:E", "E6:N", "F6:N", "G6:N", "D7:E"} {
		d.Walls = append(d.Walls, engine.Wall{Square: w[:2], Side: w[3:], By: "red"})
	}
	rules, _ := engine.DefaultRules().Normalize()
	p, err := d.Position(rules)
	if err != nil {
		t.Fatal(err)
	}
	f := extract(t, p, "C1-C1:E")
	if !f.Tempo || f.TempoCost != 1 {
		t.Errorf("C1-C1:E: tempo %v cost %d, want a tempo move costing 1", f.Tempo, f.TempoCost)
	}
}

// TestStoneActsAsWall: Red's stone on D3 keeps Blue on D4 from D2.
func TestStoneActsAsWall(t *testing.T) {
	t.Parallel()
	p := board(t, "red", []string{"D3"}, []string{"D4"}, "b:C4:E", "b:D4:E")
	f := extract(t, p, "D3-D3:E")
	var found *StoneWall
	for i := range f.StoneWalls {
		if f.StoneWalls[i].Stone == sq(t, "D3") {
			found = &f.StoneWalls[i]
		}
	}
	if found == nil {
		t.Fatalf("D3 should act as a wall; got %v", f.StoneWalls)
	}
	if !found.Blocks.Has(sq(t, "D2")) {
		t.Errorf("D3 should block D2, blocks %q", names(found.Blocks))
	}
	for _, w := range f.StoneWalls {
		if w.Stone == sq(t, "A1") {
			t.Errorf("A1 blocks nothing Blue could reach, got %q", names(w.Blocks))
		}
	}
}

// TestStepDistanceTrade: D4-D3 with a wall east stands lower than D4-E3
// with a wall west, yet keeps Red nearer to more contested squares.
func TestStepDistanceTrade(t *testing.T) {
	t.Parallel()
	p := board(t, "red", []string{"D4"}, []string{"C3"})
	a, b := extract(t, p, "D4-D3:E"), extract(t, p, "D4-E3:W")
	c := Compare(a, b)
	if !c.Trade || c.TradeB {
		t.Errorf("trade %v/%v (standing %d vs %d, nearer %d vs %d), want a trade by A only", c.Trade, c.TradeB,
			c.HoldingA, c.HoldingB, a.Distance.NearerAfter[0].Count(), b.Distance.NearerAfter[0].Count())
	}
	if c.CloserA == 0 {
		t.Error("A should be closer to some contested square")
	}
	// The distances themselves: after D4-D3 the stone is 1 step from D2.
	if d := a.Distance.After[grid.Red][sq(t, "D2")]; d != 1 {
		t.Errorf("steps to D2 after D4-D3 = %d, want 1", d)
	}
}

// zugzwangBoard is a position reached in a random game where Blue, to
// move, has a single legal move and it lowers its standing.
const zugzwangBoard = `{"stones":{"blue":["B3","G3","C4","G4"],"red":["E3","F3","C5","G5"]},"walls":[
{"square":"A3","side":"E","by":"blue"},{"square":"A3","side":"N","by":"red"},{"square":"A5","side":"E","by":"red"},
{"square":"B2","side":"N","by":"blue"},{"square":"B3","side":"E","by":"red"},{"square":"B3","side":"N","by":"blue"},
{"square":"B4","side":"E","by":"blue"},{"square":"B6","side":"E","by":"red"},{"square":"C2","side":"N","by":"blue"},
{"square":"C3","side":"N","by":"red"},{"square":"C4","side":"E","by":"red"},{"square":"C4","side":"N","by":"blue"},
{"square":"C5","side":"E","by":"red"},{"square":"C6","side":"E","by":"red"},{"square":"C6","side":"N","by":"blue"},
{"square":"D2","side":"N","by":"red"},{"square":"D4","side":"E","by":"red"},{"square":"D5","side":"E","by":"blue"},
{"square":"E1","side":"E","by":"blue"},{"square":"E2","side":"E","by":"red"},{"square":"E3","side":"N","by":"red"},
{"square":"E4","side":"E","by":"red"},{"square":"E5","side":"E","by":"blue"},{"square":"F1","side":"N","by":"blue"},
{"square":"F2","side":"E","by":"blue"},{"square":"F2","side":"N","by":"red"},{"square":"F4","side":"E","by":"blue"},
{"square":"F4","side":"N","by":"blue"},{"square":"F5","side":"E","by":"red"},{"square":"F5","side":"N","by":"red"},
{"square":"F7","side":"E","by":"red"},{"square":"G1","side":"N","by":"blue"},{"square":"G2","side":"N","by":"blue"},
{"square":"G3","side":"N","by":"red"},{"square":"G4","side":"N","by":"blue"}],"toMove":"blue","phase":"play"}`

// TestZugzwang: in zugzwangBoard every reply (there is one) lowers Blue's
// standing, checked move by move; in an open position Blue has replies
// that keep it.
func TestZugzwang(t *testing.T) {
	t.Parallel()
	var d engine.Diagram
	if err := json.Unmarshal([]byte(zugzwangBoard), &d); err != nil {
		t.Fatal(err)
	}
	rules, _ := engine.DefaultRules().Normalize()
	p, err := d.Position(rules)
	if err != nil {
		t.Fatal(err)
	}
	z := zugzwang(&p)
	if z == nil {
		t.Fatal("Blue should be in zugzwang")
	}
	moves := p.LegalMoves(nil)
	if z.Player != grid.Blue || z.Replies != len(moves) || z.BestAfter >= z.Standing {
		t.Errorf("zugzwang %+v, want Blue with %d replies that all lower its standing", *z, len(moves))
	}
	for _, m := range moves {
		q := p
		q.Apply(m)
		if v := Standing(&q, grid.Blue); v >= z.Standing {
			t.Errorf("%s keeps Blue's standing (%d >= %d)", m, v, z.Standing)
		}
	}
	free := extract(t, board(t, "red", []string{"D4"}, []string{"C3"}), "A1-A1:E")
	if free.Zugzwang != nil {
		t.Errorf("an open position is not zugzwang: %+v", *free.Zugzwang)
	}
}

func sq(t *testing.T, name string) grid.Square {
	t.Helper()
	s, err := grid.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func bit(t *testing.T, name string) grid.Bitboard { return grid.Bit(sq(t, name)) }
