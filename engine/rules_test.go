package engine

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// rowWalls returns the walls on the north sides of a whole row (1-based),
// cutting the board between that row and the next.
func rowWalls(row int, by string) []Wall {
	var out []Wall
	for c := 0; c < grid.Size; c++ {
		out = append(out, Wall{Square: grid.SquareAt(c, row-1).String(), Side: "N", By: by})
	}
	return out
}

// position builds a position from a Board under rules.
func position(t *testing.T, rules Rules, b Diagram) Position {
	t.Helper()
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

func concat(lists ...[]Wall) []Wall {
	var out []Wall
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// TestScoring checks land, results and tie breaks on boards cut into bands
// of whole rows (a band of k rows is 7k squares).
func TestScoring(t *testing.T) {
	t.Parallel()
	// Rows 1-2 | row 3 | rows 4-6 | row 7.
	bands := concat(rowWalls(2, "red"), rowWalls(3, "blue"), rowWalls(6, "red"))
	tests := []struct {
		name     string
		rules    Rules
		board    Diagram
		over     bool
		score    [grid.MaxPlayers]int
		largest  [grid.MaxPlayers]int
		neutral  int
		open     int
		winners  uint8
		winner   grid.Color
		nRegions int
	}{
		{
			// Red: rows 1-2 (14) and row 3 (7) = 21 in two regions; Blue:
			// rows 4-6 (21) in one; row 7 neutral. Equal totals: the larger
			// single region (Blue's 21 against 14) wins.
			name:  "equal totals, largest region decides",
			rules: Rules{Players: 2, Opening: OpeningEmpty},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B2", "C3", "D3"}, "blue": {"A4", "B5", "C6", "D4"}},
				Walls:  bands, ToMove: "red", Phase: "over",
			},
			over: true, score: [4]int{21, 21}, largest: [4]int{14, 21}, neutral: 7,
			winners: 1 << grid.Blue, winner: grid.Blue, nRegions: 4,
		},
		{
			name:  "equal totals, no tie break: a draw",
			rules: Rules{Players: 2, Opening: OpeningEmpty, TieBreak: TieBreakNone},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B2", "C3", "D3"}, "blue": {"A4", "B5", "C6", "D4"}},
				Walls:  bands, ToMove: "red", Phase: "over",
			},
			over: true, score: [4]int{21, 21}, largest: [4]int{14, 21}, neutral: 7,
			winners: 1<<grid.Red | 1<<grid.Blue, winner: grid.NoColor, nRegions: 4,
		},
		{
			// Red rows 1-2 (14), row 3 neutral, Blue rows 4-5 (14), rows
			// 6-7 neutral: equal totals and equal regions.
			name:  "equal totals and regions: a draw",
			rules: Rules{Players: 2, Opening: OpeningEmpty},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B2", "C1", "D2"}, "blue": {"A4", "B5", "C4", "D5"}},
				Walls:  concat(rowWalls(2, "red"), rowWalls(3, "blue"), rowWalls(5, "red")),
				ToMove: "blue", Phase: "over",
			},
			over: true, score: [4]int{14, 14}, largest: [4]int{14, 14}, neutral: 21,
			winners: 1<<grid.Red | 1<<grid.Blue, winner: grid.NoColor, nRegions: 4,
		},
		{
			// Blue also holds row 7: 28 against 21.
			name:  "clear win",
			rules: Rules{Players: 2, Opening: OpeningEmpty, TieBreak: TieBreakNone},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B2", "C3", "D3"}, "blue": {"A4", "B5", "C6", "D7"}},
				Walls:  bands, ToMove: "red", Phase: "over",
			},
			over: true, score: [4]int{21, 28}, largest: [4]int{14, 21}, neutral: 0,
			winners: 1 << grid.Blue, winner: grid.Blue, nRegions: 4,
		},
		{
			// Rows 1-2 mixed (14 open), row 3 Red's, rows 4-6 Blue's: the
			// game goes on and the land so far is counted.
			name:  "ongoing: a mixed region",
			rules: Rules{Players: 2, Opening: OpeningEmpty},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B2", "C3", "D3"}, "blue": {"A2", "B5", "C6", "D4"}},
				Walls:  bands, ToMove: "red", Phase: "play",
			},
			over: false, score: [4]int{7, 21}, largest: [4]int{7, 21}, neutral: 7, open: 14,
			winners: 1 << grid.Blue, winner: grid.Blue, nRegions: 4,
		},
		{
			// Three players: Red rows 1-2 (14), Green row 3 (7) and row 7
			// (7) = 14, Blue rows 4-6 (21). Blue wins outright.
			name:  "three players",
			rules: Rules{Players: 3},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "G2"}, "green": {"C3", "D7"}, "blue": {"A4", "G6"}},
				Walls:  bands, ToMove: "red", Phase: "over",
			},
			over: true, score: [4]int{14, 21, 14}, largest: [4]int{14, 21, 7}, neutral: 0,
			winners: 1 << grid.Blue, winner: grid.Blue, nRegions: 4,
		},
		{
			// Red 14 in one region, Green 14 in two: Red wins on the tie
			// break; Blue (7) has the least. Without the tie break Red and
			// Green share the win.
			name:  "three players, tie break between two",
			rules: Rules{Players: 3},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "G2"}, "green": {"C3", "D7"}, "blue": {"A4", "G4"}},
				Walls:  concat(rowWalls(2, "red"), rowWalls(3, "green"), rowWalls(4, "blue"), rowWalls(6, "red")),
				ToMove: "red", Phase: "over",
			},
			over: true, score: [4]int{14, 7, 14}, largest: [4]int{14, 7, 7}, neutral: 14,
			winners: 1 << grid.Red, winner: grid.Red, nRegions: 5,
		},
		{
			name:  "three players, shared win without tie break",
			rules: Rules{Players: 3, TieBreak: TieBreakNone},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "G2"}, "green": {"C3", "D7"}, "blue": {"A4", "G4"}},
				Walls:  concat(rowWalls(2, "red"), rowWalls(3, "green"), rowWalls(4, "blue"), rowWalls(6, "red")),
				ToMove: "red", Phase: "over",
			},
			over: true, score: [4]int{14, 7, 14}, largest: [4]int{14, 7, 7}, neutral: 14,
			winners: 1<<grid.Red | 1<<grid.Green, winner: grid.NoColor, nRegions: 5,
		},
		{
			// Four players, one band each: rows 1-2 (14), 3 (7), 4-6 (21),
			// 7 (7).
			name:  "four players",
			rules: Rules{Players: 4},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B1"}, "blue": {"A3", "B3"}, "green": {"A5", "B6"}, "yellow": {"A7", "G7"}},
				Walls:  bands, ToMove: "red", Phase: "over",
			},
			over: true, score: [4]int{14, 7, 21, 7}, largest: [4]int{14, 7, 21, 7}, neutral: 0,
			winners: 1 << grid.Green, winner: grid.Green, nRegions: 4,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := position(t, tc.rules, tc.board)
			if p.IsOver() != tc.over {
				t.Fatalf("over = %v, want %v", p.IsOver(), tc.over)
			}
			res := p.Result()
			if res.Score != tc.score || res.Largest != tc.largest {
				t.Fatalf("scores %v largest %v, want %v %v", res.Score, res.Largest, tc.score, tc.largest)
			}
			if res.Neutral.Count() != tc.neutral || res.Open.Count() != tc.open {
				t.Fatalf("neutral %d open %d, want %d %d", res.Neutral.Count(), res.Open.Count(), tc.neutral, tc.open)
			}
			if res.Winners != tc.winners || res.Winner() != tc.winner {
				t.Fatalf("winners %04b (%s), want %04b (%s)", res.Winners, res.Winner(), tc.winners, tc.winner)
			}
			// Land, neutral and open squares partition the board.
			var all grid.Bitboard
			total := res.Neutral.Count() + res.Open.Count()
			for c := 0; c < grid.MaxPlayers; c++ {
				if res.Owned[c].Count() != res.Score[c] || all&res.Owned[c] != 0 {
					t.Fatalf("land of %s overlaps or miscounts", grid.Color(c))
				}
				all |= res.Owned[c]
				total += res.Score[c]
			}
			if all|res.Neutral|res.Open != grid.AllSquares || total != grid.NumSquares {
				t.Fatalf("land, neutral and open squares do not cover the board once")
			}
			regions := p.Regions()
			if len(regions) != tc.nRegions {
				t.Fatalf("%d regions, want %d", len(regions), tc.nRegions)
			}
			for i, r := range regions {
				if i > 0 && r.Squares.First() <= regions[i-1].Squares.First() {
					t.Fatalf("regions not ordered by their lowest square")
				}
				if r.Mixed != (r.Squares&res.Open != 0) || (r.Owner != grid.NoColor) != (r.Squares&all != 0) {
					t.Fatalf("region %v: owner %s mixed %v disagrees with Territory", r.Squares.Squares(), r.Owner, r.Mixed)
				}
				if r.Owner != grid.NoColor && r.Squares&res.Owned[r.Owner] != r.Squares {
					t.Fatalf("region %v is not %s's land", r.Squares.Squares(), r.Owner)
				}
			}
		})
	}
}

