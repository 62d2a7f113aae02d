package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// TestBoardRoundTrip turns positions of random games into Board JSON and
// back: the position (all but the ply count, which a board does not carry)
// and its hash come back unchanged.
func TestBoardRoundTrip(t *testing.T) {
	t.Parallel()
	phases := map[Phase]int{}
	for _, tp := range randomPositions(21, 2) {
		p := tp.p
		phases[p.Phase()]++
		b := DiagramOf(&p)
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		var back Diagram
		if err := DecodeStrict(data, &back); err != nil {
			t.Fatalf("decoding %s: %v", data, err)
		}
		q, err := back.Position(tp.rules)
		if err != nil {
			t.Fatalf("%s\nBoard.Position: %v", describe(&p), err)
		}
		want := p
		want.ply = 0
		if q != want {
			t.Fatalf("round trip differs:\n got %+v\nwant %+v\n%s", q, want, data)
		}
		if q.Hash() != p.Hash() || q.Hash() != q.computeHash() {
			t.Fatalf("hash %x after the round trip, want %x", q.Hash(), p.Hash())
		}
		// Through a record too: the moves continue from the board.
		rec := Record{Rules: tp.rules, Board: &back}
		g, err := rec.Game()
		if err != nil || g.Start != q {
			t.Fatalf("record with board: %v", err)
		}
	}
	if phases[Setup] == 0 || phases[Play] == 0 || phases[Over] == 0 {
		t.Fatalf("every phase should be tried: %v", phases)
	}
}

func TestDiagramOf(t *testing.T) {
	t.Parallel()
	p := mustPlay(t, Rules{Players: 3}, "E6", "G3", "F5", "F1", "G7", "C2", "C2-B1:E", "G3-G5:W", "F1-F3:N", "E6-E6:W", "xF5:E")
	b := DiagramOf(&p)
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	// Walls sorted by square then side; Green's F5:E wall is broken.
	want := `{"stones":{"blue":["G5","G7"],"green":["F3","F5"],"red":["B1","E6"]},` +
		`"walls":[{"square":"B1","side":"E","by":"red"},{"square":"D6","side":"E","by":"red"},{"square":"F3","side":"N","by":"green"}],` +
		`"toMove":"blue","phase":"play","breaksUsed":["blue"],"midTurn":true}`
	if string(data) != want {
		t.Fatalf("DiagramOf:\n got %s\nwant %s", data, want)
	}
}

// TestBoardOverWithoutMidTurn is the control of the "mid-turn in a
// finished game" case: the same board without midTurn is a finished game.
func TestBoardOverWithoutMidTurn(t *testing.T) {
	t.Parallel()
	p := mustBoard(t, Rules{Players: 3}, `{"stones": {"red": ["A1", "A3"], "blue": ["C1", "C3"], "green": ["E1", "E3"]}, `+
		`"walls": [{"square": "A3", "side": "N", "by": "red"}, {"square": "B3", "side": "N", "by": "red"}, {"square": "C3", "side": "N", "by": "blue"}, {"square": "D3", "side": "N", "by": "blue"}, {"square": "E3", "side": "N", "by": "green"}, {"square": "F3", "side": "N", "by": "green"}, {"square": "G3", "side": "N", "by": "green"}, {"square": "B1", "side": "E", "by": "red"}, {"square": "B2", "side": "E", "by": "red"}, {"square": "B3", "side": "E", "by": "red"}, {"square": "D1", "side": "E", "by": "blue"}, {"square": "D2", "side": "E", "by": "blue"}, {"square": "D3", "side": "E", "by": "blue"}], `+
		`"toMove": "red", "phase": "play", "breaksUsed": ["red"]}`)
	if !p.IsOver() {
		t.Fatalf("not over: %s", describe(&p))
	}
	if res := p.Result(); res.Score != [4]int{6, 6, 9} || res.Neutral.Count() != 28 || res.Winner() != grid.Green {
		t.Fatalf("result %+v", res)
	}
}

