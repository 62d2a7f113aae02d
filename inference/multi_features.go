package inference

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

// Feature planes of the three- and four-player network
// (docs/multiplayer-network.md), in seats from the mover: seat k is the
// colour (toMove + k) mod players, so seat 0 is always the player to move
// and, with three players, seat 3 is empty. Every plane is binary; there
// are no history planes.
//
//	0-3   stones of seats 0-3
//	4-7   north-side walls by builder's seat
//	8-11  east-side walls by builder's seat
//	12-15 land of seats 0-3     16 neutral land
//	17-20 reach of seats 0-3
//	21-24 the seat still has its wall break (all ones; three players)
//	25-28 the seat is still in play, not settled (all ones)
//	29 three players  30 four players  31 setup phase  32 mid-turn  33 ones
const (
	MultiNumPlanes    = 34
	MultiFeatureSize  = MultiNumPlanes * PlaneSize
	MultiFeatureSetID = "wallzero-mp-34-v1"

	mpStones     = 0
	mpWallsNorth = 4
	mpWallsEast  = 8
	mpLand       = 12
	mpNeutral    = 16
	mpReach      = 17
	mpBreakLeft  = 21
	mpInPlay     = 25
	mpThree      = 29
	mpFour       = 30
	mpSetup      = 31
	mpMidTurn    = 32
	mpOnes       = 33
)

// EncodeMulti writes the multi-player features of req's position into dst
// (MultiFeatureSize floats, zeroed first). Positions of two players are
// not encoded (the two-player layout is theirs).
func EncodeMulti(dst []float32, req *search.Request) {
	dst = dst[:MultiFeatureSize]
	clear(dst)
	p := &req.Position
	n := p.Players()
	if n < 3 {
		return
	}
	t := p.Territory()
	r := p.Reachability()
	me := int(p.ToMove())
	for k := 0; k < n; k++ {
		c := engine.Color((me + k) % n)
		setPlane(dst, mpStones+k, p.Stones(c))
		setPlane(dst, mpWallsNorth+k, p.WallsNorth(c))
		setPlane(dst, mpWallsEast+k, p.WallsEast(c))
		setPlane(dst, mpLand+k, t.Owned[c])
		setPlane(dst, mpReach+k, r.Reach[c])
		if n == 3 && !p.BreakUsed(c) {
			fillPlane(dst, mpBreakLeft+k)
		}
		if p.Phase() != engine.Play || !p.Settled(c) {
			fillPlane(dst, mpInPlay+k)
		}
	}
	setPlane(dst, mpNeutral, t.Neutral)
	if n == 3 {
		fillPlane(dst, mpThree)
	} else {
		fillPlane(dst, mpFour)
	}
	if p.Phase() == engine.Setup {
		fillPlane(dst, mpSetup)
	}
	if p.MidTurn() {
		fillPlane(dst, mpMidTurn)
	}
	fillPlane(dst, mpOnes)
}