// TestWinnerDecoding checks Result.Winner on the bit sets.
func TestWinnerDecoding(t *testing.T) {
	t.Parallel()
	tests := []struct {
		winners uint8
		want    grid.Color
	}{
		{0, grid.NoColor}, {1, grid.Red}, {2, grid.Blue}, {4, grid.Green}, {8, grid.Yellow}, {3, grid.NoColor}, {12, grid.NoColor}, {15, grid.NoColor},
	}
	for _, tc := range tests {
		if got := (Result{Winners: tc.winners}).Winner(); got != tc.want {
			t.Errorf("Winners %04b: Winner() = %s, want %s", tc.winners, got, tc.want)
		}
	}
}

// TestFourStoneGameToTheEnd replays the hand-checked game of
// record_test.go and checks the end and its score.
func TestFourStoneGameToTheEnd(t *testing.T) {
	t.Parallel()
	g, err := Record{Moves: fourStoneGame}.Game()
	if err != nil {
		t.Fatal(err)
	}
	ps := g.Positions()
	for i, p := range ps[:len(ps)-1] {
		if p.IsOver() {
			t.Fatalf("over after %d moves", i)
		}
	}
	f := g.Final
	if !f.IsOver() || f.Phase() != Over || f.CountLegalMoves() != 0 {
		t.Fatalf("the game should be over")
	}
	if f.WallCount() != 16 || f.Ply() != 20 {
		t.Fatalf("%d walls after %d plies, want 16 after 20", f.WallCount(), f.Ply())
	}
	res := f.Result()
	if res.Score[grid.Red] != 41 || res.Score[grid.Blue] != 8 || res.Largest[grid.Blue] != 4 || res.Winner() != grid.Red {
		t.Fatalf("result %+v, want Red 41, Blue 8 in two regions of 4", res)
	}
	if got, want := res.Owned[grid.Blue], bb("A1", "B1", "A2", "B2", "F6", "G6", "F7", "G7"); got != want {
		t.Fatalf("Blue's land %v", got.Squares())
	}
	// Red's walls are Red's, Blue's Blue's.
	if f.WallBuilder(sq("D4"), grid.North) != grid.Red || f.WallBuilder(sq("D5"), grid.South) != grid.Red || f.WallBuilder(sq("F7"), grid.West) != grid.Blue || f.WallBuilder(sq("E7"), grid.East) != grid.Blue {
		t.Fatalf("wall builders wrong")
	}
	if f.WallBuilder(sq("A1"), grid.West) != grid.NoColor || f.WallBuilder(sq("C3"), grid.North) != grid.NoColor {
		t.Fatalf("builder reported where no wall stands")
	}
	for _, c := range []grid.Color{grid.Red, grid.Blue} {
		if n := f.WallsNorth(c).Count() + f.WallsEast(c).Count(); n != 8 {
			t.Fatalf("%s built %d walls, want 8", c, n)
		}
	}
	if f.WallsNorth(grid.Red)&f.WallsNorth(grid.Blue) != 0 || f.WallsEast(grid.Red)&f.WallsEast(grid.Blue) != 0 {
		t.Fatalf("a wall has two builders")
	}
}

