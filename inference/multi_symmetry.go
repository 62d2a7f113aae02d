package inference

import "github.com/wallzero/wallzero/engine"

// MultiSymmetry says where the multi-player network's inputs and actions
// go under a board symmetry, as gather indices: for a position p and a
// symmetry t, input j of t(p) is input Features[j] of p, and the policy of
// t(p) at action a is the policy of p at action Actions[a]. The learner
// uses them to augment its samples on the fly, from its copy of the
// tables (training/wallzero/mp_symmetries.json, which a test keeps equal
// to these).
//
// Each table is a permutation. Indices that no position uses (the walls
// and breaks on the board's edge) are paired among themselves.
type MultiSymmetry struct {
	Features []int // MultiFeatureSize indices
	Actions  []int // MultiNumActions indices
}

// MultiSymmetries returns the tables of the eight symmetries, in the order
// of engine.AllSymmetries.
func MultiSymmetries() [engine.NumSymmetries]MultiSymmetry {
	var out [engine.NumSymmetries]MultiSymmetry
	for i, t := range engine.AllSymmetries {
		f, a := multiFeatureImages(t), multiActionImages(t)
		out[i].Features = gatherOf(f[:])
		out[i].Actions = gatherOf(a[:])
	}
	return out
}

// multiFeatureImages maps each input of p to its index in t(p), -1 for the
// inputs of walls on the board's edge, which no position has.
func multiFeatureImages(t engine.Symmetry) [MultiFeatureSize]int {
	var img [MultiFeatureSize]int
	for plane := range MultiNumPlanes {
		for s := range engine.NumSquares {
			i := plane*PlaneSize + s
			wall := plane >= mpWallsNorth && plane < mpLand
			if !wall {
				img[i] = plane*PlaneSize + int(t.Square(engine.Square(s)))
				continue
			}
			side, seat := engine.North, (plane-mpWallsNorth)%4
			if plane >= mpWallsEast {
				side = engine.East
			}
			img[i] = -1
			if w, ok := wallImage(t, engine.Square(s), side); ok {
				to := mpWallsNorth + seat
				if w.Side == engine.East {
					to = mpWallsEast + seat
				}
				img[i] = to*PlaneSize + int(w.To)
			}
		}
	}
	return img
}

// multiActionImages maps each action to its id after t, -1 for the breaks
// of walls on the board's edge.
func multiActionImages(t engine.Symmetry) [MultiNumActions]int {
	var img [MultiNumActions]int
	for a := range MultiNumActions {
		ch, sq := a/engine.NumSquares, engine.Square(a%engine.NumSquares)
		if ch < NumChannels {
			img[a] = int(actionSym[t][a])
			continue
		}
		side := engine.North
		if ch == BreakEastChannel {
			side = engine.East
		}
		img[a] = -1
		if w, ok := wallImage(t, sq, side); ok {
			img[a] = MultiActionOf(w)
		}
	}
	return img
}

// wallImage is the wall on side of sq after t, as a break in canonical
// form (its square and North or East); false for the board's edge.
func wallImage(t engine.Symmetry, sq engine.Square, side engine.Side) (engine.Move, bool) {
	w, ok := engine.BreakWall(sq, side)
	if !ok {
		return engine.Move{}, false
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
