package format

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/internal/testkit/gametest"
)

// TestMultiFeaturesSeats checks every plane against the position it
// encodes, seat by seat, over whole random games of three and four
// players (setup, breaks, mid-turn and settled players included).
func TestMultiFeaturesSeats(t *testing.T) {
	t.Parallel()
	for _, players := range []int{3, 4} {
		for seed := uint64(1); seed <= 6; seed++ {
			for _, p := range gametest.MultiGame(players, seed) {
				if p.IsOver() {
					continue
				}
				x := encodeMulti(p)
				plane := func(i int) grid.Bitboard {
					var b grid.Bitboard
					for s := 0; s < PlaneSize; s++ {
						if x[i*PlaneSize+s] != 0 {
							b |= grid.Bit(grid.Square(s))
						}
					}
					return b
				}
				full := grid.Bitboard(1)<<grid.NumSquares - 1
				flag := func(on bool) grid.Bitboard {
					if on {
						return full
					}
					return 0
				}
				terr, reach := p.Territory(), p.Reachability()
				for k := 0; k < grid.MaxPlayers; k++ {
					var want [7]grid.Bitboard
					if k < players {
						c := grid.Color((int(p.ToMove()) + k) % players)
						want = [7]grid.Bitboard{p.Stones(c), p.WallsNorth(c), p.WallsEast(c), terr.Owned[c], reach.Reach[c],
							flag(players == 3 && !p.BreakUsed(c)), flag(p.Phase() == engine.Setup || !p.Settled(c))}
					}
					for i, base := range []int{mpStones, mpWallsNorth, mpWallsEast, mpLand, mpReach, mpBreakLeft, mpInPlay} {
						if got := plane(base + k); got != want[i] {
							t.Fatalf("%dp seed %d ply %d: plane %d (seat %d) = %x, want %x", players, seed, p.Ply(), base+k, k, got, want[i])
						}
					}
				}
				for _, c := range []struct {
					plane int
					want  grid.Bitboard
				}{
					{mpNeutral, terr.Neutral}, {mpThree, flag(players == 3)}, {mpFour, flag(players == 4)},
					{mpSetup, flag(p.Phase() == engine.Setup)}, {mpMidTurn, flag(p.MidTurn())}, {mpOnes, full},
				} {
					if got := plane(c.plane); got != c.want {
						t.Fatalf("%dp seed %d ply %d: plane %d = %x, want %x", players, seed, p.Ply(), c.plane, got, c.want)
					}
				}
			}
		}
	}
}

// TestMultiFeaturesSymmetry checks that the features of a transformed
// position are the transformed features: every plane but the walls' turns
// with the board, and each seat's walls turn as walls (a north wall may
// become an east one).
func TestMultiFeaturesSymmetry(t *testing.T) {
	t.Parallel()
	for _, players := range []int{3, 4} {
		game := gametest.MultiGame(players, 11)
		for _, p := range game[:len(game)-1] {
			x := encodeMulti(p)
			for _, sym := range grid.AllSymmetries {
				y := encodeMulti(p.Transformed(sym))
				for k := 0; k < grid.MaxPlayers; k++ {
					if got, want := wallSet(y, k), turnWalls(sym, wallSet(x, k)); !sameWalls(got, want) {
						t.Fatalf("%dp ply %d symmetry %v: seat %d's walls %v, want %v", players, p.Ply(), sym, k, got, want)
					}
				}
				for pl := 0; pl < mpPlanes; pl++ {
					if pl >= mpWallsNorth && pl < mpWallsEast+4 {
						continue
					}
					for s := grid.Square(0); s < grid.NumSquares; s++ {
						if x[pl*PlaneSize+int(s)] != y[pl*PlaneSize+int(sym.Square(s))] {
							t.Fatalf("%dp ply %d symmetry %v: plane %d at %v does not move with the board", players, p.Ply(), sym, pl, s)
						}
					}
				}
			}
		}
	}
}

// wallSet returns seat k's walls in features x as canonical breaks (a
// break names a wall in its canonical form).
func wallSet(x []float32, k int) map[grid.Move]bool {
	out := map[grid.Move]bool{}
	for _, w := range []struct {
		plane int
		side  grid.Side
	}{{mpWallsNorth + k, grid.North}, {mpWallsEast + k, grid.East}} {
		for s := grid.Square(0); s < grid.NumSquares; s++ {
			if x[w.plane*PlaneSize+int(s)] != 0 {
				m, _ := grid.BreakWall(s, w.side)
				out[m] = true
			}
		}
	}
	return out
}

func turnWalls(sym grid.Symmetry, walls map[grid.Move]bool) map[grid.Move]bool {
	out := map[grid.Move]bool{}
	for m := range walls {
		out[sym.Move(m)] = true
	}
	return out
}

func sameWalls(a, b map[grid.Move]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for m := range a {
		if !b[m] {
			return false
		}
	}
	return true
}

// TestMultiFeaturesTwoPlayersEmpty checks that a two-player position has
// no multi-player features (its layout is the two-player one).
func TestMultiFeaturesTwoPlayersEmpty(t *testing.T) {
	t.Parallel()
	for i, v := range encodeMulti(engine.NewPosition(engine.DefaultRules())) {
		if v != 0 {
			t.Fatalf("feature %d = %v for a two-player position", i, v)
		}
	}
}

// TestMultiFeaturesGolden pins the planes of a three-player position just
// after a wall break (mid-turn) and of a four-player midgame.
func TestMultiFeaturesGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		players int
		pick    func(p *engine.Position) bool
	}{
		{"3p-after-break", 3, func(p *engine.Position) bool { return p.MidTurn() }},
		{"4p-midgame", 4, func(p *engine.Position) bool { return p.Phase() == engine.Play && p.WallCount() >= 6 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var pos *engine.Position
			for _, p := range gametest.MultiGame(tc.players, 5) {
				if tc.pick(&p) {
					pos = &p
					break
				}
			}
			if pos == nil {
				t.Fatal("the game has no such position")
			}
			got := renderPlanes(encodeMulti(*pos))
			path := filepath.Join("testdata", "mp-features-"+tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("features differ from %s (go test -update rewrites it):\n%s", path, got)
			}
		})
	}
}
