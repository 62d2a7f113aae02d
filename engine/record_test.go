package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

func TestParseRecordStrict(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		json    string
		wantErr string // "" for success
	}{
		{name: "minimal", json: `{}`},
		{name: "moves only", json: `{"moves": ["C3", "E3"]}`},
		{name: "full", json: `{"rules": {"players": 2, "opening": "empty", "stay": "step-out", "tieBreak": "none"}, "moves": []}`},
		{name: "trailing space", json: "{\"moves\": []}\n  \t"},
		{name: "board", json: `{"board": {"stones": {"red": ["B6"], "blue": ["B2"]}, "walls": [], "toMove": "red", "phase": "setup"}}`},
		{name: "unknown field", json: `{"moves": [], "comment": "x"}`, wantErr: `unknown field "comment"`},
		{name: "unknown rules field", json: `{"rules": {"player": 2}}`, wantErr: `unknown field "player"`},
		{name: "unknown board field", json: `{"board": {"stone": {}}}`, wantErr: `unknown field "stone"`},
		{name: "unknown wall field", json: `{"board": {"walls": [{"square": "C3", "side": "N", "by": "red", "colour": "red"}]}}`, wantErr: `unknown field "colour"`},
		{name: "trailing object", json: `{"moves": []} {}`, wantErr: "unexpected data after the JSON value"},
		{name: "trailing garbage", json: `{"moves": []} x`, wantErr: "unexpected data after the JSON value"},
		{name: "trailing brace", json: `{"moves": []}}`, wantErr: "unexpected data after the JSON value"},
		{name: "trailing bracket", json: `{"moves": []}]`, wantErr: "unexpected data after the JSON value"},
		{name: "not an object", json: `[]`, wantErr: "game record"},
		{name: "empty input", json: ``, wantErr: "game record"},
		{name: "truncated", json: `{"moves": ["C3"`, wantErr: "game record"},
		{name: "moves not strings", json: `{"moves": [3]}`, wantErr: "game record"},
		{name: "players not a number", json: `{"rules": {"players": "two"}}`, wantErr: "rules"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := parseRecord([]byte(tc.json))
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("ParseRecord: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("ParseRecord error %v, want it to contain %q", err, tc.wantErr)
			}
		})
	}
}

func TestRulesNormalize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		in      Rules
		want    Rules
		wantErr string // the field the error names, and a word of the reason
	}{
		{name: "zero", in: Rules{}, want: DefaultRules()},
		{name: "defaults", in: DefaultRules(), want: DefaultRules()},
		{name: "three players default to empty", in: Rules{Players: 3}, want: Rules{Players: 3, Opening: OpeningEmpty, Stay: StayAlways, TieBreak: TieBreakLargestRegion}},
		{name: "four players", in: Rules{Players: 4, Stay: StayStepOut, TieBreak: TieBreakNone}, want: Rules{Players: 4, Opening: OpeningEmpty, Stay: StayStepOut, TieBreak: TieBreakNone}},
		{name: "two players empty", in: Rules{Opening: OpeningEmpty}, want: Rules{Players: 2, Opening: OpeningEmpty, Stay: StayAlways, TieBreak: TieBreakLargestRegion}},
		{name: "one player", in: Rules{Players: 1}, wantErr: "rules.players: 1"},
		{name: "five players", in: Rules{Players: 5}, wantErr: "rules.players: 5"},
		{name: "negative players", in: Rules{Players: -2}, wantErr: "rules.players"},
		{name: "bad opening", in: Rules{Opening: "six-stone"}, wantErr: `rules.opening: "six-stone"`},
		{name: "four-stone with three", in: Rules{Players: 3, Opening: OpeningFourStone}, wantErr: "rules.opening: four-stone is a two-player opening"},
		{name: "four-stone with four", in: Rules{Players: 4, Opening: OpeningFourStone}, wantErr: "rules.opening"},
		{name: "bad stay", in: Rules{Stay: "never"}, wantErr: `rules.stay: "never"`},
		{name: "bad tie break", in: Rules{TieBreak: "coin"}, wantErr: `rules.tieBreak: "coin"`},
		{name: "case matters", in: Rules{Stay: "Always"}, wantErr: "rules.stay"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := tc.in.Normalize()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Normalize(%+v) = %v, want error containing %q", tc.in, err, tc.wantErr)
				}
				if _, err := tc.in.Normalize(); err == nil {
					t.Errorf("Normalize accepts %+v", tc.in)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Normalize(%+v) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			}
			// Normalizing is idempotent and the position remembers the rules.
			if again, err := got.Normalize(); err != nil || again != got {
				t.Errorf("Normalize twice: %+v, %v", again, err)
			}
			p := NewPosition(got)
			if r := p.Rules(); r != got {
				t.Errorf("Position.Rules() = %+v, want %+v", r, got)
			}
			if p.Players() != got.Players || p.Phase() != Setup || p.ToMove() != grid.Red || p.Ply() != 0 {
				t.Errorf("start position: %d players, %s, %s to move, ply %d", p.Players(), p.Phase(), p.ToMove(), p.Ply())
			}
		})
	}
}

