package engine

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

func TestParseSquare(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text    string
		want    grid.Square
		col     int
		row     int
		wantErr string
	}{
		{text: "A1", want: 0, col: 0, row: 0},
		{text: "G1", want: 6, col: 6, row: 0},
		{text: "A2", want: 7, col: 0, row: 1},
		{text: "C3", want: 16, col: 2, row: 2},
		{text: "D4", want: 24, col: 3, row: 3},
		{text: "G7", want: 48, col: 6, row: 6},
		{text: "c3", want: 16, col: 2, row: 2},
		{text: "g7", want: 48, col: 6, row: 6},
		{text: "H1", wantErr: "column must be A-G"},
		{text: "h1", wantErr: "column must be A-G"},
		{text: "A0", wantErr: "row must be 1-7"},
		{text: "A8", wantErr: "row must be 1-7"},
		{text: "1A", wantErr: "column must be A-G"},
		{text: "", wantErr: "want a column letter"},
		{text: "C", wantErr: "want a column letter"},
		{text: "C10", wantErr: "want a column letter"},
		{text: " C3", wantErr: "want a column letter"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			t.Parallel()
			got, err := grid.ParseSquare(tc.text)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseSquare(%q) = %v, %v; want error containing %q", tc.text, got, err, tc.wantErr)
				}
				if got != grid.NoSquare {
					t.Errorf("ParseSquare(%q) returned %d with its error, want NoSquare", tc.text, got)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("ParseSquare(%q) = %d, %v; want %d", tc.text, got, err, tc.want)
			}
			if got.Col() != tc.col || got.Row() != tc.row {
				t.Errorf("%s: col %d row %d, want %d %d", got, got.Col(), got.Row(), tc.col, tc.row)
			}
			if got != grid.SquareAt(tc.col, tc.row) {
				t.Errorf("SquareAt(%d, %d) = %d, want %d", tc.col, tc.row, grid.SquareAt(tc.col, tc.row), got)
			}
			if s := got.String(); s != strings.ToUpper(tc.text) {
				t.Errorf("String() = %q, want %q", s, strings.ToUpper(tc.text))
			}
		})
	}
}

func TestSquareStringRoundTrip(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for s := grid.Square(0); s < grid.NumSquares; s++ {
		text := s.String()
		if seen[text] {
			t.Fatalf("%q names two squares", text)
		}
		seen[text] = true
		back, err := grid.ParseSquare(text)
		if err != nil || back != s {
			t.Fatalf("ParseSquare(%q) = %d, %v; want %d", text, back, err, s)
		}
	}
	for _, s := range []grid.Square{grid.NoSquare, grid.NumSquares, 100} {
		if s.Valid() || s.String() != "??" {
			t.Errorf("square %d: Valid %v String %q, want false ??", s, s.Valid(), s.String())
		}
	}
}

func TestParseSide(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text    string
		want    grid.Side
		wantErr bool
	}{
		{"N", grid.North, false}, {"n", grid.North, false},
		{"E", grid.East, false}, {"e", grid.East, false},
		{"S", grid.South, false}, {"s", grid.South, false},
		{"W", grid.West, false}, {"w", grid.West, false},
		{"", grid.NoSide, true}, {"X", grid.NoSide, true}, {"NE", grid.NoSide, true},
		{"north", grid.NoSide, true}, {" N", grid.NoSide, true},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			t.Parallel()
			got, err := grid.ParseSide(tc.text)
			if (err != nil) != tc.wantErr || got != tc.want {
				t.Fatalf("ParseSide(%q) = %v, %v; want %v, error %v", tc.text, got, err, tc.want, tc.wantErr)
			}
			if !tc.wantErr && got.String() != strings.ToUpper(tc.text) {
				t.Errorf("String() = %q", got.String())
			}
		})
	}
}

