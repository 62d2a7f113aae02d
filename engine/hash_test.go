package engine

import (
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// TestHashIncremental plays random games under every rule set (breaks
// included with three players) and compares the incrementally kept hash
// with one computed from scratch after every move.
func TestHashIncremental(t *testing.T) {
	t.Parallel()
	for i, rules := range allRuleSets() {
		t.Run(rules.String(), func(t *testing.T) {
			t.Parallel()
			rng := newRNG(uint64(500 + i))
			breaks := 0
			for g := 0; g < 8; g++ {
				ps, moves := randomGame(rng, rules)
				for k, p := range ps {
					if p.Hash() != p.computeHash() {
						where := "start"
						if k > 0 {
							where = "after " + moves[k-1].String()
						}
						t.Fatalf("game %d ply %d (%s): incremental hash %x, recomputed %x\n%s", g, k, where, p.Hash(), p.computeHash(), describe(&p))
					}
				}
				for _, m := range moves {
					if m.Kind == grid.Break {
						breaks++
					}
				}
			}
			if rules.Players == 3 && breaks == 0 {
				t.Fatalf("no break was played: the break path is untested")
			}
		})
	}
}

// TestHashDistinguishes checks that every part of the state the hash covers
// changes it, and that no two different positions of many random games
// share a hash.
func TestHashDistinguishes(t *testing.T) {
	t.Parallel()
	three := Rules{Players: 3}
	base := mustPlay(t, three, "E6", "G3", "F5", "F1", "G7", "C2", "C2-B1:E", "G3-G5:W", "F1-F3:N", "E6-E6:W")
	variants := map[string]func(p *Position){
		"stone moved":  func(p *Position) { p.stones[grid.Red] = p.stones[grid.Red]&^bb("E6") | bb("D5") },
		"stone colour": func(p *Position) { p.stones[grid.Red] &^= bb("E6"); p.stones[grid.Blue] |= bb("E6") },
		"wall builder": func(p *Position) { p.built[grid.Red].East &^= bb("B1"); p.built[grid.Blue].East |= bb("B1") },
		"wall removed": func(p *Position) { p.built[grid.Red].East &^= bb("B1"); p.w.East &^= bb("B1") },
		"wall other side": func(p *Position) {
			p.built[grid.Red].East &^= bb("B1")
			p.w.East &^= bb("B1")
			p.built[grid.Red].North |= bb("B1")
			p.w.North |= bb("B1")
		},
		"to move":          func(p *Position) { p.toMove = grid.Green },
		"break used":       func(p *Position) { p.broken |= 1 << grid.Green },
		"mid-turn":         func(p *Position) { p.midTurn = true },
		"phase over":       func(p *Position) { p.phase = Over },
		"phase setup":      func(p *Position) { p.phase = Setup },
		"extra wall north": func(p *Position) { p.built[grid.Green].North |= bb("D4"); p.w.North |= bb("D4") },
	}
	seen := map[uint64]string{base.computeHash(): "base"}
	for name, change := range variants {
		q := base
		change(&q)
		h := q.computeHash()
		if other, dup := seen[h]; dup {
			t.Errorf("%s and %s share hash %x", name, other, h)
		}
		seen[h] = name
	}

	// Random games: equal hashes only for equal positions (the ply count
	// aside, which the hash leaves out on purpose).
	type key struct {
		rules Rules
		hash  uint64
	}
	byHash := map[key]Position{}
	for _, tp := range randomPositions(61, 2) {
		p := tp.p
		p.ply = 0
		k := key{tp.rules, p.Hash()} // the hash does not cover the rules
		if q, ok := byHash[k]; ok && q != p {
			t.Fatalf("different positions share hash %x:\n%s\n%s", p.Hash(), describe(&p), describe(&q))
		}
		byHash[k] = p
	}
	if len(byHash) < 1000 {
		t.Fatalf("only %d positions compared", len(byHash))
	}
}

// TestHashStable pins the hash of start positions: the service caches
// analyses by hash, so the keys must not change between builds.
func TestHashStable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules Rules
		moves []string
		want  uint64
	}{
		{"four-stone start", DefaultRules(), nil, 0xa3de99509093e409},
		{"empty start", Rules{Players: 2, Opening: OpeningEmpty}, nil, 0x6e7edabfd8757dc8},
		{"first turn", DefaultRules(), []string{"C3", "E3", "C5", "E5", "E5-E4:N"}, 0x4d95d3d548496978},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := mustPlay(t, tc.rules, tc.moves...)
			if p.Hash() != tc.want {
				t.Fatalf("hash %#x, want %#x", p.Hash(), tc.want)
			}
		})
	}
}