// TestGameEndsWhenNoRegionIsMixed checks the end after the turn that
// separates the last mixed region, and not before. Walls on the north sides
// of row 2 cut rows 1-2 off, but for the gaps left open.
func TestGameEndsWhenNoRegionIsMixed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		rules  Rules
		board  Diagram
		move   string
		over   bool
		toMove grid.Color // when not over
	}{
		{
			// Only A2:N is open: Blue's A2 stone steps out to A3 and closes
			// it behind itself. Red alone below, Blue alone above.
			name:  "the closing wall",
			rules: Rules{Players: 2, Opening: OpeningEmpty},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B1", "C1", "D1"}, "blue": {"A2", "E5", "F5", "G5"}},
				Walls:  rowWalls(2, "red")[1:], ToMove: "blue", Phase: "play",
			},
			move: "A2-A3:S", over: true,
		},
		{
			// A2:N and B2:N open: closing A2:N leaves the way through B2.
			name:  "a wall that does not close",
			rules: Rules{Players: 2, Opening: OpeningEmpty},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B1", "C1", "D1"}, "blue": {"A2", "E5", "F5", "G5"}},
				Walls:  rowWalls(2, "red")[2:], ToMove: "blue", Phase: "play",
			},
			move: "A2-A3:S", over: false, toMove: grid.Red,
		},
		{
			// Three players: Green closes Red in below, but Green and Blue
			// share the top: not over. Red, next in order, is settled with
			// its break used and skipped: Blue moves.
			name:  "three players, still mixed elsewhere",
			rules: Rules{Players: 3},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B1"}, "green": {"A2", "E5"}, "blue": {"F5", "G5"}},
				Walls:  rowWalls(2, "red")[1:], ToMove: "green", Phase: "play", BreaksUsed: []string{"red"},
			},
			move: "A2-A3:S", over: false, toMove: grid.Blue,
		},
		{
			// Three players, three regions: Red below, Green in rows 3-4
			// (cut off by row 4's walls, open at G4:N), Blue above. Green
			// closes G4:N from G4.
			name:  "three players, the last mixed region closes",
			rules: Rules{Players: 3},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "B1"}, "green": {"A3", "G5"}, "blue": {"A6", "B6"}},
				Walls:  concat(rowWalls(2, "red"), rowWalls(4, "blue")[:6]), ToMove: "green", Phase: "play",
			},
			move: "G5-G4:N", over: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := position(t, tc.rules, tc.board)
			if p.IsOver() {
				t.Fatalf("over before the move")
			}
			if err := p.Play(mustMove(t, tc.move)); err != nil {
				t.Fatal(err)
			}
			if p.IsOver() != tc.over {
				t.Fatalf("over = %v after %s, want %v\n%s", p.IsOver(), tc.move, tc.over, describe(&p))
			}
			if tc.over {
				for c := grid.Color(0); c < grid.Color(p.Players()); c++ {
					if !p.Settled(c) {
						t.Errorf("%s not settled at the end", c)
					}
				}
				if n := len(p.LegalMoves(nil)); n != 0 {
					t.Errorf("%d legal moves in a finished game", n)
				}
				return
			}
			if p.ToMove() != tc.toMove {
				t.Fatalf("%s to move, want %s", p.ToMove(), tc.toMove)
			}
		})
	}
}