func TestRulesString(t *testing.T) {
	t.Parallel()
	if s := DefaultRules().String(); s != "2p four-stone stay=always tie=largest-region" {
		t.Fatalf("String() = %q", s)
	}
}

func TestSetupOrder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rules Rules
		want  string // who places, in order
	}{
		{Rules{Players: 2, Opening: OpeningFourStone}, "RBBR"},
		{Rules{Players: 2, Opening: OpeningEmpty}, "RBBRRBBR"},
		{Rules{Players: 3}, "RBGGBR"},
		{Rules{Players: 4}, "RBGYYGBR"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			t.Parallel()
			rules, err := tc.rules.Normalize()
			if err != nil {
				t.Fatal(err)
			}
			p := NewPosition(rules)
			var got strings.Builder
			for p.Phase() == Setup {
				done, total := p.SetupPlacements()
				if done != got.Len() || total != len(tc.want) {
					t.Fatalf("SetupPlacements() = %d, %d; want %d, %d", done, total, got.Len(), len(tc.want))
				}
				got.WriteString(p.ToMove().Letter())
				var buf [MaxMoves]grid.Move
				p.Apply(p.LegalMoves(buf[:0])[0])
			}
			if got.String() != tc.want {
				t.Fatalf("placement order %s, want %s", got.String(), tc.want)
			}
			if p.Phase() != Play || p.ToMove() != grid.Red {
				t.Fatalf("after setup: %s, %s to move; want play, red", p.Phase(), p.ToMove())
			}
			for c := grid.Color(0); c < grid.Color(rules.Players); c++ {
				if n := p.Stones(c).Count(); n != rules.StonesPerPlayer() {
					t.Errorf("%s has %d stones, want %d", c, n, rules.StonesPerPlayer())
				}
			}
		})
	}
}

func TestFourStonePreset(t *testing.T) {
	t.Parallel()
	p := NewPosition(DefaultRules())
	if got, want := p.Stones(grid.Red), bb("B6", "F2"); got != want {
		t.Errorf("red stones %v, want B6 F2", got.Squares())
	}
	if got, want := p.Stones(grid.Blue), bb("B2", "F6"); got != want {
		t.Errorf("blue stones %v, want B2 F6", got.Squares())
	}
	if done, total := p.SetupPlacements(); done != 0 || total != 4 {
		t.Errorf("SetupPlacements() = %d, %d; want 0, 4", done, total)
	}
}

