package analysisengine

import (
	"flag"
	"io"
	"testing"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/analysis"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestProtocolGolden")

// runHeuristic runs the engine as `wallzero analysis -model heuristic`
// does, with opts and, when maxVisits > 0, that limit on a query's visits.
func runHeuristic(t *testing.T, in io.Reader, out io.Writer, opts Options, maxVisits int) {
	t.Helper()
	limits := analysis.DefaultLimits()
	if maxVisits > 0 {
		limits.MaxVisits = maxVisits
	}
	an, models := NewAnalyzer(inference.Heuristic{}, inference.ModelInfo{ID: inference.HeuristicModelID}, limits)
	opts.Version, opts.GitHash = "(devel)", "unknown"
	if err := Run(an, models, in, out, opts); err != nil {
		t.Error(err) // not Fatal: TestTerminateRunning calls this on another goroutine
	}
}
