package inference

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

// Feature planes, as the WallZero paper's Table 1 (B+T+R+H, 49 planes of
// 7x7), in a fixed colour view: plane pairs are always Red then Blue, and
// the player-turn planes say who moves. Every plane is binary.
//
//	0  Red stones              1  Blue stones
//	2  Red horizontal walls    3  Blue horizontal walls   (wall on the square's north side)
//	4  Red vertical walls      5  Blue vertical walls     (wall on the square's east side)
//	6  Red to move (all ones)  7  Blue to move (all ones)
//	8  Red land  9  Blue land  10 neutral land (empty regions)
//	11 Red reach 12 Blue reach (squares a stone can end a turn on)
//	13 + 9k .. 21 + 9k, k = 0..3: the position k+1 plies ago: stones (2),
//	   walls (4) and land (3) as planes 0-5 and 8-10; zero when the game is
//	   younger.
const (
	NumPlanes       = 49
	PlaneSize       = engine.NumSquares
	FeatureSize     = NumPlanes * PlaneSize
	historyPlanes   = 9
	firstHistory    = 13
	FeatureSetID    = "wallzero-btrh-49-v1"
	planeRedToMove  = 6
	planeTerritory  = 8
	planeReach      = 11
	planeBlueToMove = 7
)

// Encode writes the features of req into dst (FeatureSize floats, zeroed
// first). Only two-player positions have features.
func Encode(dst []float32, req *search.Request) {
	dst = dst[:FeatureSize]
	clear(dst)
	p := &req.Position
	encodeFrame(dst, 0, planeTerritory, p)
	turn := planeRedToMove
	if p.ToMove() == engine.Blue {
		turn = planeBlueToMove
	}
	fillPlane(dst, turn)
	r := p.Reachability()
	setPlane(dst, planeReach, r.Reach[engine.Red])
	setPlane(dst, planeReach+1, r.Reach[engine.Blue])
	for k := 0; k < req.HistoryCount && k < search.HistoryLen; k++ {
		base := firstHistory + historyPlanes*k
		encodeFrame(dst, base, base+6, &req.History[k])
	}
}

// encodeFrame writes stones and walls from plane base and land from plane
// land.
func encodeFrame(dst []float32, base, land int, p *engine.Position) {
	for c := engine.Red; c <= engine.Blue; c++ {
		setPlane(dst, base+int(c), p.Stones(c))
		setPlane(dst, base+2+int(c), p.WallsNorth(c))
		setPlane(dst, base+4+int(c), p.WallsEast(c))
	}
	t := p.Territory()
	setPlane(dst, land, t.Owned[engine.Red])
	setPlane(dst, land+1, t.Owned[engine.Blue])
	setPlane(dst, land+2, t.Neutral)
}

func setPlane(dst []float32, plane int, b engine.Bitboard) {
	off := plane * PlaneSize
	for ; b != 0; b &= b - 1 {
		dst[off+int(b.First())] = 1
	}
}

func fillPlane(dst []float32, plane int) {
	off := plane * PlaneSize
	for i := 0; i < PlaneSize; i++ {
		dst[off+i] = 1
	}
}

// FeatureKey hashes everything the features of req depend on: the position
// and the history positions (their Zobrist hashes cover stones, walls with
// builders, the player to move and the phase; land and reach follow from
// them).
func FeatureKey(req *search.Request) uint64 {
	h := req.Position.Hash()
	for k := 0; k < req.HistoryCount; k++ {
		x := req.History[k].Hash()
		h ^= (x<<(7*uint(k+1)) | x>>(64-7*uint(k+1))) * 0x9E3779B97F4A7C15
	}
	return h ^ uint64(req.HistoryCount)*0xD6E8FEB86659FD93
}
