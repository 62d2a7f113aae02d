package explain

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// parked returns the walls and stones of a test board where Red keeps
// three stones in a sealed strip A1-C1 and Blue three in E7-G7, so only
// the stones given to board move in the open area.
var parkedWalls = []string{"A1:N", "B1:N", "C1:N", "C1:E", "E6:N", "F6:N", "G6:N", "D7:E"}

// board builds a two-player play-phase position: red and blue are the
// active stones (added to the parked ones), walls are "E3:N" (built by
// red) or "b:E3:N" (built by blue).
func board(t *testing.T, toMove string, red, blue []string, walls ...string) engine.Position {
	t.Helper()
	d := engine.Diagram{Stones: map[string][]string{
		"red":  append([]string{"A1", "B1", "C1"}, red...),
		"blue": append([]string{"E7", "F7", "G7"}, blue...),
	}, ToMove: toMove, Phase: "play"}
	for _, w := range append(append([]string{}, parkedWalls...), walls...) {
		by := "red"
		if strings.HasPrefix(w, "b:") {
			by, w = "blue", w[2:]
		}
		sq, side, _ := strings.Cut(w, ":")
		d.Walls = append(d.Walls, engine.Wall{Square: sq, Side: side, By: by})
	}
	rules, err := engine.DefaultRules().Normalize()
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.Position(rules)
	if err != nil {
		t.Fatalf("board: %v", err)
	}
	return p
}

// move parses a move or fails the test.
func move(t *testing.T, text string) grid.Move {
	t.Helper()
	m, _, err := grid.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// extract plays text in p and returns its facts.
func extract(t *testing.T, p engine.Position, text string) *Facts {
	t.Helper()
	f, err := Extract(&p, move(t, text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// names lists the squares of b, e.g. "D3 E4".
func names(b grid.Bitboard) string {
	var out []string
	for _, s := range b.Squares() {
		out = append(out, s.String())
	}
	return strings.Join(out, " ")
}

// bitsOf parses "D3 E4" into a bitboard.
func bitsOf(t *testing.T, text string) grid.Bitboard {
	t.Helper()
	var b grid.Bitboard
	for _, f := range strings.Fields(text) {
		b |= bit(t, f)
	}
	return b
}