// TestTurnSkipping follows the player to move through turns where players
// are skipped: settled players in three- and four-player games, and players
// with no legal turn (under step-out).
func TestTurnSkipping(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules Rules
		board Diagram
		moves []string
		want  []grid.Color // to move after each move
	}{
		{
			// Red's two stones sit alone in {A1, A2} and its break is
			// used: settled, skipped every round.
			name:  "three players, settled player skipped",
			rules: Rules{Players: 3},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "A2"}, "blue": {"C3", "E5"}, "green": {"D4", "F6"}},
				Walls:  []Wall{{Square: "A2", Side: "N", By: "red"}, {Square: "A1", Side: "E", By: "red"}, {Square: "A2", Side: "E", By: "red"}},
				ToMove: "blue", Phase: "play", BreaksUsed: []string{"red"},
			},
			moves: []string{"C3-C3:N", "D4-D4:N", "C3-C3:E", "D4-D4:E"},
			want:  []grid.Color{grid.Green, grid.Blue, grid.Green, grid.Blue},
		},
		{
			// The same with Red's break unused: Red can still break out,
			// so it plays (seed 001).
			name:  "three players, settled player with its break plays",
			rules: Rules{Players: 3},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "A2"}, "blue": {"C3", "E5"}, "green": {"D4", "F6"}},
				Walls:  []Wall{{Square: "A2", Side: "N", By: "red"}, {Square: "A1", Side: "E", By: "red"}, {Square: "A2", Side: "E", By: "red"}},
				ToMove: "blue", Phase: "play",
			},
			moves: []string{"C3-C3:N", "D4-D4:N", "A1-A1:N"},
			want:  []grid.Color{grid.Green, grid.Red, grid.Blue},
		},
		{
			// Under settled=skip it is skipped all the same.
			name:  "three players, settled=skip skips a settled player with its break",
			rules: Rules{Players: 3, Settled: SettledSkip},
			board: Diagram{
				Stones: map[string][]string{"red": {"A1", "A2"}, "blue": {"C3", "E5"}, "green": {"D4", "F6"}},
				Walls:  []Wall{{Square: "A2", Side: "N", By: "red"}, {Square: "A1", Side: "E", By: "red"}, {Square: "A2", Side: "E", By: "red"}},
				ToMove: "blue", Phase: "play",
			},
			moves: []string{"C3-C3:N", "D4-D4:N", "C3-C3:E", "D4-D4:E"},
			want:  []grid.Color{grid.Green, grid.Blue, grid.Green, grid.Blue},
		},
		{
			// Four players: Blue and Yellow settled in corners; Red and
			// Green alternate.
			name:  "four players, two settled",
			rules: Rules{Players: 4},
			board: Diagram{
				Stones: map[string][]string{"red": {"C3", "E5"}, "blue": {"A1", "A2"}, "green": {"D4", "F6"}, "yellow": {"G7", "G6"}},
				Walls: []Wall{
					{Square: "A2", Side: "N", By: "blue"}, {Square: "A1", Side: "E", By: "blue"}, {Square: "A2", Side: "E", By: "blue"},
					{Square: "G6", Side: "S", By: "yellow"}, {Square: "G7", Side: "W", By: "yellow"}, {Square: "G6", Side: "W", By: "yellow"},
				},
				ToMove: "red", Phase: "play",
			},
			moves: []string{"C3-C3:N", "D4-D4:N", "C3-C3:E"},
			want:  []grid.Color{grid.Green, grid.Red, grid.Green},
		},
		{
			// Step-out, three players: each Green stone sits in a corner
			// with a wall on one side and a stone on the other. Green
			// cannot step out, so it cannot stay, and its break is spent:
			// no turn, skipped (but not settled: its regions hold other
			// stones). With the break unspent Green could break G1:N and
			// step out (TestBreak).
			name:  "three players, no legal turn skipped",
			rules: Rules{Players: 3, Stay: StayStepOut},
			board: Diagram{
				Stones:     map[string][]string{"red": {"A2", "D4"}, "blue": {"F1", "D6"}, "green": {"A1", "G1"}},
				Walls:      []Wall{{Square: "A1", Side: "E", By: "green"}, {Square: "G1", Side: "N", By: "green"}},
				BreaksUsed: []string{"green"},
				ToMove:     "red", Phase: "play",
			},
			moves: []string{"D4-D4:N", "D6-D6:N", "D4-D4:E"},
			want:  []grid.Color{grid.Blue, grid.Red, grid.Blue},
		},
		{
			// The same with Green's break unspent, but useless: behind
			// A1:E stands Red's B1, behind G1:N Blue's G2. Breaking would
			// leave Green without a turn, so Green has none: skipped.
			name:  "three players, only useless breaks: skipped",
			rules: Rules{Players: 3, Stay: StayStepOut},
			board: Diagram{
				Stones: map[string][]string{"red": {"A2", "B1"}, "blue": {"F1", "G2"}, "green": {"A1", "G1"}},
				Walls:  []Wall{{Square: "A1", Side: "E", By: "green"}, {Square: "G1", Side: "N", By: "green"}},
				ToMove: "red", Phase: "play",
			},
			moves: []string{"A2-A2:N", "G2-G2:N", "A2-A2:E"},
			want:  []grid.Color{grid.Blue, grid.Red, grid.Blue},
		},
		{
			// Step-out, two players: Blue's four stones are boxed the same
			// way, so Red moves again and again (staying keeps them boxed).
			name:  "two players, no legal turn skipped",
			rules: Rules{Players: 2, Opening: OpeningEmpty, Stay: StayStepOut},
			board: Diagram{
				Stones: map[string][]string{"red": {"A2", "F1", "A6", "G6"}, "blue": {"A1", "G1", "A7", "G7"}},
				Walls: []Wall{
					{Square: "A1", Side: "E", By: "blue"}, {Square: "G1", Side: "N", By: "blue"},
					{Square: "A7", Side: "E", By: "blue"}, {Square: "G7", Side: "W", By: "blue"},
				},
				ToMove: "red", Phase: "play",
			},
			moves: []string{"A2-A2:E", "F1-F1:N", "A2-A3:N"},
			// A2 leaving frees A1's north side: Blue may move again.
			want: []grid.Color{grid.Red, grid.Red, grid.Blue},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := position(t, tc.rules, tc.board)
			for i, text := range tc.moves {
				if err := p.Play(mustMove(t, text)); err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				if p.IsOver() || p.ToMove() != tc.want[i] {
					t.Fatalf("after %s: %s to move (over %v), want %s\n%s", text, p.ToMove(), p.IsOver(), tc.want[i], describe(&p))
				}
			}
		})
	}
}

