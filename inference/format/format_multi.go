package format

import (
	"sync"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// Input planes of the three- and four-player format
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
//
// Its actions are the two-player format's 53 channels (turns and
// placements) and two more for the wall break, whose square and side are
// the wall's canonical form: channel BreakNorthChannel breaks the wall on
// the square's north side, BreakEastChannel the one on its east side (55 x
// 49 = 2695). Its value row is a value per seat.
const (
	BreakNorthChannel = NumChannels
	BreakEastChannel  = NumChannels + 1

	mpPlanes     = 34
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

// multiPlayer is the three- and four-player format.
type multiPlayer struct {
	spec
	tables func() *[grid.NumSymmetries]Symmetry
}

func newMultiPlayer() *multiPlayer {
	f := &multiPlayer{spec: spec{features: "wallzero-mp-34-v1", actions: "wallzero-mp-actions-55x49-v1",
		planes: mpPlanes, numActions: (NumChannels + 2) * grid.NumSquares, valueSize: grid.MaxPlayers, players: []int{3, 4}}}
	f.tables = sync.OnceValue(func() *[grid.NumSymmetries]Symmetry { return symmetries(f) })
	return f
}

// Encode implements Format. Positions of two players are not encoded (the
// two-player format is theirs).
func (f *multiPlayer) Encode(dst []float32, req *search.Request) {
	dst = dst[:f.FeatureSize()]
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
		c := grid.Color((me + k) % n)
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

// Key implements Format: with no history planes, the position's Zobrist
// hash (stones, walls with builders, mover, phase, breaks used) and the
// player count, which the hash leaves out (a three- and a four-player
// setup can hold the same stones).
func (f *multiPlayer) Key(req *search.Request) uint64 {
	return req.Position.Hash() ^ uint64(req.Position.Players())*0x9E3779B97F4A7C15
}

// ActionOf implements Format: a turn or a placement as the two-player
// format numbers it, a break in its own channels; -1 for none.
func (f *multiPlayer) ActionOf(m grid.Move) int {
	if m.Kind != grid.Break {
		return stoneAction(m)
	}
	switch m.Side {
	case grid.North:
		return BreakNorthChannel*grid.NumSquares + int(m.To)
	case grid.East:
		return BreakEastChannel*grid.NumSquares + int(m.To)
	}
	return -1
}

// Utility implements Format: a value per seat (seat k is the colour k
// after the mover) becomes utilities by colour, renormalised over the
// seats in play.
func (f *multiPlayer) Utility(v []float32, p *engine.Position, u *[grid.MaxPlayers]float32) {
	n := p.Players()
	var sum float32
	for k := 0; k < n; k++ {
		sum += max(v[k], 0)
	}
	me := int(p.ToMove())
	for k := 0; k < n; k++ {
		x := 1 / float32(n)
		if sum > 0 {
			x = max(v[k], 0) / sum
		}
		u[(me+k)%n] = x
	}
}

// Symmetries implements Format.
func (f *multiPlayer) Symmetries() *[grid.NumSymmetries]Symmetry { return f.tables() }

// wallPlanes implements layoutGeometry: planes 4-11, by builder's seat.
func (f *multiPlayer) wallPlanes(plane int) (north, east int, ok bool) {
	switch {
	case plane >= mpWallsNorth && plane < mpWallsEast:
		return plane, plane + 4, true
	case plane >= mpWallsEast && plane < mpLand:
		return plane - 4, plane, true
	}
	return 0, 0, false
}

// actionImage implements layoutGeometry: turns and placements as the
// two-player format, a break as the wall it breaks.
func (f *multiPlayer) actionImage(t grid.Symmetry, a int) int {
	ch, sq := a/grid.NumSquares, grid.Square(a%grid.NumSquares)
	if ch < NumChannels {
		return stoneActionImage(t, a)
	}
	side := grid.North
	if ch == BreakEastChannel {
		side = grid.East
	}
	if w, ok := wallImage(t, sq, side); ok {
		return f.ActionOf(w)
	}
	return -1
}