func TestRecordDefaults(t *testing.T) {
	t.Parallel()
	r, err := parseRecord([]byte(`{"moves": ["C3"]}`))
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Game()
	if err != nil {
		t.Fatal(err)
	}
	if g.Rules != DefaultRules() {
		t.Fatalf("rules %+v, want the defaults", g.Rules)
	}
	if g.Final.StoneAt(sq("C3")) != grid.Red || g.Final.StoneAt(sq("B6")) != grid.Red {
		t.Fatalf("the four-stone opening should apply by default")
	}
	r, err = parseRecord([]byte(`{"rules": {"players": 4}}`))
	if err != nil {
		t.Fatal(err)
	}
	if g, err = r.Game(); err != nil || g.Rules.Opening != OpeningEmpty || g.Final.Occupied() != 0 {
		t.Fatalf("four players: %+v, %v", g, err)
	}
	if _, err := (Record{Rules: Rules{Players: 9}}).Game(); err == nil || !strings.Contains(err.Error(), "rules.players") {
		t.Fatalf("bad rules: %v", err)
	}
}

// TestGameErrors replays records with one bad move each and checks the
// *MoveError: the index, the move as written and a reason a person can act
// on.
func TestGameErrors(t *testing.T) {
	t.Parallel()
	four := []string{"C3", "E3", "C5", "E5"}
	three := []string{"E6", "G3", "F5", "F1", "G7", "C2"}
	tests := []struct {
		name   string
		rules  Rules
		moves  []string
		reason string
		is     error // the reason wraps this, if set
	}{
		{name: "garbage", moves: []string{"C3", "hello"}, reason: "want a placement"},
		{name: "wrong colour prefix", moves: []string{"B C3"}, reason: "red is to move, not blue"},
		{name: "wrong colour prefix later", moves: []string{"R C3", "B E3", "R C5"}, reason: "blue is to move, not red"},
		{name: "occupied square", moves: []string{"B6"}, reason: "B6: the square already holds a red stone"},
		{name: "occupied by the other side", moves: []string{"C3", "C3"}, reason: "already holds a red stone"},
		{name: "turn during setup", moves: []string{"B6-B5:N"}, reason: "still in the setup phase"},
		{name: "placement during play", moves: append(four[:4:4], "D4"), reason: "the setup phase is over"},
		{name: "unreachable destination", moves: append(four[:4:4], "E5-E1:N"), reason: "E1 is not reachable from E5"},
		{name: "through a stone", moves: append(four[:4:4], "C3-E3:N"), reason: "E3 is not reachable from C3"},
		{name: "diagonal three away", moves: append(four[:4:4], "C3-A1:N"), reason: "A1 is not reachable"},
		{name: "wall on the edge", moves: append(four[:4:4], "F2-F1:S"), reason: "the S side of F1 is the board's edge"},
		{name: "existing wall", moves: append(four[:4:4], "C3-C3:N", "E3-E3:N", "C3-C3:N"), reason: "a wall already stands on the N side of C3"},
		{name: "existing wall named from the other square", moves: append(four[:4:4], "C3-C3:N", "C5-C4:S"), reason: "a wall already stands on the S side of C4"},
		{name: "opponent's stone", moves: append(four[:4:4], "E3-E4:N"), reason: "the stone on E3 is blue's, and red is to move"},
		{name: "no stone", moves: append(four[:4:4], "D4-D5:N"), reason: "no stone on D4"},
		{name: "break with two players", moves: append(four[:4:4], "C3-C3:N", "xC3:N"), reason: "only in three-player games"},
		{name: "break with no wall", rules: Rules{Players: 3}, moves: append(three[:6:6], "xF5:E"), reason: "no wall stands there"},
		{name: "break far from own stones", rules: Rules{Players: 3}, moves: append(three[:6:6], "C2-C2:N", "xC2:N"), reason: "the wall is not next to a blue stone"},
		{name: "second break", rules: Rules{Players: 3}, moves: append(three[:6:6], "C2-C2:N", "G3-G3:N", "F1-F1:N", "xC2:N", "C2-C2:N", "G3-G3:W", "F1-F1:E", "xC2:N"), reason: "red has already used its wall break"},
		{name: "break twice in a turn", rules: Rules{Players: 3}, moves: append(three[:6:6], "C2-C2:N", "G3-G3:N", "F1-F1:N", "xC2:N", "xC2:E"), reason: "already used its wall break"},
		{name: "stay under step-out when boxed in", rules: Rules{Players: 2, Opening: OpeningEmpty, Stay: StayStepOut}, moves: []string{"B7", "A7", "C7", "B6", "D1", "E1", "F1", "G1", "B7-B7:S"}, reason: "turn B7-B7:S: the stone on B7 may not stay (stay rule step-out)"},
		{name: "move after the end", moves: append(fourStoneGame[:len(fourStoneGame):len(fourStoneGame)], "D4-D4:S"), reason: "the game is over", is: ErrGameOver},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec := Record{Rules: tc.rules, Moves: tc.moves}
			g, err := rec.Game()
			if err == nil {
				t.Fatalf("replayed without error: %s", describe(&g.Final))
			}
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("error %T %v, want a *MoveError", err, err)
			}
			last := len(tc.moves) - 1
			if me.Index != last || me.Move != tc.moves[last] {
				t.Fatalf("MoveError names moves[%d] %q, want moves[%d] %q (%v)", me.Index, me.Move, last, tc.moves[last], err)
			}
			if !strings.Contains(me.Err.Error(), tc.reason) {
				t.Fatalf("reason %q, want it to contain %q", me.Err, tc.reason)
			}
			wantPrefix := fmt.Sprintf("moves[%d] %q: ", last, tc.moves[last])
			if !strings.HasPrefix(err.Error(), wantPrefix) {
				t.Errorf("Error() = %q, want prefix %q", err, wantPrefix)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("errors.Is(%v, %v) = false", err, tc.is)
			}
			if errors.Unwrap(err) != me.Err {
				t.Errorf("Unwrap does not return the reason")
			}
		})
	}
}

