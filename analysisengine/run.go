// Package analysisengine is the JSON-lines front end of the analysis
// service, in the style of KataGo's analysis engine (docs/protocol.md):
// each input line is a query (a position to analyse) or an action, each
// analysed turn is queued (higher priority first, then in arrival order)
// and produces output lines (analysis.Analysis), possibly out of order. A
// bad query produces {"id": ..., "error": {"code", "field", "message"}}
// and the engine goes on. Queries are decoded by internal/jsonscan, as
// the HTTP API's bodies are, so that both refuse bad input alike.
package analysisengine

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/analysis"
)

// Options configure Run.
type Options struct {
	// Parallel is the number of turns analysed at once (at least 1).
	Parallel int
	// ReadAll reads every query before analysing any: a reproducible
	// order, for batch files and tests.
	ReadAll bool
	// Version and GitHash answer query_version.
	Version, GitHash string
}

// Run reads queries from in until it ends, answers them on out with an,
// whose evaluators models describes, and returns once every queued turn
// has been answered. Searches run at interactive priority.
func Run(an *analysis.Analyzer, models Models, in io.Reader, out io.Writer, opts Options) error {
	var outMu sync.Mutex
	emit := func(v any) {
		line, err := json.Marshal(v)
		if err != nil {
			line = []byte(fmt.Sprintf(`{"error":{"code":"internal","message":%q}}`, err.Error()))
		}
		outMu.Lock()
		defer outMu.Unlock()
		// A failed write (the reader went away) loses only answers
		// nobody reads; the run ends when its input does.
		_, _ = out.Write(append(line, '\n'))
	}
	e := newSession(an, models, opts, emit)
	ctx := inference.WithPriority(context.Background(), inference.Interactive)
	if !opts.ReadAll {
		e.start(ctx, max(1, opts.Parallel))
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			e.handle(line)
		}
	}
	if opts.ReadAll {
		e.start(ctx, max(1, opts.Parallel))
	}
	e.finish()
	return sc.Err()
}
