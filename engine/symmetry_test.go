package engine

import (
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// TestSymmetryDocumented checks each symmetry against its comment in
// symmetry.go: where A1 (or B1) goes and where the north side points.
func TestSymmetryDocumented(t *testing.T) {
	t.Parallel()
	tests := []struct {
		t     grid.Symmetry
		name  string
		from  string
		to    string
		sides [4]grid.Side // images of N, E, S, W
	}{
		{grid.Identity, "identity", "A1", "A1", [4]grid.Side{grid.North, grid.East, grid.South, grid.West}},
		// Counter-clockwise: the north side turns to face west.
		{grid.Rotate90, "rot90", "A1", "G1", [4]grid.Side{grid.West, grid.North, grid.East, grid.South}},
		{grid.Rotate180, "rot180", "A1", "G7", [4]grid.Side{grid.South, grid.West, grid.North, grid.East}},
		{grid.Rotate270, "rot270", "A1", "A7", [4]grid.Side{grid.East, grid.South, grid.West, grid.North}},
		{grid.MirrorColumns, "mirror-columns", "A1", "G1", [4]grid.Side{grid.North, grid.West, grid.South, grid.East}},
		{grid.MirrorRows, "mirror-rows", "A1", "A7", [4]grid.Side{grid.South, grid.East, grid.North, grid.West}},
		{grid.Transpose, "transpose", "B1", "A2", [4]grid.Side{grid.East, grid.North, grid.West, grid.South}},
		{grid.AntiTranspose, "anti-transpose", "A1", "G7", [4]grid.Side{grid.West, grid.South, grid.East, grid.North}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.t.String() != tc.name {
				t.Errorf("String() = %q, want %q", tc.t.String(), tc.name)
			}
			if got := tc.t.Square(sq(tc.from)); got != sq(tc.to) {
				t.Errorf("%s maps %s to %s, want %s", tc.t, tc.from, got, tc.to)
			}
			for d, want := range tc.sides {
				if got := tc.t.Side(grid.Side(d)); got != want {
					t.Errorf("%s maps side %s to %s, want %s", tc.t, grid.Side(d), got, want)
				}
			}
			if tc.t.Square(sq("D4")) != sq("D4") {
				t.Errorf("%s moves the centre", tc.t)
			}
		})
	}
	if grid.Symmetry(8).String() != "symmetry(8)" {
		t.Errorf("out of range: %q", grid.Symmetry(8).String())
	}
	if grid.AllSymmetries[0] != grid.Identity || len(grid.AllSymmetries) != grid.NumSymmetries {
		t.Errorf("AllSymmetries: %v", grid.AllSymmetries)
	}
}

// TestSymmetryGeometry checks that every symmetry is a bijection of the
// board that carries neighbours to neighbours across the mapped side, and
// that the eight form a group with the given inverses.
func TestSymmetryGeometry(t *testing.T) {
	t.Parallel()
	for _, sym := range grid.AllSymmetries {
		t.Run(sym.String(), func(t *testing.T) {
			t.Parallel()
			var image grid.Bitboard
			for s := grid.Square(0); s < grid.NumSquares; s++ {
				image |= grid.Bit(sym.Square(s))
				for _, d := range grid.AllSides {
					n := s.Neighbor(d)
					m := sym.Square(s).Neighbor(sym.Side(d))
					if (n == grid.NoSquare) != (m == grid.NoSquare) || (n != grid.NoSquare && sym.Square(n) != m) {
						t.Fatalf("%s: neighbour of %s across %s is %s, image %s; the image's neighbour across %s is %s", sym, s, d, n, sym.Square(n), sym.Side(d), m)
					}
				}
				inv := sym.Inverse()
				if inv.Square(sym.Square(s)) != s || sym.Square(inv.Square(s)) != s {
					t.Fatalf("%s: inverse %s does not undo it on %s", sym, inv, s)
				}
			}
			if image != grid.AllSquares {
				t.Fatalf("%s is not a bijection", sym)
			}
			for _, d := range grid.AllSides {
				if sym.Inverse().Side(sym.Side(d)) != d || sym.Side(d.Opposite()) != sym.Side(d).Opposite() {
					t.Fatalf("%s: sides do not invert", sym)
				}
			}
			// Composition stays in the group.
			for _, u := range grid.AllSymmetries {
				found := false
				for _, v := range grid.AllSymmetries {
					same := true
					for s := grid.Square(0); s < grid.NumSquares; s++ {
						if u.Square(sym.Square(s)) != v.Square(s) {
							same = false
							break
						}
					}
					found = found || same
				}
				if !found {
					t.Fatalf("%s then %s is not one of the eight", sym, u)
				}
			}
			b := bb("A1", "C3", "G5", "D7")
			if got := sym.Bitboard(b); got.Count() != 4 || !got.Has(sym.Square(sq("C3"))) {
				t.Fatalf("Bitboard: %v", got.Squares())
			}
		})
	}
}