// fourStoneGame is a four-stone game to its end, checked by hand: Blue
// walls its stones into two 2x2 corners ({A1, B1, A2, B2} and {F6, G6, F7,
// G7}) while Red builds walls around D4, D2 and F2 that enclose nothing.
// Blue's last wall closes the second corner: every region is then
// single-coloured. Red holds the other 41 squares, Blue 8.
var fourStoneGame = []string{
	"D4", "A1", "A2", "D2", // R, B, B, R
	"D4-D4:N", "A2-A2:N",
	"D4-D4:E", "B2-B2:N",
	"D4-D4:W", "B2-B2:E",
	"D2-D2:N", "B2-B1:E", // closes {A1, B1, A2, B2}
	"D2-D2:E", "F6-F6:S",
	"D2-D2:W", "F6-F6:W",
	"F2-F2:N", "F6-G6:S",
	"F2-F2:E", "G6-F7:W", // closes {F6, G6, F7, G7}: the end
}

// TestGameRecordRoundTrip replays random games, turns them back into
// records (with colour prefixes), through JSON, and replays them again.
func TestGameRecordRoundTrip(t *testing.T) {
	t.Parallel()
	for i, rules := range allRuleSets() {
		t.Run(rules.String(), func(t *testing.T) {
			t.Parallel()
			rng := newRNG(uint64(300 + i))
			ps, moves := randomGame(rng, rules)
			// Start some games from an explicit mid-game board.
			startAt := 0
			if i%2 == 1 {
				startAt = len(moves) / 2
			}
			rec := Record{Rules: rules}
			if startAt > 0 {
				b := DiagramOf(&ps[startAt])
				rec.Board = &b
			}
			for _, m := range moves[startAt:] {
				rec.Moves = append(rec.Moves, m.String())
			}
			g, err := rec.Game()
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Moves) != len(moves)-startAt || len(g.Movers) != len(g.Moves) || len(g.LegalCounts) != len(g.Moves) {
				t.Fatalf("game lengths %d %d %d, want %d", len(g.Moves), len(g.Movers), len(g.LegalCounts), len(moves)-startAt)
			}
			for k, m := range g.Moves {
				p := ps[startAt+k]
				if m != moves[startAt+k] || g.Movers[k] != p.ToMove() || g.LegalCounts[k] != p.CountLegalMoves() {
					t.Fatalf("move %d: %s by %s (%d legal), want %s by %s (%d legal)", k, m, g.Movers[k], g.LegalCounts[k], moves[startAt+k], p.ToMove(), p.CountLegalMoves())
				}
			}
			if !g.Final.IsOver() || g.Final.Hash() != ps[len(ps)-1].Hash() {
				t.Fatalf("final position differs")
			}
			positions := g.Positions()
			if len(positions) != len(g.Moves)+1 || positions[len(positions)-1] != g.Final || positions[0] != g.Start {
				t.Fatalf("Positions(): %d positions, ends differ", len(positions))
			}
			// Replay keeps the same positions from its one replay.
			rg, replayed, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			if rg.Final != g.Final || !slices.Equal(replayed, positions) {
				t.Fatalf("Replay: %d positions, differ from Game and Positions' %d", len(replayed), len(positions))
			}
			out := g.Record()
			if (out.Board != nil) != (startAt > 0) {
				t.Fatalf("Record() board %v, want one iff the game starts mid-way", out.Board)
			}
			for k, text := range out.Moves {
				want := g.Movers[k].Letter() + " " + g.Moves[k].String()
				if text != want {
					t.Fatalf("Record().Moves[%d] = %q, want %q", k, text, want)
				}
			}
			data, err := json.Marshal(out)
			if err != nil {
				t.Fatal(err)
			}
			back, err := parseRecord(data)
			if err != nil {
				t.Fatalf("parseRecord(%s): %v", data, err)
			}
			g2, err := back.Game()
			if err != nil {
				t.Fatalf("replaying %s: %v", data, err)
			}
			if g2.Final != g.Final || g2.Start != g.Start {
				t.Fatalf("replayed record differs")
			}
		})
	}
}