// TestStartOfPlaySkipsBoxedRed: in a three-player step-out game Red's
// stones can end the setup boxed in by other stones (no walls yet). Red
// has no turn, so Blue opens the play phase; under stay=always Red may stay
// and opens it.
func TestStartOfPlaySkipsBoxedRed(t *testing.T) {
	t.Parallel()
	// Placement order R B G G B R.
	setup := []string{"A1", "A2", "B1", "G6", "F7", "G7"}
	tests := []struct {
		stay StayRule
		want grid.Color
	}{
		{StayStepOut, grid.Blue},
		{StayAlways, grid.Red},
	}
	for _, tc := range tests {
		t.Run(string(tc.stay), func(t *testing.T) {
			t.Parallel()
			p := mustPlay(t, Rules{Players: 3, Stay: tc.stay}, setup...)
			if p.Phase() != Play || p.ToMove() != tc.want {
				t.Fatalf("%s, %s to move; want play, %s", p.Phase(), p.ToMove(), tc.want)
			}
		})
	}
}

// TestDestinations checks where the stone on D4 (or A1) may end a turn:
// up to two orthogonal steps, turning a corner if it likes, never across a
// wall or through a stone; a square reached by two paths is one
// destination. Every expected set was worked out by hand.
func TestDestinations(t *testing.T) {
	t.Parallel()
	// Fillers far from the action keep the stone counts right.
	redFill := []string{"A7", "B7", "C7"}
	blueFill := []string{"E7", "F7", "G7", "G1"}
	tests := []struct {
		name  string
		stay  StayRule
		from  string
		red   []string // besides from and the fillers
		blue  []string // replacing the first fillers
		walls []Wall
		want  []string
	}{
		{
			name: "open board",
			from: "D4",
			want: []string{"D4", "D5", "D3", "C4", "E4", "D6", "D2", "B4", "F4", "C5", "E5", "C3", "E3"},
		},
		{
			// D5 and D6 are cut off; C5 and E5 are still reached round
			// the corner through C4 and E4.
			name:  "wall on the north side",
			from:  "D4",
			walls: []Wall{{Square: "D4", Side: "N", By: "red"}},
			want:  []string{"D4", "D3", "C4", "E4", "D2", "B4", "F4", "C5", "E5", "C3", "E3"},
		},
		{
			// C5 is now closed both ways (D4-D5 and C4-C5).
			name:  "two walls close a corner",
			from:  "D4",
			walls: []Wall{{Square: "D4", Side: "N", By: "red"}, {Square: "C5", Side: "S", By: "blue"}},
			want:  []string{"D4", "D3", "C4", "E4", "D2", "B4", "F4", "E5", "C3", "E3"},
		},
		{
			// A wall on the second step stops only the straight move.
			name:  "wall on the second step",
			from:  "D4",
			walls: []Wall{{Square: "D5", Side: "N", By: "red"}},
			want:  []string{"D4", "D5", "D3", "C4", "E4", "D2", "B4", "F4", "C5", "E5", "C3", "E3"},
		},
		{
			// A stone on E4 blocks E4 and F4 behind it; E5 and E3 are
			// reached through D5 and D3.
			name: "stone in the way",
			from: "D4",
			blue: []string{"E4"},
			want: []string{"D4", "D5", "D3", "C4", "D6", "D2", "B4", "C5", "E5", "C3", "E3"},
		},
		{
			// Both ways to E5 closed: through E4 (stone) and D5 (wall).
			name:  "stone and wall",
			from:  "D4",
			blue:  []string{"E4"},
			walls: []Wall{{Square: "D4", Side: "N", By: "red"}},
			want:  []string{"D4", "D3", "C4", "D2", "B4", "C5", "C3", "E3"},
		},
		{
			// An own stone blocks like any other.
			name: "own stone in the way",
			from: "D4",
			red:  []string{"D3"},
			want: []string{"D4", "D5", "C4", "E4", "D6", "B4", "F4", "C5", "E5", "C3", "E3"},
		},
		{
			// B2 is reached by two paths (A2 and B1): one destination.
			name: "corner",
			from: "A1",
			want: []string{"A1", "A2", "B1", "A3", "B2", "C1"},
		},
		{
			// Four walls: nothing to reach, no side to build on, no stay.
			name:  "walled in",
			from:  "D4",
			walls: []Wall{{Square: "D4", Side: "N", By: "red"}, {Square: "D4", Side: "E", By: "red"}, {Square: "D4", Side: "S", By: "blue"}, {Square: "D4", Side: "W", By: "blue"}},
			want:  nil,
		},
		{
			// Boxed in by stones: under stay=always it may stay (sides are
			// free to build on); under step-out it may not.
			name: "boxed in by stones, stay always",
			from: "D4",
			blue: []string{"D5", "D3", "C4", "E4"},
			want: []string{"D4"},
		},
		{
			name: "boxed in by stones, step-out",
			stay: StayStepOut,
			from: "D4",
			blue: []string{"D5", "D3", "C4", "E4"},
			want: nil,
		},
		{
			// One way out (west): step-out may stay by going to C4 and
			// back.
			name:  "one way out, step-out",
			stay:  StayStepOut,
			from:  "D4",
			walls: []Wall{{Square: "D4", Side: "N", By: "red"}, {Square: "D4", Side: "E", By: "red"}, {Square: "D4", Side: "S", By: "blue"}},
			want:  []string{"D4", "C4", "B4", "C5", "C3"},
		},
		{
			name: "open board, step-out",
			stay: StayStepOut,
			from: "D4",
			want: []string{"D4", "D5", "D3", "C4", "E4", "D6", "D2", "B4", "F4", "C5", "E5", "C3", "E3"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			red := append([]string{tc.from}, tc.red...)
			red = append(red, redFill[:4-len(red)]...)
			blue := append(append([]string{}, tc.blue...), blueFill[:4-len(tc.blue)]...)
			rules := Rules{Players: 2, Opening: OpeningEmpty, Stay: tc.stay}
			p := position(t, rules, Diagram{
				Stones: map[string][]string{"red": red, "blue": blue},
				Walls:  tc.walls, ToMove: "red", Phase: "play",
			})
			from := sq(tc.from)
			got := p.Destinations(from)
			if want := bb(tc.want...); got != want {
				t.Fatalf("Destinations(%s) = %v, want %v", tc.from, got.Squares(), want.Squares())
			}
			// The legal turns of that stone: each destination once, with
			// each side where a wall can go.
			var buf [MaxMoves]grid.Move
			n := 0
			seen := map[grid.Move]bool{}
			for _, m := range p.LegalMoves(buf[:0]) {
				if m.From != from {
					continue
				}
				if seen[m] {
					t.Fatalf("%s listed twice", m)
				}
				seen[m] = true
				n++
			}
			want := 0
			for _, s := range got.Squares() {
				for _, d := range grid.AllSides {
					if s.Neighbor(d) != grid.NoSquare && !p.HasWall(s, d) {
						want++
					}
				}
			}
			if n != want {
				t.Fatalf("%d turns of the stone on %s, want %d", n, tc.from, want)
			}
			if tc.name == "open board" && n != 13*4 {
				t.Fatalf("open board: %d turns, want 52", n)
			}
		})
	}
}