// TestSymmetryCommutes is the central symmetry property: mapping a position
// and then playing the mapped move gives the mapped successor, and the
// legal moves of the mapped position are the mapped legal moves.
func TestSymmetryCommutes(t *testing.T) {
	t.Parallel()
	positions := randomPositions(31, 3)
	for _, sym := range grid.AllSymmetries {
		t.Run(sym.String(), func(t *testing.T) {
			t.Parallel()
			var buf, buf2 [MaxMoves]grid.Move
			for _, tp := range positions {
				p := tp.p
				q := p.Transformed(sym)
				if q.Hash() != q.computeHash() {
					t.Fatalf("mapped hash is stale")
				}
				if back := q.Transformed(sym.Inverse()); back != p {
					t.Fatalf("Inverse does not undo %s:\n%s", sym, describe(&p))
				}
				checkMapped(t, sym, &p, &q)
				legal := p.LegalMoves(buf[:0])
				want := map[grid.Move]bool{}
				for _, m := range legal {
					want[sym.Move(m)] = true
				}
				got := moveSet(t, q.LegalMoves(buf2[:0]))
				if d := diffSets(got, want); d != "" {
					t.Fatalf("%s: legal moves of the image differ:%s\n%s", sym, d, describe(&p))
				}
				for _, m := range legal {
					if sym.Inverse().Move(sym.Move(m)) != m {
						t.Fatalf("%s: Inverse does not undo move %s", sym, m)
					}
					after := p
					after.Apply(m)
					mapped := q
					if err := mapped.Play(sym.Move(m)); err != nil {
						t.Fatalf("%s: image of legal %s is illegal: %v", sym, m, err)
					}
					if want := after.Transformed(sym); mapped != want || mapped.Hash() != want.Hash() {
						t.Fatalf("%s does not commute with %s:\n%s", sym, m, describe(&p))
					}
				}
			}
		})
	}
}

// checkMapped checks that q is p under sym square by square: stones, walls
// with builders, and everything else unchanged; land and results agree.
func checkMapped(t *testing.T, sym grid.Symmetry, p, q *Position) {
	t.Helper()
	for s := grid.Square(0); s < grid.NumSquares; s++ {
		if p.StoneAt(s) != q.StoneAt(sym.Square(s)) {
			t.Fatalf("%s: stone on %s not carried over", sym, s)
		}
		for _, d := range grid.AllSides {
			if p.WallBuilder(s, d) != q.WallBuilder(sym.Square(s), sym.Side(d)) || p.HasWall(s, d) != q.HasWall(sym.Square(s), sym.Side(d)) {
				t.Fatalf("%s: wall %s:%s not carried over", sym, s, d)
			}
		}
	}
	if p.ToMove() != q.ToMove() || p.Phase() != q.Phase() || p.MidTurn() != q.MidTurn() || p.Ply() != q.Ply() || p.WallCount() != q.WallCount() {
		t.Fatalf("%s changed the game state", sym)
	}
	pr, qr := p.Result(), q.Result()
	for c := 0; c < grid.MaxPlayers; c++ {
		if pr.Score[c] != qr.Score[c] || pr.Largest[c] != qr.Largest[c] || sym.Bitboard(pr.Owned[c]) != qr.Owned[c] {
			t.Fatalf("%s: land of %s differs", sym, grid.Color(c))
		}
		if c < p.Players() && (p.Settled(grid.Color(c)) != q.Settled(grid.Color(c)) || sym.Bitboard(p.Reach(grid.Color(c))) != q.Reach(grid.Color(c))) {
			t.Fatalf("%s: settled or reach of %s differs", sym, grid.Color(c))
		}
	}
	if pr.Winners != qr.Winners || sym.Bitboard(pr.Neutral) != qr.Neutral || sym.Bitboard(pr.Open) != qr.Open {
		t.Fatalf("%s: result differs", sym)
	}
	if len(p.Regions()) != len(q.Regions()) {
		t.Fatalf("%s: region count differs", sym)
	}
}

// TestCanonicalHash checks that the eight images of a position share their
// canonical hash, that the returned symmetry gives a position with that
// hash, and that it is the smallest of the eight.
func TestCanonicalHash(t *testing.T) {
	t.Parallel()
	distinct := 0
	for _, tp := range randomPositions(41, 3) {
		p := tp.p
		h, best := p.CanonicalHash()
		canon := p.Transformed(best)
		if canon.Hash() != h {
			t.Fatalf("the canonical symmetry %s gives hash %x, not %x", best, canon.Hash(), h)
		}
		images := map[uint64]bool{}
		for _, sym := range grid.AllSymmetries {
			q := p.Transformed(sym)
			images[q.Hash()] = true
			if q.Hash() < h {
				t.Fatalf("%s gives a smaller hash than the canonical one", sym)
			}
			if h2, _ := q.CanonicalHash(); h2 != h {
				t.Fatalf("image under %s has canonical hash %x, want %x\n%s", sym, h2, h, describe(&p))
			}
		}
		if len(images) > 1 {
			distinct++
		}
	}
	if distinct == 0 {
		t.Fatalf("no position had distinct images: the test proves nothing")
	}
}