func TestSideGeometry(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s    string
		d    grid.Side
		want grid.Square // NoSquare at the edge
	}{
		{"D4", grid.North, sq("D5")}, {"D4", grid.East, sq("E4")}, {"D4", grid.South, sq("D3")}, {"D4", grid.West, sq("C4")},
		{"A1", grid.South, grid.NoSquare}, {"A1", grid.West, grid.NoSquare}, {"A1", grid.North, sq("A2")}, {"A1", grid.East, sq("B1")},
		{"G7", grid.North, grid.NoSquare}, {"G7", grid.East, grid.NoSquare}, {"G1", grid.East, grid.NoSquare}, {"A7", grid.North, grid.NoSquare},
		{"G4", grid.East, grid.NoSquare}, {"A4", grid.West, grid.NoSquare}, {"F7", grid.East, sq("G7")},
	}
	for _, tc := range tests {
		t.Run(tc.s+tc.d.String(), func(t *testing.T) {
			t.Parallel()
			if got := sq(tc.s).Neighbor(tc.d); got != tc.want {
				t.Fatalf("%s.Neighbor(%s) = %s, want %s", tc.s, tc.d, got, tc.want)
			}
			if tc.want != grid.NoSquare {
				if back := tc.want.Neighbor(tc.d.Opposite()); back != sq(tc.s) {
					t.Errorf("back across %s: %s, want %s", tc.d.Opposite(), back, tc.s)
				}
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text    string
		want    grid.Move
		colour  grid.Color
		canon   string // String() of the parsed move
		wantErr string // part of the error, if any
	}{
		// Placements.
		{text: "C3", want: grid.PlaceAt(sq("C3")), colour: grid.NoColor, canon: "C3"},
		{text: "c3", want: grid.PlaceAt(sq("C3")), colour: grid.NoColor, canon: "C3"},
		{text: " G7 ", want: grid.PlaceAt(sq("G7")), colour: grid.NoColor, canon: "G7"},
		{text: "R C3", want: grid.PlaceAt(sq("C3")), colour: grid.Red, canon: "C3"},
		{text: "b a1", want: grid.PlaceAt(sq("A1")), colour: grid.Blue, canon: "A1"},
		{text: "yellow D4", want: grid.PlaceAt(sq("D4")), colour: grid.Yellow, canon: "D4"},
		// Turns.
		{text: "E5-E3:N", want: grid.TurnMove(sq("E5"), sq("E3"), grid.North), colour: grid.NoColor, canon: "E5-E3:N"},
		{text: "e5-e3:n", want: grid.TurnMove(sq("E5"), sq("E3"), grid.North), colour: grid.NoColor, canon: "E5-E3:N"},
		{text: "D4-D4:S", want: grid.TurnMove(sq("D4"), sq("D4"), grid.South), colour: grid.NoColor, canon: "D4-D4:S"},
		{text: "B E5-E3:W", want: grid.TurnMove(sq("E5"), sq("E3"), grid.West), colour: grid.Blue, canon: "E5-E3:W"},
		{text: "G  A1-B2:E", want: grid.TurnMove(sq("A1"), sq("B2"), grid.East), colour: grid.Green, canon: "A1-B2:E"},
		// Not checked against a position: distance and the edge are
		// CheckMove's business.
		{text: "A1-G7:S", want: grid.TurnMove(sq("A1"), sq("G7"), grid.South), colour: grid.NoColor, canon: "A1-G7:S"},
		// Breaks, always in canonical form (north or east side).
		{text: "xD4:E", want: grid.Move{Kind: grid.Break, From: grid.NoSquare, To: sq("D4"), Side: grid.East}, colour: grid.NoColor, canon: "xD4:E"},
		{text: "xD4:N", want: grid.Move{Kind: grid.Break, From: grid.NoSquare, To: sq("D4"), Side: grid.North}, colour: grid.NoColor, canon: "xD4:N"},
		{text: "xD5:S", want: grid.Move{Kind: grid.Break, From: grid.NoSquare, To: sq("D4"), Side: grid.North}, colour: grid.NoColor, canon: "xD4:N"},
		{text: "xE4:W", want: grid.Move{Kind: grid.Break, From: grid.NoSquare, To: sq("D4"), Side: grid.East}, colour: grid.NoColor, canon: "xD4:E"},
		{text: "XD4:e", want: grid.Move{Kind: grid.Break, From: grid.NoSquare, To: sq("D4"), Side: grid.East}, colour: grid.NoColor, canon: "xD4:E"},
		{text: "G xD4:E", want: grid.Move{Kind: grid.Break, From: grid.NoSquare, To: sq("D4"), Side: grid.East}, colour: grid.Green, canon: "xD4:E"},
		// Errors.
		{text: "", wantErr: "empty"},
		{text: "   ", wantErr: "empty"},
		{text: "R ", wantErr: "want a placement"}, // trimmed to "R"
		{text: "hello", wantErr: "want a placement"},
		{text: "C3 E3", wantErr: "bad colour prefix"},
		{text: "Q C3", wantErr: "bad colour prefix"},
		{text: "R B C3", wantErr: "want a placement"},
		{text: "H3", wantErr: "column must be A-G"},
		{text: "C8", wantErr: "row must be 1-7"},
		{text: "C3-E3", wantErr: "want SQUARE:SIDE"},
		{text: "C3-E3:", wantErr: "wall side"},
		{text: "C3-E3:Q", wantErr: "wall side"},
		{text: "C3-E9:N", wantErr: "row must be 1-7"},
		{text: "Z3-E3:N", wantErr: "from"},
		{text: "-E3:N", wantErr: "from"},
		{text: "x", wantErr: "break"},
		{text: "xD4", wantErr: "want SQUARE:SIDE"},
		{text: "xD9:N", wantErr: "row must be 1-7"},
		{text: "xA1:S", wantErr: "board's edge"},
		{text: "xA1:W", wantErr: "board's edge"},
		{text: "xG7:N", wantErr: "board's edge"},
		{text: "xG3:E", wantErr: "board's edge"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			t.Parallel()
			m, colour, err := grid.ParseMove(tc.text)
			if tc.wantErr != "" {
				if err == nil {
					t.Fatalf("ParseMove(%q) = %v, want an error", tc.text, m)
				}
				if !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), "move ") {
					t.Fatalf("ParseMove(%q) error %q, want it to contain %q", tc.text, err, tc.wantErr)
				}
				if m != (grid.Move{}) || colour != grid.NoColor {
					t.Errorf("ParseMove(%q) returned %+v, %v with its error", tc.text, m, colour)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tc.text, err)
			}
			if m != tc.want || colour != tc.colour {
				t.Fatalf("ParseMove(%q) = %+v, %v; want %+v, %v", tc.text, m, colour, tc.want, tc.colour)
			}
			if s := m.String(); s != tc.canon {
				t.Errorf("String() = %q, want %q", s, tc.canon)
			}
		})
	}
}

