package selfplay

import (
	"fmt"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference/format"
	"github.com/wallzero/wallzero/search"
)

// records is how the samples of one format get their value targets and
// become a chunk's arrays: the learner of each format reads chunks of its
// own layout (records_two.go, records_multi.go).
type records interface {
	// keep reports whether a position with this many legal moves is
	// recorded after a full search.
	keep(moves int) bool
	// q returns the search's expected result per seat of the sample s
	// from res.
	q(s *Sample, res *search.Result) [grid.MaxPlayers]float32
	// finish fills the result targets of s from the final position.
	finish(s *Sample, final *engine.Position)
	// arrays lays out samples of format f as a chunk's arrays.
	arrays(f format.Format, samples []Sample) []npyArray
}

// recordsOf returns the chunk layout of format f's samples.
func recordsOf(f format.Format) (records, error) {
	switch f.FeatureSet() {
	case format.TwoPlayer.FeatureSet():
		return twoPlayerRecords{}, nil
	case format.MultiPlayer.FeatureSet():
		return multiPlayerRecords{}, nil
	}
	return nil, fmt.Errorf("self-play: no chunk layout for the feature set %s", f.FeatureSet())
}