// TestOverlongMove: a move longer than MaxMoveText bytes is refused by
// index, its text cut to MaxMoveText bytes or fewer, never inside a
// character, and marked "...".
func TestOverlongMove(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text, want string
	}{
		{"ascii", strings.Repeat("A", 40), strings.Repeat("A", 32) + "..."},
		{"a two-byte character across the cut", strings.Repeat("A", 31) + "é" + "BBB", strings.Repeat("A", 31) + "..."},
		{"a character ending at the cut", strings.Repeat("A", 30) + "é" + "BBB", strings.Repeat("A", 30) + "é..."},
	} {
		_, err := Record{Moves: []string{"C3", tc.text}}.Game()
		var me *MoveError
		if !errors.As(err, &me) || me.Index != 1 || me.Move != tc.want || !strings.Contains(err.Error(), "a move is at most 32") {
			t.Errorf("%s: %v (%+v), want moves[1] %q", tc.name, err, me, tc.want)
		}
	}
}

// TestCutMoveText: a text of at most MaxMoveText bytes is kept whole; a
// longer one is cut as MoveError.Move is, never inside a character.
func TestCutMoveText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text, want string
	}{
		{"empty", "", ""},
		{"short", "E5-E3:N", "E5-E3:N"},
		{"exactly the limit", strings.Repeat("A", 32), strings.Repeat("A", 32)},
		{"one byte over", strings.Repeat("A", 33), strings.Repeat("A", 32) + "..."},
		{"a two-byte character across the cut", strings.Repeat("A", 31) + "é" + "B", strings.Repeat("A", 31) + "..."},
	} {
		if got := CutMoveText(tc.text); got != tc.want {
			t.Errorf("%s: CutMoveText(%q) = %q, want %q", tc.name, tc.text, got, tc.want)
		}
	}
}

// TestReplaysCount: Record.Game, Record.Replay and Game.Positions each
// count one replay (not parallel: the count is the process's).
func TestReplaysCount(t *testing.T) {
	rec := Record{Moves: []string{"C3", "E3", "C5", "E5"}}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		run  func() error
	}{
		{"Game", func() error { _, err := rec.Game(); return err }},
		{"Replay", func() error { _, _, err := rec.Replay(); return err }},
		{"Positions", func() error { g.Positions(); return nil }},
	} {
		before := Replays()
		if err := tc.run(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if n := Replays() - before; n != 1 {
			t.Errorf("%s: %d replays, want 1", tc.name, n)
		}
	}
}
