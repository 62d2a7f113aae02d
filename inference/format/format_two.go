package format

import (
	"sync"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// Input planes of the two-player format, as the WallZero paper's Table 1
// (B+T+R+H, 49 planes of 7x7), in a fixed colour view: plane pairs are
// always Red then Blue, and the player-turn planes say who moves. Every
// plane is binary.
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
//
// Its actions are the turns and placements of actions.go (53 x 49 =
// 2597), its value row the win, draw and loss probabilities of the player
// to move.
const (
	twoPlanes       = 49
	historyPlanes   = 9
	firstHistory    = 13
	planeRedToMove  = 6
	planeBlueToMove = 7
	planeTerritory  = 8
	planeReach      = 11
)

// twoPlayer is the two-player format.
type twoPlayer struct {
	spec
	tables func() *[grid.NumSymmetries]Symmetry
}

func newTwoPlayer() *twoPlayer {
	f := &twoPlayer{spec: spec{features: "wallzero-btrh-49-v1", actions: "wallzero-actions-53x49-v1",
		planes: twoPlanes, numActions: NumChannels * grid.NumSquares, valueSize: 3, players: []int{2}}}
	f.tables = sync.OnceValue(func() *[grid.NumSymmetries]Symmetry { return symmetries(f) })
	return f
}

// Encode implements Format. Only two-player positions have these inputs.
func (f *twoPlayer) Encode(dst []float32, req *search.Request) {
	dst = dst[:f.FeatureSize()]
	clear(dst)
	p := &req.Position
	encodeFrame(dst, 0, planeTerritory, p)
	turn := planeRedToMove
	if p.ToMove() == grid.Blue {
		turn = planeBlueToMove
	}
	fillPlane(dst, turn)
	r := p.Reachability()
	setPlane(dst, planeReach, r.Reach[grid.Red])
	setPlane(dst, planeReach+1, r.Reach[grid.Blue])
	for k := 0; k < req.HistoryCount && k < search.HistoryLen; k++ {
		base := firstHistory + historyPlanes*k
		encodeFrame(dst, base, base+6, &req.History[k])
	}
}

// encodeFrame writes stones and walls from plane base and land from plane
// land.
func encodeFrame(dst []float32, base, land int, p *engine.Position) {
	for c := grid.Red; c <= grid.Blue; c++ {
		setPlane(dst, base+int(c), p.Stones(c))
		setPlane(dst, base+2+int(c), p.WallsNorth(c))
		setPlane(dst, base+4+int(c), p.WallsEast(c))
	}
	t := p.Territory()
	setPlane(dst, land, t.Owned[grid.Red])
	setPlane(dst, land+1, t.Owned[grid.Blue])
	setPlane(dst, land+2, t.Neutral)
}

// Key implements Format: the position and the history positions (their
// Zobrist hashes cover stones, walls with builders, the player to move
// and the phase; land and reach follow from them).
func (f *twoPlayer) Key(req *search.Request) uint64 {
	h := req.Position.Hash()
	for k := 0; k < req.HistoryCount; k++ {
		x := req.History[k].Hash()
		h ^= (x<<(7*uint(k+1)) | x>>(64-7*uint(k+1))) * 0x9E3779B97F4A7C15
	}
	return h ^ uint64(req.HistoryCount)*0xD6E8FEB86659FD93
}

// ActionOf implements Format: turns and placements; -1 for a break,
// which two-player games do not have.
func (f *twoPlayer) ActionOf(m grid.Move) int { return stoneAction(m) }

// Utility implements Format: win/draw/loss probabilities for the mover
// become both players' utilities.
func (f *twoPlayer) Utility(v []float32, p *engine.Position, u *[grid.MaxPlayers]float32) {
	me := p.ToMove()
	u[me] = v[0] + v[1]/2
	u[1-me] = v[2] + v[1]/2
}

// Symmetries implements Format.
func (f *twoPlayer) Symmetries() *[grid.NumSymmetries]Symmetry { return f.tables() }

// wallPlanes implements layoutGeometry: planes 2-5 of the position and of
// each history frame.
func (f *twoPlayer) wallPlanes(plane int) (north, east int, ok bool) {
	k := plane
	if plane >= firstHistory {
		k = (plane - firstHistory) % historyPlanes
	}
	switch k {
	case 2, 3:
		return plane, plane + 2, true
	case 4, 5:
		return plane - 2, plane, true
	}
	return 0, 0, false
}

// actionImage implements layoutGeometry.
func (f *twoPlayer) actionImage(t grid.Symmetry, a int) int { return stoneActionImage(t, a) }
