package format

import (
	"fmt"
	"slices"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// PlaneSize is the number of inputs of one 7x7 plane.
const PlaneSize = grid.NumSquares

// Format is what a network's tensors mean. Inference encodes positions and
// decodes outputs through the format of the model it runs, self-play
// records samples in the format of the games it plays.
type Format interface {
	// FeatureSet and ActionLayout name the input and action layouts in
	// model metadata.
	FeatureSet() string
	ActionLayout() string
	// Planes is the number of 7x7 input planes, FeatureSize the number of
	// inputs of one position (Planes x PlaneSize).
	Planes() int
	FeatureSize() int
	// NumActions is the policy's width, ValueSize the value output's.
	NumActions() int
	ValueSize() int
	// Players lists the player counts the format encodes; Serves says
	// whether it encodes games of n players.
	Players() []int
	Serves(n int) bool
	// Encode writes the inputs of req into dst (FeatureSize floats, zeroed
	// first).
	Encode(dst []float32, req *search.Request)
	// Key hashes everything the inputs of req depend on (the evaluation
	// cache's key).
	Key(req *search.Request) uint64
	// ActionOf returns the policy entry of m, -1 if the format has none.
	ActionOf(m grid.Move) int
	// Utility turns a value row into utilities by colour for position p.
	Utility(value []float32, p *engine.Position, u *[grid.MaxPlayers]float32)
	// Symmetries returns the gather tables of the eight board symmetries,
	// in the order of grid.AllSymmetries.
	Symmetries() *[grid.NumSymmetries]Symmetry
}

// spec holds the names and sizes a format declares, and the methods that
// only read them.
type spec struct {
	features, actions  string
	planes, numActions int
	valueSize          int
	players            []int
}

// FeatureSet implements Format.
func (s *spec) FeatureSet() string { return s.features }

// ActionLayout implements Format.
func (s *spec) ActionLayout() string { return s.actions }

// Planes implements Format.
func (s *spec) Planes() int { return s.planes }

// FeatureSize implements Format.
func (s *spec) FeatureSize() int { return s.planes * PlaneSize }

// NumActions implements Format.
func (s *spec) NumActions() int { return s.numActions }

// ValueSize implements Format.
func (s *spec) ValueSize() int { return s.valueSize }

// Players implements Format (a copy: callers may keep it).
func (s *spec) Players() []int { return slices.Clone(s.players) }

// Serves implements Format.
func (s *spec) Serves(n int) bool { return slices.Contains(s.players, n) }

// The formats this build knows.
var (
	// TwoPlayer is the two-player networks' format (format_two.go).
	TwoPlayer Format = newTwoPlayer()
	// MultiPlayer is the three- and four-player networks' format
	// (format_multi.go, docs/multiplayer-network.md).
	MultiPlayer Format = newMultiPlayer()
)

// All returns the formats this build knows, two-player first.
func All() []Format { return []Format{TwoPlayer, MultiPlayer} }

// Of returns the format of a feature set name, false if unknown.
func Of(featureSet string) (Format, bool) {
	for _, f := range All() {
		if f.FeatureSet() == featureSet {
			return f, true
		}
	}
	return nil, false
}

// For returns the format that encodes games of n players.
func For(n int) (Format, error) {
	for _, f := range All() {
		if f.Serves(n) {
			return f, nil
		}
	}
	return nil, fmt.Errorf("no input format encodes %d-player games", n)
}

// setPlane sets the squares of b in plane.
func setPlane(dst []float32, plane int, b grid.Bitboard) {
	off := plane * PlaneSize
	for ; b != 0; b &= b - 1 {
		dst[off+int(b.First())] = 1
	}
}

// fillPlane sets every square of plane.
func fillPlane(dst []float32, plane int) {
	off := plane * PlaneSize
	for i := 0; i < PlaneSize; i++ {
		dst[off+i] = 1
	}
}