// TestStepDistances checks the walking distances of a stone.
func TestStepDistances(t *testing.T) {
	t.Parallel()
	p := position(t, Rules{Players: 2, Opening: OpeningEmpty}, Diagram{
		Stones: map[string][]string{"red": {"A1", "G7", "F7", "E7"}, "blue": {"C1", "G1", "G2", "A7"}},
		// A wall on A1's north side: A2 is reached round by B1, B2.
		Walls:  []Wall{{Square: "A1", Side: "N", By: "red"}},
		ToMove: "red", Phase: "play",
	})
	d := p.StepDistances(sq("A1"))
	tests := []struct {
		s    string
		want int8
	}{
		{"A1", 0}, {"B1", 1}, {"B2", 2}, {"A2", 3}, {"A3", 4}, {"C2", 3}, {"D1", 5}, // C1 holds a stone: D1 via C2, D2
		{"C1", grid.Unreachable}, {"G1", grid.Unreachable}, {"G7", grid.Unreachable},
		{"F1", 7}, // D2, E2, F2, F1 (G-file stones don't matter)
		{"B7", 7}, // B2 .. B7
	}
	for _, tc := range tests {
		if got := d[sq(tc.s)]; got != tc.want {
			t.Errorf("distance A1 -> %s = %d, want %d", tc.s, got, tc.want)
		}
	}
	// A2 is two steps by the path but needs three: not a destination.
	if p.Destinations(sq("A1")).Has(sq("A2")) {
		t.Errorf("A2 should not be a destination of A1")
	}
}

