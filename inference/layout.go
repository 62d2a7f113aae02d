package inference

import (
	"slices"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

// Layout is what a network's tensors mean: how a position becomes input
// planes, which policy entry a move is, and how a value row becomes each
// player's utility. A model names its layout in its metadata (feature set
// and action layout); the batcher and the network follow it.
type Layout struct {
	// Features and Actions are the metadata names of the input and action
	// layouts.
	Features string
	Actions  string
	// Planes is the number of 7x7 input planes, NumActions the policy's
	// width and ValueSize the value output's.
	Planes     int
	NumActions int
	ValueSize  int
	// Players lists the player counts the layout encodes.
	Players []int

	encode  func(dst []float32, req *search.Request)
	action  func(m engine.Move) int
	utility func(value []float32, p *engine.Position, u *[engine.MaxPlayers]float32)
	key     func(req *search.Request) uint64
}

// TwoPlayerLayout is the two-player network's layout: the WallZero paper's
// 49 planes with history, 53x49 actions, win/draw/loss values.
var TwoPlayerLayout = &Layout{
	Features: FeatureSetID, Actions: ActionLayout,
	Planes: NumPlanes, NumActions: NumActions, ValueSize: 3, Players: []int{2},
	encode: Encode, action: ActionOf, utility: twoPlayerUtility, key: FeatureKey,
}

// MultiPlayerLayout is the three- and four-player network's layout
// (docs/multiplayer-network.md): 34 planes in seats from the mover, 55x49
// actions with the wall break, a value per seat.
var MultiPlayerLayout = &Layout{
	Features: MultiFeatureSetID, Actions: MultiActionLayout,
	Planes: MultiNumPlanes, NumActions: MultiNumActions, ValueSize: engine.MaxPlayers, Players: []int{3, 4},
	encode: EncodeMulti, action: MultiActionOf, utility: seatUtility, key: positionKey,
}

// layouts are the layouts this build knows.
var layouts = []*Layout{TwoPlayerLayout, MultiPlayerLayout}

// LayoutOf returns the layout of a feature set name, false if unknown.
func LayoutOf(features string) (*Layout, bool) {
	for _, l := range layouts {
		if l.Features == features {
			return l, true
		}
	}
	return nil, false
}

// FeatureSize is the number of input floats of one position.
func (l *Layout) FeatureSize() int { return l.Planes * PlaneSize }

// Encode writes the features of req into dst (FeatureSize floats).
func (l *Layout) Encode(dst []float32, req *search.Request) { l.encode(dst, req) }

// ActionOf returns the policy entry of m, -1 if the layout has none.
func (l *Layout) ActionOf(m engine.Move) int { return l.action(m) }

// Serves reports whether the layout encodes games of this many players.
func (l *Layout) Serves(players int) bool { return slices.Contains(l.Players, players) }

// Key hashes everything the features of req depend on (the cache key).
func (l *Layout) Key(req *search.Request) uint64 { return l.key(req) }

// twoPlayerUtility turns win/draw/loss probabilities for the mover into
// both players' utilities.
func twoPlayerUtility(v []float32, p *engine.Position, u *[engine.MaxPlayers]float32) {
	me := p.ToMove()
	u[me] = v[0] + v[1]/2
	u[1-me] = v[2] + v[1]/2
}

// seatUtility turns a value per seat (seat k is the colour k after the
// mover) into utilities by colour, renormalised over the seats in play.
func seatUtility(v []float32, p *engine.Position, u *[engine.MaxPlayers]float32) {
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

// positionKey is the cache key of a layout without history planes: the
// position's Zobrist hash (stones, walls with builders, mover, phase,
// breaks used) and the player count, which the hash leaves out (a three-
// and a four-player setup can hold the same stones).
func positionKey(req *search.Request) uint64 {
	return req.Position.Hash() ^ uint64(req.Position.Players())*0x9E3779B97F4A7C15
}
