package format

import "github.com/wallzero/wallzero/engine/grid"

// Symmetry says where a format's inputs and actions go under a board
// symmetry, as gather indices: for a position p and a symmetry t, input j
// of t(p) is input Features[j] of p, and the policy of t(p) at action a is
// the policy of p at action Actions[a]. The multi-player learner augments
// its samples with them (training/wallzero/mp_symmetries.json, which a
// test keeps equal to MultiPlayer's tables).
//
// Each table is a permutation. Indices that no position uses (the walls
// and breaks on the board's edge) are paired among themselves.
type Symmetry struct {
	Features []int // FeatureSize indices
	Actions  []int // NumActions indices
}

// layoutGeometry is what the gather tables need of a format: which planes
// hold walls and where each action goes.
type layoutGeometry interface {
	Format
	// wallPlanes returns, for a plane of walls, the planes of the same
	// builder's north-side and east-side walls; ok is false for a plane
	// that is not a wall plane.
	wallPlanes(plane int) (north, east int, ok bool)
	// actionImage returns the id of action a after t, -1 when it names a
	// wall on the board's edge.
	actionImage(t grid.Symmetry, a int) int
}

// symmetries computes the gather tables of the eight symmetries of f.
func symmetries(f layoutGeometry) *[grid.NumSymmetries]Symmetry {
	var out [grid.NumSymmetries]Symmetry
	for i, t := range grid.AllSymmetries {
		img := make([]int, f.NumActions())
		for a := range img {
			img[a] = f.actionImage(t, a)
		}
		out[i] = Symmetry{Features: gatherOf(featureImages(f, t)), Actions: gatherOf(img)}
	}
	return &out
}

// featureImages maps each input of p to its index in t(p): a square moves
// with the board, a wall moves as a wall (a north-side wall may become an
// east-side one); -1 for the inputs of walls on the board's edge, which no
// position has.
func featureImages(f layoutGeometry, t grid.Symmetry) []int {
	img := make([]int, f.FeatureSize())
	for plane := range f.Planes() {
		north, east, wall := f.wallPlanes(plane)
		for s := range grid.NumSquares {
			i := plane*PlaneSize + s
			if !wall {
				img[i] = plane*PlaneSize + int(t.Square(grid.Square(s)))
				continue
			}
			side := grid.North
			if plane == east {
				side = grid.East
			}
			img[i] = -1
			if w, ok := wallImage(t, grid.Square(s), side); ok {
				to := north
				if w.Side == grid.East {
					to = east
				}
				img[i] = to*PlaneSize + int(w.To)
			}
		}
	}
	return img
}

// wallImage is the wall on side of sq after t, as a break in canonical
// form (its square and North or East); false for the board's edge.
func wallImage(t grid.Symmetry, sq grid.Square, side grid.Side) (grid.Move, bool) {
	w, ok := grid.BreakWall(sq, side)
	if !ok {
		return grid.Move{}, false
	}
	return t.Move(w), true
}

// gatherOf turns images (i goes to img[i]) into gather indices (j comes
// from out[j]), pairing the unmapped indices with the unused targets in
// order so that the result is a permutation.
func gatherOf(img []int) []int {
	out := make([]int, len(img))
	used := make([]bool, len(img))
	for i := range out {
		out[i] = -1
	}
	var free []int
	for i, j := range img {
		if j < 0 {
			free = append(free, i)
			continue
		}
		out[j], used[j] = i, true
	}
	for j := range out {
		if !used[j] {
			out[j], free = free[0], free[1:]
		}
	}
	return out
}