// TestReachability checks Reach, Exclusive and Shared on a small case.
func TestReachability(t *testing.T) {
	t.Parallel()
	p := position(t, Rules{Players: 2, Opening: OpeningEmpty}, Diagram{
		Stones: map[string][]string{"red": {"A1", "A3", "G7", "F7"}, "blue": {"C1", "G1", "E7", "D7"}},
		Walls: []Wall{
			// Box G7/F7 and E7/D7 so that they reach little.
			{Square: "F7", Side: "W", By: "red"}, {Square: "F7", Side: "S", By: "red"}, {Square: "G7", Side: "S", By: "red"},
			{Square: "E7", Side: "S", By: "blue"}, {Square: "D7", Side: "S", By: "blue"}, {Square: "D7", Side: "W", By: "blue"},
			{Square: "G1", Side: "N", By: "blue"},
		},
		ToMove: "red", Phase: "play",
	})
	r := p.Reachability()
	// A1: A1, A2, B1, B2 (A3 and C1 hold stones). A3: A3, A2, A4, B3, A5,
	// B4, B2, C3. G7/F7: themselves only (each blocks the other). Blue C1:
	// C1, B1, D1, C2, E1, D2, B2, C3 (A1 holds a stone). G1: G1, F1, E1,
	// F2. E7/D7: themselves.
	wantRed := bb("A1", "A2", "B1", "B2", "A3", "A4", "B3", "A5", "B4", "C3", "G7", "F7")
	wantBlue := bb("C1", "B1", "D1", "C2", "E1", "D2", "B2", "C3", "G1", "F1", "F2", "E7", "D7")
	if r.Reach[grid.Red] != wantRed || p.Reach(grid.Red) != wantRed {
		t.Errorf("red reach %v, want %v", r.Reach[grid.Red].Squares(), wantRed.Squares())
	}
	if r.Reach[grid.Blue] != wantBlue {
		t.Errorf("blue reach %v, want %v", r.Reach[grid.Blue].Squares(), wantBlue.Squares())
	}
	if want := bb("B1", "B2", "C3"); r.Shared != want {
		t.Errorf("shared %v, want %v", r.Shared.Squares(), want.Squares())
	}
	if r.Exclusive[grid.Red] != wantRed&^r.Shared || r.Exclusive[grid.Blue] != wantBlue&^r.Shared || r.Exclusive[grid.Green] != 0 {
		t.Errorf("exclusive sets wrong")
	}
}

// breakBoard is a three-player position where Green's stones are boxed in:
// A1 by a wall (A1:E) and Red's A2, G1 by a wall (G1:N) and Blue's F1.
// Under step-out Green can only break; xG1:N opens a way out, xA1:E does
// not (Red's B1 stands behind it).
func breakBoard(stay StayRule) (Rules, Diagram) {
	return Rules{Players: 3, Stay: stay}, Diagram{
		Stones: map[string][]string{"red": {"A2", "B1"}, "blue": {"F1", "D4"}, "green": {"A1", "G1"}},
		Walls:  []Wall{{Square: "A1", Side: "E", By: "green"}, {Square: "G1", Side: "N", By: "blue"}},
		ToMove: "green", Phase: "play",
	}
}