// TestBoardErrors checks that bad boards are refused with an error naming
// the field.
func TestBoardErrors(t *testing.T) {
	t.Parallel()
	two := Rules{Players: 2, Opening: OpeningFourStone}
	empty2 := Rules{Players: 2, Opening: OpeningEmpty}
	three := Rules{Players: 3}
	fullStones := `"stones": {"red": ["B6", "F2", "C3", "E5"], "blue": ["B2", "F6", "E3", "C5"]}`
	threeStones := `"stones": {"red": ["A1", "A3"], "blue": ["C1", "C3"], "green": ["E1", "E3"]}`
	tests := []struct {
		name    string
		rules   Rules
		board   string
		wantErr string
	}{
		{"unknown colour", two, `{"stones": {"purple": []}, "toMove": "red", "phase": "setup"}`, `board.stones.purple: "purple" is not a player`},
		{"third player in two", two, `{"stones": {"green": []}, "toMove": "red", "phase": "setup"}`, `board.stones.green: "green" is not a player of a 2-player game`},
		{"too many stones", three, `{"stones": {"red": ["A1", "A2", "A3"]}, "toMove": "red", "phase": "play"}`, "board.stones.red: 3 stones, at most 2"},
		{"bad stone square", two, `{"stones": {"red": ["B6", "Z9"]}, "toMove": "red", "phase": "setup"}`, "board.stones.red[1]: square"},
		{"two stones on a square", empty2, `{"stones": {"red": ["C3", "C3"]}, "toMove": "red", "phase": "setup"}`, "board.stones.red[1]: C3 holds two stones"},
		{"wall square", two, `{` + fullStones + `, "walls": [{"square": "C3", "side": "N", "by": "red"}, {"square": "C9", "side": "N", "by": "red"}], "toMove": "red", "phase": "play"}`, "board.walls[1].square"},
		{"wall side", two, `{` + fullStones + `, "walls": [{"square": "C3", "side": "N", "by": "red"}, {"square": "C4", "side": "up", "by": "red"}], "toMove": "red", "phase": "play"}`, "board.walls[1].side"},
		{"wall builder", two, `{` + fullStones + `, "walls": [{"square": "C3", "side": "N", "by": "red"}, {"square": "C4", "side": "N", "by": "green"}], "toMove": "red", "phase": "play"}`, `board.walls[1].by: "green"`},
		{"wall on the edge", two, `{` + fullStones + `, "walls": [{"square": "C3", "side": "N", "by": "red"}, {"square": "A4", "side": "W", "by": "red"}], "toMove": "red", "phase": "play"}`, "board.walls[1]: the W side of A4 is the board's edge"},
		{"wall twice", two, `{` + fullStones + `, "walls": [{"square": "C3", "side": "N", "by": "red"}, {"square": "C4", "side": "S", "by": "blue"}], "toMove": "red", "phase": "play"}`, "board.walls[1]: a wall on the S side of C4 is given twice"},
		{"to move unknown", two, `{` + fullStones + `, "toMove": "nobody", "phase": "play"}`, `board.toMove: "nobody"`},
		{"to move missing", two, `{` + fullStones + `, "phase": "play"}`, `board.toMove: ""`},
		{"to move not a player", two, `{` + fullStones + `, "toMove": "yellow", "phase": "play"}`, `board.toMove: "yellow" is not a player`},
		{"breaks with two players", two, `{` + fullStones + `, "toMove": "red", "phase": "play", "breaksUsed": ["red"]}`, "board.breaksUsed[0]"},
		{"break of a stranger", three, `{` + threeStones + `, "toMove": "red", "phase": "play", "breaksUsed": ["blue", "yellow"]}`, "board.breaksUsed[1]"},
		{"phase", two, `{` + fullStones + `, "toMove": "red", "phase": "middle"}`, `board.phase: "middle"`},
		{"phase missing", two, `{` + fullStones + `, "toMove": "red"}`, `board.phase: ""`},
		{"setup with every stone placed", two, `{` + fullStones + `, "toMove": "red", "phase": "setup"}`, "board.phase: all stones are placed"},
		{"preset stones missing", two, `{"stones": {"red": ["C3"]}, "toMove": "blue", "phase": "setup"}`, "board.stones: the four-stone opening's preset stones are missing"},
		{"preset stones of the wrong colour", two, `{"stones": {"red": ["B2", "F6"], "blue": ["B6", "F2"]}, "toMove": "red", "phase": "setup"}`, "board.stones: the four-stone opening's preset stones are missing"},
		{"mid-turn in a finished game", three, `{` + threeStones + `, "walls": [{"square": "A3", "side": "N", "by": "red"}, {"square": "B3", "side": "N", "by": "red"}, {"square": "C3", "side": "N", "by": "blue"}, {"square": "D3", "side": "N", "by": "blue"}, {"square": "E3", "side": "N", "by": "green"}, {"square": "F3", "side": "N", "by": "green"}, {"square": "G3", "side": "N", "by": "green"}, {"square": "B1", "side": "E", "by": "red"}, {"square": "B2", "side": "E", "by": "red"}, {"square": "B3", "side": "E", "by": "red"}, {"square": "D1", "side": "E", "by": "blue"}, {"square": "D2", "side": "E", "by": "blue"}, {"square": "D3", "side": "E", "by": "blue"}], "toMove": "red", "phase": "play", "breaksUsed": ["red"], "midTurn": true}`, "board.midTurn: the game is over"},
		{"setup counts", empty2, `{"stones": {"red": ["C3", "D3"]}, "toMove": "blue", "phase": "setup"}`, "board.stones.red: 2 stones, but after 2 placements red has 1"},
		{"setup turn order", empty2, `{"stones": {"red": ["C3"], "blue": ["D3"]}, "toMove": "red", "phase": "setup"}`, "board.toMove: placement 3 is blue's, not red's"},
		{"setup walls", empty2, `{"stones": {"red": ["C3"]}, "walls": [{"square": "C3", "side": "N", "by": "red"}], "toMove": "blue", "phase": "setup"}`, "board.walls: no walls can stand in the setup phase"},
		{"play with missing stones", two, `{"stones": {"red": ["B6", "F2", "C3"], "blue": ["B2", "F6", "E3", "C5"]}, "toMove": "red", "phase": "play"}`, "board.stones.red: 3 stones, but every player has 4"},
		{"mid-turn without a break", three, `{` + threeStones + `, "toMove": "red", "phase": "play", "midTurn": true}`, "board.midTurn: red is mid-turn but has not used its break"},
		{"over but open", two, `{` + fullStones + `, "toMove": "red", "phase": "over"}`, "board.phase: the game is not over"},
		{"settled player to move", three, `{` + threeStones + `, "walls": [{"square": "A1", "side": "N", "by": "red"}, {"square": "A1", "side": "E", "by": "red"}, {"square": "A3", "side": "N", "by": "red"}, {"square": "A3", "side": "E", "by": "red"}, {"square": "A3", "side": "S", "by": "red"}], "toMove": "red", "phase": "play", "breaksUsed": ["red"]}`, "board.toMove: red's stones all sit in its own land"},
		// Under step-out each Blue stone sits in a corner with a wall on one
		// side and a Red stone on the other: it cannot step out, so it may
		// not stay either, and Blue has no turn (the regions stay mixed).
		{"player with no turn to move", Rules{Players: 2, Opening: OpeningEmpty, Stay: StayStepOut}, `{"stones": {"red": ["A2", "F1", "A6", "G6"], "blue": ["A1", "G1", "A7", "G7"]}, "walls": [{"square": "A1", "side": "E", "by": "blue"}, {"square": "G1", "side": "N", "by": "blue"}, {"square": "A7", "side": "E", "by": "blue"}, {"square": "G7", "side": "W", "by": "blue"}], "toMove": "blue", "phase": "play"}`, "board.toMove: blue has no legal turn, so its turns are skipped"},
		{"breaks in the setup phase", three, `{"stones": {"red": ["A1"]}, "toMove": "blue", "phase": "setup", "breaksUsed": ["red"]}`, "board.breaksUsed"},
		{"mid-turn in the setup phase", three, `{"stones": {"red": ["A1"]}, "toMove": "blue", "phase": "setup", "midTurn": true}`, "board.midTurn"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rules, err := tc.rules.Normalize()
			if err != nil {
				t.Fatal(err)
			}
			var b Diagram
			if err := DecodeStrict([]byte(tc.board), &b); err != nil {
				t.Fatalf("board JSON: %v", err)
			}
			p, err := b.Position(rules)
			if err == nil {
				t.Fatalf("accepted: %s", describe(&p))
			}
			if !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("error %q, want it to contain %q", err, tc.wantErr)
			}
			// The same error comes out of a record, unwrapped.
			rec := Record{Rules: rules, Board: &b}
			if _, err2 := rec.Game(); err2 == nil || err2.Error() != err.Error() {
				t.Errorf("Record.Game() error %v, want %v", err2, err)
			}
		})
	}
}
