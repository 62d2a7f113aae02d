package records

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
)

// rowNorth returns the walls on the north side of every square of row
// (1-based), built by by: they cut the rows below from those above.
func rowNorth(row int, by string) []engine.Wall {
	var out []engine.Wall
	for c := range grid.Size {
		out = append(out, engine.Wall{Square: grid.SquareAt(c, row-1).String(), Side: "N", By: by})
	}
	return out
}

// legalStrings returns the legal moves of rec's final position formatted
// by Move.String, replayed by the engine alone.
func legalStrings(t *testing.T, rec engine.Record) []string {
	t.Helper()
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, m := range g.Final.LegalMoves(nil) {
		out = append(out, m.String())
	}
	return out
}

// TestPositionStates: the state, legal moves, movers and skipped turns of
// final positions in every phase, for two, three and four players.
func TestPositionStates(t *testing.T) {
	t.Parallel()
	fourStone := []string{"B6", "F2", "B2", "F6"}
	// Red boxed in {A1, A2}, settled (TestTurnSkipping's board).
	boxedRed := []engine.Wall{{Square: "A2", Side: "N", By: "red"}, {Square: "A1", Side: "E", By: "red"}, {Square: "A2", Side: "E", By: "red"}}
	tests := []struct {
		name       string
		rec        engine.Record
		phase      string
		toMove     string
		midTurn    bool
		setup      SetupProgress
		legal      []string // nil: those of the engine's own replay
		movers     []string
		skipped    []SkippedTurns
		breaksUsed []string
		territory  map[string]int
	}{
		{
			name:  "empty opening, start",
			rec:   engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}},
			phase: "setup", toMove: "red", setup: SetupProgress{0, 8},
			legal:  squaresExcept(),
			movers: []string{}, skipped: []SkippedTurns{}, territory: map[string]int{"red": 0, "blue": 0},
		},
		{
			name:  "four-stone opening, start",
			rec:   engine.Record{},
			phase: "setup", toMove: "red", setup: SetupProgress{0, 4},
			legal:  squaresExcept(fourStone...),
			movers: []string{}, skipped: []SkippedTurns{}, territory: map[string]int{"red": 0, "blue": 0},
		},
		{
			name:  "four-stone opening, two placements",
			rec:   engine.Record{Moves: []string{"C3", "E3"}},
			phase: "setup", toMove: "blue", setup: SetupProgress{2, 4},
			legal:  squaresExcept(append([]string{"C3", "E3"}, fourStone...)...),
			movers: []string{"red", "blue"}, skipped: []SkippedTurns{}, territory: map[string]int{"red": 0, "blue": 0},
		},
		{
			name:  "empty opening, play phase",
			rec:   engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}, Moves: []string{"A1", "B3", "C5", "D4", "F2", "E6", "G7", "C2", "D4-D6:E"}},
			phase: "play", toMove: "blue", setup: SetupProgress{8, 8},
			movers:  []string{"red", "blue", "blue", "red", "red", "blue", "blue", "red", "red"},
			skipped: []SkippedTurns{}, territory: map[string]int{"red": 0, "blue": 0},
		},
		{
			name: "three players, a wall break leaves red mid-turn",
			rec: engine.Record{Rules: engine.Rules{Players: 3}, Board: &engine.Diagram{
				Stones: map[string][]string{"red": {"C3", "E5"}, "blue": {"A7", "G1"}, "green": {"A1", "G7"}},
				Walls:  []engine.Wall{{Square: "C3", Side: "N", By: "blue"}}, ToMove: "red", Phase: "play",
			}, Moves: []string{"R xC3:N"}},
			phase: "play", toMove: "red", midTurn: true, setup: SetupProgress{6, 6},
			movers: []string{"red"}, skipped: []SkippedTurns{}, breaksUsed: []string{"red"},
			territory: map[string]int{"red": 0, "blue": 0, "green": 0},
		},
		{
			name: "three players, the turn after the break",
			rec: engine.Record{Rules: engine.Rules{Players: 3}, Board: &engine.Diagram{
				Stones: map[string][]string{"red": {"C3", "E5"}, "blue": {"A7", "G1"}, "green": {"A1", "G7"}},
				Walls:  []engine.Wall{{Square: "C3", Side: "N", By: "blue"}}, ToMove: "red", Phase: "play",
			}, Moves: []string{"R xC3:N", "R C3-C4:N"}},
			phase: "play", toMove: "blue", setup: SetupProgress{6, 6},
			movers: []string{"red", "red"}, skipped: []SkippedTurns{}, breaksUsed: []string{"red"},
			territory: map[string]int{"red": 0, "blue": 0, "green": 0},
		},
		{
			// Red's break is used: settled, it is skipped.
			name: "three players, settled red skipped",
			rec: engine.Record{Rules: engine.Rules{Players: 3}, Board: &engine.Diagram{
				Stones: map[string][]string{"red": {"A1", "A2"}, "blue": {"C3", "E5"}, "green": {"D4", "F6"}},
				Walls:  boxedRed, ToMove: "blue", Phase: "play", BreaksUsed: []string{"red"},
			}, Moves: []string{"C3-C3:N", "D4-D4:N", "C3-C3:E"}},
			phase: "play", toMove: "green", setup: SetupProgress{6, 6},
			movers:  []string{"blue", "green", "blue"},
			skipped: []SkippedTurns{{Ply: 2, Players: []string{"red"}}}, breaksUsed: []string{"red"},
			territory: map[string]int{"red": 2, "blue": 0, "green": 0},
		},
		{
			name: "four players, blue and yellow settled",
			rec: engine.Record{Rules: engine.Rules{Players: 4}, Board: &engine.Diagram{
				Stones: map[string][]string{"red": {"C3", "E5"}, "blue": {"A1", "A2"}, "green": {"D4", "F6"}, "yellow": {"G7", "G6"}},
				Walls: []engine.Wall{
					{Square: "A2", Side: "N", By: "blue"}, {Square: "A1", Side: "E", By: "blue"}, {Square: "A2", Side: "E", By: "blue"},
					{Square: "G6", Side: "S", By: "yellow"}, {Square: "G7", Side: "W", By: "yellow"}, {Square: "G6", Side: "W", By: "yellow"},
				},
				ToMove: "red", Phase: "play",
			}, Moves: []string{"C3-C3:N", "D4-D4:N"}},
			phase: "play", toMove: "red", setup: SetupProgress{8, 8},
			movers:    []string{"red", "green"},
			skipped:   []SkippedTurns{{Ply: 1, Players: []string{"blue"}}, {Ply: 2, Players: []string{"yellow"}}},
			territory: map[string]int{"red": 0, "blue": 2, "green": 0, "yellow": 2},
		},
		{
			name: "two players under step-out, boxed blue skipped",
			rec: engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty, Stay: engine.StayStepOut}, Board: &engine.Diagram{
				Stones: map[string][]string{"red": {"A2", "F1", "A6", "G6"}, "blue": {"A1", "G1", "A7", "G7"}},
				Walls: []engine.Wall{
					{Square: "A1", Side: "E", By: "blue"}, {Square: "G1", Side: "N", By: "blue"},
					{Square: "A7", Side: "E", By: "blue"}, {Square: "G7", Side: "W", By: "blue"},
				},
				ToMove: "red", Phase: "play",
			}, Moves: []string{"A2-A2:E", "F1-F1:N", "A2-A3:N"}},
			phase: "play", toMove: "blue", setup: SetupProgress{8, 8},
			movers:    []string{"red", "red", "red"},
			skipped:   []SkippedTurns{{Ply: 1, Players: []string{"blue"}}, {Ply: 2, Players: []string{"blue"}}},
			territory: map[string]int{"red": 0, "blue": 0},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v, err := PositionOf(tc.rec, analysis.DefaultLimits())
			if err != nil {
				t.Fatal(err)
			}
			legal := tc.legal
			if legal == nil {
				legal = legalStrings(t, tc.rec)
			}
			if v.Phase != tc.phase || v.Board.Phase != tc.phase || v.ToMove != tc.toMove || v.MidTurn != tc.midTurn || v.Board.MidTurn != tc.midTurn {
				t.Errorf("phase %q (board %q), to move %q, mid-turn %v (board %v); want %q, %q, %v",
					v.Phase, v.Board.Phase, v.ToMove, v.MidTurn, v.Board.MidTurn, tc.phase, tc.toMove, tc.midTurn)
			}
			if v.Setup != tc.setup || v.Plies != len(tc.rec.Moves) || v.Result != nil {
				t.Errorf("setup %+v, plies %d, result %+v; want %+v, %d, none", v.Setup, v.Plies, v.Result, tc.setup, len(tc.rec.Moves))
			}
			if got, want := sorted(v.LegalMoves), sorted(legal); !slices.Equal(got, want) {
				t.Errorf("legal moves %v\nwant %v", got, want)
			}
			if len(v.LegalMoves) == 0 || slices.ContainsFunc(v.LegalMoves, func(m string) bool { return m[0] == 'x' }) && tc.midTurn {
				t.Errorf("legal moves %v: none, or a break mid-turn", v.LegalMoves)
			}
			if !reflect.DeepEqual(v.Movers, tc.movers) || !reflect.DeepEqual(v.Skipped, tc.skipped) {
				t.Errorf("movers %v, skipped %+v; want %v, %+v", v.Movers, v.Skipped, tc.movers, tc.skipped)
			}
			if !reflect.DeepEqual(v.Board.BreaksUsed, tc.breaksUsed) || !reflect.DeepEqual(v.Territory, tc.territory) {
				t.Errorf("breaks used %v, territory %v; want %v, %v", v.Board.BreaksUsed, v.Territory, tc.breaksUsed, tc.territory)
			}
			// The diagram sent back as a board gives the same position.
			again, err := PositionOf(engine.Record{Rules: v.Rules, Board: &v.Board}, analysis.DefaultLimits())
			if err != nil {
				t.Fatalf("the answer's board as a record's: %v", err)
			}
			if !slices.Equal(sorted(again.LegalMoves), sorted(v.LegalMoves)) || again.ToMove != v.ToMove {
				t.Errorf("the answer's board gives %s to move with %v", again.ToMove, again.LegalMoves)
			}
		})
	}
}

