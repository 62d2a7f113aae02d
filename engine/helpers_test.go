package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// allRuleSets returns every combination of the rule options: two players
// with both openings, three and four players with the empty one, each with
// both stay rules, both tie breaks and both ends; with three players also
// both break timings, both breakable-wall rules and both settled rules.
func allRuleSets() []Rules {
	var out []Rules
	for _, players := range []int{2, 3, 4} {
		openings := []Opening{OpeningEmpty}
		if players == 2 {
			openings = []Opening{OpeningFourStone, OpeningEmpty}
		}
		timings, walls, settled := []BreakTiming{""}, []BreakWalls{""}, []SettledRule{""}
		if players == 3 {
			timings = []BreakTiming{"", BreakAnyTime}
			walls = []BreakWalls{"", BreakFreesStone}
			settled = []SettledRule{"", SettledSkip}
		}
		for _, o := range openings {
			for _, s := range []StayRule{StayAlways, StayStepOut} {
				for _, tb := range []TieBreak{TieBreakLargestRegion, TieBreakNone} {
					for _, end := range []EndRule{"", EndFrozenMixedRegions} {
						for _, bt := range timings {
							for _, bw := range walls {
								for _, st := range settled {
									out = append(out, Rules{Players: players, Opening: o, Stay: s, TieBreak: tb,
										End: end, BreakTiming: bt, BreakWalls: bw, Settled: st})
								}
							}
						}
					}
				}
			}
		}
	}
	return out
}

// newRNG returns a deterministic generator for a test.
func newRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// pickMove chooses a legal move of p at random. In three-player games it
// takes a break now and then (breaks are few among a hundred turns, so a
// uniform choice would seldom test them).
func pickMove(rng *rand.Rand, p *Position, moves []grid.Move) grid.Move {
	if p.Players() == 3 && rng.IntN(4) == 0 {
		var breaks []grid.Move
		for _, m := range moves {
			if m.Kind == grid.Break {
				breaks = append(breaks, m)
			}
		}
		if len(breaks) > 0 {
			return breaks[rng.IntN(len(breaks))]
		}
	}
	return moves[rng.IntN(len(moves))]
}

// randomGame plays a random game under rules to its end and returns every
// position (the start first) and the moves between them.
func randomGame(rng *rand.Rand, rules Rules) ([]Position, []grid.Move) {
	p := NewPosition(rules)
	positions := []Position{p}
	var moves []grid.Move
	buf := make([]grid.Move, 0, MaxMoves)
	for !p.IsOver() {
		legal := p.LegalMoves(buf[:0])
		if len(legal) == 0 {
			panic(fmt.Sprintf("no legal move in an unfinished game: %s", describe(&p)))
		}
		m := pickMove(rng, &p, legal)
		p.Apply(m)
		moves = append(moves, m)
		positions = append(positions, p)
	}
	return positions, moves
}

// randomPositions returns the positions of games random games under every
// rule set, each tagged with its rules.
func randomPositions(seed uint64, games int) []taggedPosition {
	var out []taggedPosition
	for i, rules := range allRuleSets() {
		rng := newRNG(seed + uint64(i)*7919)
		for g := 0; g < games; g++ {
			ps, _ := randomGame(rng, rules)
			for _, p := range ps {
				out = append(out, taggedPosition{rules: rules, p: p})
			}
		}
	}
	return out
}

type taggedPosition struct {
	rules Rules
	p     Position
}

// describe renders a position compactly for failure messages.
func describe(p *Position) string {
	b := DiagramOf(p)
	data, err := json.Marshal(b)
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%s ply=%d %s", p.Rules(), p.Ply(), data)
}

// mustBoard builds a position from Board JSON under rules.
func mustBoard(t testing.TB, rules Rules, boardJSON string) Position {
	t.Helper()
	r, err := rules.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	var b Diagram
	if err := json.Unmarshal([]byte(boardJSON), &b); err != nil {
		t.Fatalf("board JSON: %v", err)
	}
	p, err := b.Position(r)
	if err != nil {
		t.Fatalf("board: %v", err)
	}
	return p
}

// mustPlay replays moves in notation from the start position of rules.
func mustPlay(t testing.TB, rules Rules, moves ...string) Position {
	t.Helper()
	g, err := Record{Rules: rules, Moves: moves}.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g.Final
}

// mustMove parses a move.
func mustMove(t testing.TB, text string) grid.Move {
	t.Helper()
	m, _, err := grid.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// sq parses a square, panicking on error (for literals in tables).
func sq(text string) grid.Square {
	s, err := grid.ParseSquare(text)
	if err != nil {
		panic(err)
	}
	return s
}

// bb builds a bitboard from square names.
func bb(names ...string) grid.Bitboard {
	var b grid.Bitboard
	for _, n := range names {
		b |= grid.Bit(sq(n))
	}
	return b
}

// moveSet returns the moves as a set, failing on duplicates.
func moveSet(t testing.TB, moves []grid.Move) map[grid.Move]bool {
	t.Helper()
	set := make(map[grid.Move]bool, len(moves))
	for _, m := range moves {
		if set[m] {
			t.Fatalf("move %s listed twice", m)
		}
		set[m] = true
	}
	return set
}

// diffSets describes how two move sets differ ("" when equal).
func diffSets(got, want map[grid.Move]bool) string {
	var s string
	for m := range got {
		if !want[m] {
			s += " extra " + m.String()
		}
	}
	for m := range want {
		if !got[m] {
			s += " missing " + m.String()
		}
	}
	return s
}

// parseRecord decodes a record from JSON, rejecting unknown fields. It does
// not replay the moves: see Record.Game.
func parseRecord(data []byte) (Record, error) {
	var r Record
	if err := DecodeStrict(data, &r); err != nil {
		return Record{}, fmt.Errorf("game record: %w", err)
	}
	return r, nil
}