func TestBreak(t *testing.T) {
	t.Parallel()
	t.Run("step-out, only breaks", func(t *testing.T) {
		t.Parallel()
		rules, b := breakBoard(StayStepOut)
		p := position(t, rules, b)
		got := moveSet(t, p.LegalMoves(nil))
		want := map[grid.Move]bool{mustMove(t, "xA1:E"): true, mustMove(t, "xG1:N"): true}
		if d := diffSets(got, want); d != "" {
			t.Fatalf("legal moves:%s", d)
		}
		// Red's B1 is next to A1:E too: Red could break it.
		b.ToMove = "red"
		q := position(t, rules, b)
		var breaks []string
		for _, m := range q.LegalMoves(nil) {
			if m.Kind == grid.Break {
				breaks = append(breaks, m.String())
			}
		}
		if strings.Join(breaks, " ") != "xA1:E" {
			t.Fatalf("Red's breaks %v, want xA1:E", breaks)
		}
	})
	t.Run("break, then the same player moves", func(t *testing.T) {
		t.Parallel()
		rules, b := breakBoard(StayStepOut)
		p := position(t, rules, b)
		if err := p.Play(mustMove(t, "G xG1:N")); err != nil {
			t.Fatal(err)
		}
		if p.ToMove() != grid.Green || !p.MidTurn() || !p.BreakUsed(grid.Green) || p.BreakUsed(grid.Red) || p.WallCount() != 1 || p.HasWall(sq("G1"), grid.North) {
			t.Fatalf("after the break: %s", describe(&p))
		}
		// G1 may go to G2, G3, F2 or back to G1 (out to G2 and back):
		// 2 + 3 + 3 + 4 walls; A1 is still stuck; no second break.
		moves := p.LegalMoves(nil)
		if len(moves) != 12 {
			t.Fatalf("%d moves after the break, want 12: %v", len(moves), moves)
		}
		for _, m := range moves {
			if m.Kind != grid.Turn || m.From != sq("G1") {
				t.Fatalf("unexpected %s after the break", m)
			}
		}
		if err := p.Play(mustMove(t, "G1-G2:S")); err != nil {
			t.Fatal(err)
		}
		if p.ToMove() != grid.Red || p.MidTurn() || p.WallCount() != 2 || p.WallBuilder(sq("G1"), grid.North) != grid.Green {
			t.Fatalf("after the turn: %s", describe(&p))
		}
	})
	t.Run("break that leaves no turn ends the turn", func(t *testing.T) {
		t.Parallel()
		rules, b := breakBoard(StayStepOut)
		p := position(t, rules, b)
		if err := p.Play(mustMove(t, "xA1:E")); err != nil {
			t.Fatal(err)
		}
		if p.ToMove() != grid.Red || p.MidTurn() || !p.BreakUsed(grid.Green) || p.WallCount() != 1 || p.Hash() != p.computeHash() {
			t.Fatalf("after a break with no turn to follow: %s", describe(&p))
		}
		if err := p.Play(mustMove(t, "A2-A3:N")); err != nil { // Red; A2 empties
			t.Fatal(err)
		}
		// A2 is free now: Green's A1 can step out again.
		if err := p.Play(mustMove(t, "D4-D4:N")); err != nil { // Blue
			t.Fatal(err)
		}
		if p.ToMove() != grid.Green {
			t.Fatalf("%s to move, want Green (A2 is free)", p.ToMove())
		}
	})
	t.Run("spent break, boxed in: skipped", func(t *testing.T) {
		t.Parallel()
		rules, b := breakBoard(StayStepOut)
		b.BreaksUsed = []string{"green"}
		b.ToMove = "red"
		p := position(t, rules, b)
		for _, text := range []string{"B1-C1:N", "D4-D4:N"} {
			if err := p.Play(mustMove(t, text)); err != nil {
				t.Fatal(err)
			}
		}
		// B1 moved but A1:E still stands; A2 still blocks: Green skipped.
		if p.ToMove() != grid.Red {
			t.Fatalf("%s to move, want Red (Green has no turn)", p.ToMove())
		}
	})
	t.Run("stay always: break and stay", func(t *testing.T) {
		t.Parallel()
		rules, b := breakBoard(StayAlways)
		p := position(t, rules, b)
		if err := p.Play(mustMove(t, "xA1:E")); err != nil {
			t.Fatal(err)
		}
		if p.ToMove() != grid.Green || !p.MidTurn() {
			t.Fatalf("after the break: %s", describe(&p))
		}
		// A1 may stay and build on N or E (B1 and A2 hold stones); G1
		// cannot move (G1:N stands, F1 holds a stone) but may stay and
		// build on W.
		got := moveSet(t, p.LegalMoves(nil))
		want := map[grid.Move]bool{mustMove(t, "A1-A1:N"): true, mustMove(t, "A1-A1:E"): true, mustMove(t, "G1-G1:W"): true}
		if d := diffSets(got, want); d != "" {
			t.Fatalf("legal moves:%s", d)
		}
	})
	t.Run("errors", func(t *testing.T) {
		t.Parallel()
		tests := []struct {
			rules Rules
			moves []string
			brk   string
			want  string
		}{
			{Rules{Players: 3}, nil, "xD4:E", "breaks are made in the play phase"},
			{Rules{Players: 4}, []string{"A1", "B1", "C1", "D1", "E1", "F1", "G1", "A2", "A1-A1:N"}, "xA1:N", "only in three-player games"},
			{Rules{Players: 2}, []string{"C3", "E3", "C5", "E5", "C3-C3:N"}, "xC3:N", "only in three-player games"},
		}
		for _, tc := range tests {
			p := mustPlay(t, tc.rules, tc.moves...)
			err := p.CheckMove(mustMove(t, tc.brk))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s %s: %v, want %q", tc.rules, tc.brk, err, tc.want)
			}
		}
		// A break given in non-canonical form is refused.
		rules, b := breakBoard(StayStepOut)
		p := position(t, rules, b)
		if err := p.CheckMove(grid.Move{Kind: grid.Break, To: sq("B1"), Side: grid.West}); err == nil || !strings.Contains(err.Error(), "not a wall slot") {
			t.Errorf("non-canonical break: %v", err)
		}
	})
}