// TestPositionFinished: a finished game has no legal moves and no player
// to move, and its result says who won and what decided it.
func TestPositionFinished(t *testing.T) {
	t.Parallel()
	// Red in rows 1-3 (21 squares, one region), row 4 empty, Blue in rows
	// 5-7 cut in two by walls east of D5..D7 (12 and 9 squares): equal
	// totals, Red's largest region is larger.
	tied := func(tie engine.TieBreak) engine.Record {
		walls := append(rowNorth(3, "red"), rowNorth(4, "blue")...)
		for _, s := range []string{"D5", "D6", "D7"} {
			walls = append(walls, engine.Wall{Square: s, Side: "E", By: "blue"})
		}
		return engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty, TieBreak: tie}, Board: &engine.Diagram{
			Stones: map[string][]string{"red": {"A1", "B1", "C1", "D1"}, "blue": {"A5", "B5", "F5", "G5"}},
			Walls:  walls, ToMove: "red", Phase: "over",
		}, Moves: []string{}}
	}
	tests := []struct {
		name    string
		rec     engine.Record
		movers  []string
		scores  map[string]int
		largest map[string]int
		winners []string
		decided string
	}{
		{
			// The closing wall (TestGameEndsWhenNoRegionIsMixed): Blue's A2
			// stone steps to A3 and closes rows 1-2 off.
			name: "the closing wall",
			rec: engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}, Board: &engine.Diagram{
				Stones: map[string][]string{"red": {"A1", "B1", "C1", "D1"}, "blue": {"A2", "E5", "F5", "G5"}},
				Walls:  rowNorth(2, "red")[1:], ToMove: "blue", Phase: "play",
			}, Moves: []string{"A2-A3:S"}},
			movers: []string{"blue"},
			scores: map[string]int{"red": 14, "blue": 35}, largest: map[string]int{"red": 14, "blue": 35},
			winners: []string{"blue"}, decided: "score",
		},
		{
			name: "equal totals, the larger region wins", rec: tied(engine.TieBreakLargestRegion), movers: []string{},
			scores: map[string]int{"red": 21, "blue": 21}, largest: map[string]int{"red": 21, "blue": 12},
			winners: []string{"red"}, decided: "largest-region",
		},
		{
			name: "equal totals without a tie break: a draw", rec: tied(engine.TieBreakNone), movers: []string{},
			scores: map[string]int{"red": 21, "blue": 21}, largest: map[string]int{"red": 21, "blue": 12},
			winners: []string{"red", "blue"}, decided: "draw",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v, err := PositionOf(tc.rec, analysis.DefaultLimits())
			if err != nil {
				t.Fatal(err)
			}
			if v.Phase != "over" || v.ToMove != "" || len(v.LegalMoves) != 0 || v.LegalMoves == nil || v.MidTurn {
				t.Errorf("phase %q, to move %q, legal moves %v, mid-turn %v", v.Phase, v.ToMove, v.LegalMoves, v.MidTurn)
			}
			if !reflect.DeepEqual(v.Movers, tc.movers) || !reflect.DeepEqual(v.Territory, tc.scores) {
				t.Errorf("movers %v, territory %v", v.Movers, v.Territory)
			}
			r := v.Result
			if r == nil {
				t.Fatal("no result")
			}
			if !reflect.DeepEqual(r.Scores, tc.scores) || !reflect.DeepEqual(r.LargestRegion, tc.largest) ||
				!reflect.DeepEqual(r.Winners, tc.winners) || r.DecidedBy != tc.decided {
				t.Errorf("result %+v; want scores %v, largest %v, winners %v, decided by %s", r, tc.scores, tc.largest, tc.winners, tc.decided)
			}
		})
	}
}

