package explain

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// parseMoves parses a test's moves, stopping at the first that does not
// parse.
func parseMoves(texts []string) []grid.Move {
	var out []grid.Move
	for _, t := range texts {
		m, _, err := grid.ParseMove(t)
		if err != nil {
			break
		}
		out = append(out, m)
	}
	return out
}

// TestMoves explains a move against a better one: both get their facts
// and a line played to the end, the text names the loss; an illegal move
// gets no explanation.
func TestMoves(t *testing.T) {
	t.Parallel()
	g, err := engine.Record{Moves: []string{"C3", "E3", "C5", "E5"}}.Game()
	if err != nil {
		t.Fatal(err)
	}
	pos := g.Final
	moves := parseMoves([]string{"E5-E4:N", "C3-C2:E"})
	if len(moves) != 2 {
		t.Fatal("the test moves do not parse")
	}
	e := Moves(&pos, moves[0], moves[1], nil, nil, 0.1, 2.34)
	if e == nil || e.Best == nil || e.Loss == nil || *e.Loss != 0.1 {
		t.Fatalf("got %+v, want the played and the best move with a loss of 0.1", e)
	}
	for _, m := range []MoveExplanation{e.Played, *e.Best} {
		if m.Playout == nil || len(m.Playout.Moves) == 0 || m.Playout.Winner == "" || m.Sentence == "" {
			t.Errorf("%s: %+v, want a sentence and a line played to the end", m.Move, m)
		}
	}
	if !strings.HasSuffix(e.Text, "the move played costs 10% of the win rate and 2.3 points of land.") {
		t.Errorf("text %q, want it to end with what the move cost in win rate and in points", e.Text)
	}
	if bad := parseMoves([]string{"A1"}); Moves(&pos, bad[0], bad[0], nil, nil, 0, 0) != nil {
		t.Error("an explanation of an illegal move")
	}
}

// TestMovesThreePlayers explains a three-player move against a better
// one: the best move is named with what the move played cost in win rate
// and in points, and the engine's own move gets no comparison.
func TestMovesThreePlayers(t *testing.T) {
	t.Parallel()
	g, err := engine.Record{Rules: engine.Rules{Players: 3}, Moves: []string{"C3", "E3", "C5", "E5", "B2", "F6"}}.Game()
	if err != nil {
		t.Fatal(err)
	}
	pos := g.Final
	legal := pos.LegalMoves(nil)
	played, best := legal[0], legal[len(legal)-1]
	e := Moves(&pos, played, best, nil, nil, 0.123, 4.56)
	if e == nil || e.Best == nil || e.Best.Move != best.String() || e.Loss == nil || *e.Loss != 0.123 {
		t.Fatalf("got %+v, want the played and the best move with a loss of 0.123", e)
	}
	if !strings.HasPrefix(e.Text, e.Played.Sentence+" ") || !strings.HasSuffix(e.Text, " was better; the move played costs 12% of the win rate and 4.6 points of land.") {
		t.Errorf("text %q, want the played move's sentence, then the better move with the cost", e.Text)
	}
	if same := Moves(&pos, played, played, nil, nil, 0, 0); same == nil || same.Best != nil || same.Text != same.Played.Sentence {
		t.Errorf("the engine's own move: %+v, want its sentence alone", same)
	}
	if e := Moves(&pos, played, best, nil, nil, 0, 0); !strings.HasSuffix(e.Text, " was better.") {
		t.Errorf("no cost: text %q", e.Text)
	}
}
