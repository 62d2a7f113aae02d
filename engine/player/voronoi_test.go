package player

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// boardPosition builds a position from the JSON form of engine.Diagram.
func boardPosition(t testing.TB, rules engine.Rules, board string) engine.Position {
	t.Helper()
	var b engine.Diagram
	if err := json.Unmarshal([]byte(board), &b); err != nil {
		t.Fatalf("board JSON: %v", err)
	}
	r, err := rules.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	p, err := b.Position(r)
	if err != nil {
		t.Fatalf("board: %v", err)
	}
	return p
}

// wallsEastOfC is a wall line between columns C and D, rows from..to (1-7),
// in the JSON form of engine.Diagram.
func wallsEastOfC(from, to int) string {
	s := ""
	for r := from; r <= to; r++ {
		if s != "" {
			s += ","
		}
		s += `{"square":"C` + string(rune('0'+r)) + `","side":"E","by":"red"}`
	}
	return s
}

// squares parses a list of coordinates into a bitboard.
func squares(t testing.TB, list ...string) grid.Bitboard {
	t.Helper()
	var b grid.Bitboard
	for _, s := range list {
		sq, err := grid.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		b |= grid.Bit(sq)
	}
	return b
}

func TestVoronoiHandMade(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		board   string
		red     int
		blue    int
		neutral grid.Bitboard
		settled [2]int
		evalRed int
	}{
		{
			// No walls: Red owns columns A-C, Blue E-G, column D is
			// equally far from both.
			name:    "open board, column D tied",
			board:   `{"stones":{"red":["A1","A2","A3","A4"],"blue":["G1","G2","G3","G4"]},"walls":[],"toMove":"red","phase":"play"}`,
			red:     21,
			blue:    21,
			neutral: squares(t, "D1", "D2", "D3", "D4", "D5", "D6", "D7"),
			evalRed: 0,
		},
		{
			// A wall line between C and D on rows 1-6 leaves one gap at
			// row 7: Red must go round, so Blue gets D1-D6 and E-G, and
			// D7 is 6 steps from both.
			name:    "wall with a gap at the top",
			board:   `{"stones":{"red":["A1","A2","A3","A4"],"blue":["G1","G2","G3","G4"]},"walls":[` + wallsEastOfC(1, 6) + `],"toMove":"red","phase":"play"}`,
			red:     21,
			blue:    27,
			neutral: squares(t, "D7"),
			evalRed: -6,
		},
		{
			// A full wall line: A-C is Red's settled land; in D-G Red's E1
			// stone meets Blue's G1-G4 (which block it), ties on D3, E3
			// and F1.
			name:    "settled land and blocking stones",
			board:   `{"stones":{"red":["A1","A2","A3","E1"],"blue":["G1","G2","G3","G4"]},"walls":[` + wallsEastOfC(1, 7) + `],"toMove":"red","phase":"play"}`,
			red:     25,
			blue:    21,
			neutral: squares(t, "D3", "E3", "F1"),
			settled: [2]int{21, 0},
			evalRed: 4,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := boardPosition(t, engine.DefaultRules(), tc.board)
			cl := Voronoi(&p)
			if got := cl.Count(grid.Red); got != tc.red {
				t.Errorf("red land = %d, want %d (%v)", got, tc.red, cl.Land[grid.Red].Squares())
			}
			if got := cl.Count(grid.Blue); got != tc.blue {
				t.Errorf("blue land = %d, want %d (%v)", got, tc.blue, cl.Land[grid.Blue].Squares())
			}
			if cl.Neutral != tc.neutral {
				t.Errorf("neutral = %v, want %v", cl.Neutral.Squares(), tc.neutral.Squares())
			}
			for c, want := range tc.settled {
				if got := cl.Settled[c].Count(); got != want {
					t.Errorf("%s settled = %d, want %d", grid.Color(c), got, want)
				}
			}
			if got := Evaluate(&p, grid.Red); got != tc.evalRed {
				t.Errorf("Evaluate(red) = %d, want %d", got, tc.evalRed)
			}
			if got := Evaluate(&p, grid.Blue); got != -tc.evalRed {
				t.Errorf("Evaluate(blue) = %d, want %d", got, -tc.evalRed)
			}
		})
	}
}

func TestEvaluateFinished(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		board string
		red   int
	}{
		{
			name:  "blue wins 28-21",
			board: `{"stones":{"red":["A1","A2","A3","A4"],"blue":["G1","G2","G3","G4"]},"walls":[` + wallsEastOfC(1, 7) + `],"toMove":"red","phase":"over"}`,
			red:   -WinValue - 7,
		},
		{
			name:  "red wins 28-21",
			board: `{"stones":{"red":["G1","G2","G3","G4"],"blue":["A1","A2","A3","A4"]},"walls":[` + wallsEastOfC(1, 7) + `],"toMove":"red","phase":"over"}`,
			red:   WinValue + 7,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := boardPosition(t, engine.DefaultRules(), tc.board)
			if !p.IsOver() {
				t.Fatal("position should be over")
			}
			if got := Evaluate(&p, grid.Red); got != tc.red {
				t.Errorf("Evaluate(red) = %d, want %d", got, tc.red)
			}
			if got := Evaluate(&p, grid.Blue); got != -tc.red {
				t.Errorf("Evaluate(blue) = %d, want %d", got, -tc.red)
			}
		})
	}
}

// TestVoronoiPartition checks on random positions of 2-4 players that the
// claims split the board, settled land agrees with the engine, and
// evaluateAll agrees with Evaluate.
func TestVoronoiPartition(t *testing.T) {
	t.Parallel()
	for _, rules := range testRules {
		t.Run(rules.String(), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(3, uint64(rules.Players)))
			buf := make([]grid.Move, 0, engine.MaxMoves)
			for range 20 {
				p := engine.NewPosition(rules)
				for !p.IsOver() {
					checkClaims(t, &p)
					moves := p.LegalMoves(buf[:0])
					p.Apply(moves[rng.IntN(len(moves))])
				}
				checkClaims(t, &p)
			}
		})
	}
}

func checkClaims(t *testing.T, p *engine.Position) {
	t.Helper()
	cl := Voronoi(p)
	terr := p.Territory()
	union := cl.Neutral
	for c := range p.Players() {
		if cl.Land[c]&union != 0 {
			t.Fatalf("%s's land overlaps another's or the neutral squares", grid.Color(c))
		}
		union |= cl.Land[c]
		if cl.Settled[c] != terr.Owned[c] {
			t.Fatalf("%s settled %v, engine says %v", grid.Color(c), cl.Settled[c].Squares(), terr.Owned[c].Squares())
		}
		if cl.Land[c]&cl.Settled[c] != cl.Settled[c] || cl.Land[c]&p.Stones(grid.Color(c)) != p.Stones(grid.Color(c)) {
			t.Fatalf("%s's land misses its settled land or stones", grid.Color(c))
		}
	}
	if union != grid.AllSquares {
		t.Fatalf("claims cover %d squares, not 49", union.Count())
	}
	all := evaluateAll(p)
	for c := range p.Players() {
		if got := Evaluate(p, grid.Color(c)); got != all[c] {
			t.Fatalf("Evaluate(%s) = %d, evaluateAll says %d", grid.Color(c), got, all[c])
		}
	}
}