// TestPositionErrors: a bad record is refused with the field that is wrong
// and a reason that names the problem.
func TestPositionErrors(t *testing.T) {
	t.Parallel()
	board := func(d engine.Diagram) *engine.Diagram { return &d }
	play := []string{"C3", "E3", "C5", "E5"}
	tests := []struct {
		name  string
		rec   engine.Record
		code  wallzero.Code
		field string
		msg   string
	}{
		{"illegal move", engine.Record{Moves: append(play, "E5-E1:N")}, wallzero.CodeInvalid, "moves[4]", `"E5-E1:N": turn E5-E1:N: E1 is not reachable from E5 in two steps (walls, stones or distance)`},
		{"unparsable move", engine.Record{Moves: []string{"C3", "Z9"}}, wallzero.CodeInvalid, "moves[1]", `"Z9"`},
		{"wrong colour", engine.Record{Moves: []string{"B C3"}}, wallzero.CodeInvalid, "moves[0]", "red is to move, not blue"},
		{"move after the end", engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}, Board: board(engine.Diagram{
			Stones: map[string][]string{"red": {"A1", "B1", "C1", "D1"}, "blue": {"A2", "E5", "F5", "G5"}},
			Walls:  rowNorth(2, "red")[1:], ToMove: "blue", Phase: "play",
		}), Moves: []string{"A2-A3:S", "A1-A1:E"}}, wallzero.CodeInvalid, "moves[1]", "the game is over"},
		{"players", engine.Record{Rules: engine.Rules{Players: 5}}, wallzero.CodeInvalid, "rules.players", "5 is not supported"},
		{"opening", engine.Record{Rules: engine.Rules{Players: 3, Opening: engine.OpeningFourStone}}, wallzero.CodeInvalid, "rules.opening", "two-player opening"},
		{"wall on the edge", engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}, Board: board(engine.Diagram{
			Stones: map[string][]string{"red": {"A1", "B1", "C1", "D1"}, "blue": {"A2", "E5", "F5", "G5"}},
			Walls:  []engine.Wall{{Square: "C3", Side: "N", By: "red"}, {Square: "A1", Side: "S", By: "red"}}, ToMove: "red", Phase: "play",
		})}, wallzero.CodeInvalid, "board.walls[1]", "the S side of A1 is the board's edge"},
		{"bad stone square", engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}, Board: board(engine.Diagram{
			Stones: map[string][]string{"red": {"A1", "H9"}}, ToMove: "blue", Phase: "setup",
		})}, wallzero.CodeInvalid, "board.stones.red[1]", "H9"},
		{"two stones on a square", engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}, Board: board(engine.Diagram{
			Stones: map[string][]string{"red": {"A1"}, "blue": {"A1"}}, ToMove: "blue", Phase: "setup",
		})}, wallzero.CodeInvalid, "board.stones.", "holds two stones"},
		{"stone count", engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}, Board: board(engine.Diagram{
			Stones: map[string][]string{"red": {"A1", "B1", "C1"}, "blue": {"A2", "E5", "F5", "G5"}}, ToMove: "red", Phase: "play",
		})}, wallzero.CodeInvalid, "board.stones.red", "3 stones, but every player has 4 in the play phase"},
		{"wrong player to move", engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}, Board: board(engine.Diagram{
			Stones: map[string][]string{"red": {"A1"}}, ToMove: "red", Phase: "setup",
		})}, wallzero.CodeInvalid, "board.toMove", "placement 2 is blue's, not red's"},
		{"unknown phase", engine.Record{Board: board(engine.Diagram{ToMove: "red", Phase: "middle"})}, wallzero.CodeInvalid, "board.phase", `"middle" is not setup, play or over`},
		{"too many moves", engine.Record{Moves: make([]string, analysis.DefaultLimits().MaxMoves+1)}, wallzero.CodeTooLarge, "moves", "at most"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v, err := PositionOf(tc.rec, analysis.DefaultLimits())
			var se *wallzero.Error
			if !errors.As(err, &se) {
				t.Fatalf("got %+v, %v; want a *wallzero.Error", v, err)
			}
			if se.Code != tc.code || !strings.HasPrefix(se.Field, tc.field) || !strings.Contains(se.Message, tc.msg) {
				t.Errorf("got %s %q %q; want %s %q containing %q", se.Code, se.Field, se.Message, tc.code, tc.field, tc.msg)
			}
		})
	}
}

// squaresExcept returns every square of the board but the ones given.
func squaresExcept(taken ...string) []string {
	var out []string
	for s := grid.Square(0); s < grid.NumSquares; s++ {
		if !slices.Contains(taken, s.String()) {
			out = append(out, s.String())
		}
	}
	return out
}

// sorted returns a sorted copy of list.
func sorted(list []string) []string { return slices.Sorted(slices.Values(list)) }