func TestBreakWallCanonical(t *testing.T) {
	t.Parallel()
	for s := grid.Square(0); s < grid.NumSquares; s++ {
		for _, d := range grid.AllSides {
			m, ok := grid.BreakWall(s, d)
			if n := s.Neighbor(d); (n != grid.NoSquare) != ok {
				t.Fatalf("BreakWall(%s, %s) ok=%v, but the neighbour is %s", s, d, ok, n)
			}
			if !ok {
				continue
			}
			if m.Side != grid.North && m.Side != grid.East {
				t.Fatalf("BreakWall(%s, %s) = %v: not canonical", s, d, m)
			}
			// The same wall named from the other side is the same move.
			other, ok := grid.BreakWall(s.Neighbor(d), d.Opposite())
			if !ok || other != m {
				t.Fatalf("BreakWall from the other side: %v %v, want %v", other, ok, m)
			}
			// The canonical square is the lower or left one of the two.
			if lo := min(s, s.Neighbor(d)); m.To != lo {
				t.Fatalf("BreakWall(%s, %s) names %s, want %s", s, d, m.To, lo)
			}
		}
	}
}

// TestMoveStringRoundTrip formats every move of many positions and parses
// it back, with and without a colour prefix.
func TestMoveStringRoundTrip(t *testing.T) {
	t.Parallel()
	var buf [MaxMoves]grid.Move
	n := 0
	kinds := map[grid.MoveKind]int{}
	for _, tp := range randomPositions(11, 1) {
		for _, m := range tp.p.LegalMoves(buf[:0]) {
			n++
			kinds[m.Kind]++
			text := m.String()
			back, colour, err := grid.ParseMove(text)
			if err != nil || back != m || colour != grid.NoColor {
				t.Fatalf("ParseMove(%q) = %+v, %v, %v; want %+v", text, back, colour, err, m)
			}
			prefixed := tp.p.ToMove().Letter() + " " + strings.ToLower(text)
			back, colour, err = grid.ParseMove(prefixed)
			if err != nil || back != m || colour != tp.p.ToMove() {
				t.Fatalf("ParseMove(%q) = %+v, %v, %v; want %+v, %v", prefixed, back, colour, err, m, tp.p.ToMove())
			}
		}
	}
	if kinds[grid.Place] == 0 || kinds[grid.Turn] == 0 || kinds[grid.Break] == 0 {
		t.Fatalf("moves of every kind should be tried: %v", kinds)
	}
	if (grid.Move{}).String() != "(none)" {
		t.Errorf("zero move: %q", grid.Move{}.String())
	}
}

func TestParseColor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want grid.Color
	}{
		{"R", grid.Red}, {"r", grid.Red}, {"red", grid.Red}, {"Red", grid.Red}, {"RED", grid.Red},
		{"B", grid.Blue}, {"blue", grid.Blue}, {"G", grid.Green}, {"green", grid.Green}, {"Y", grid.Yellow}, {"yellow", grid.Yellow},
		{"", grid.NoColor}, {"x", grid.NoColor}, {"purple", grid.NoColor}, {"rEd", grid.NoColor},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			t.Parallel()
			got, err := grid.ParseColor(tc.text)
			if got != tc.want || (err != nil) != (tc.want == grid.NoColor) {
				t.Fatalf("ParseColor(%q) = %v, %v; want %v", tc.text, got, err, tc.want)
			}
			if got != grid.NoColor {
				for _, name := range []string{got.String(), got.Letter()} {
					if back, err := grid.ParseColor(name); err != nil || back != got {
						t.Errorf("ParseColor(%q) = %v, %v", name, back, err)
					}
				}
			}
		})
	}
	if grid.NoColor.String() != "none" || grid.NoColor.Letter() != "?" {
		t.Errorf("NoColor: %q %q", grid.NoColor.String(), grid.NoColor.Letter())
	}
}
