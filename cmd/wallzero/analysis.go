package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service"
)

// runAnalysis implements `wallzero analysis`: a JSON-lines analysis engine
// in the style of KataGo's. Each stdin line is a query (service.Query); each
// analysed turn produces one stdout line (service.Analysis), possibly out
// of order; a bad query produces {"id": ..., "error": ...} and the engine
// goes on.
func runAnalysis(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("analysis", stderr)
	var mf modelFlags
	mf.register(fs)
	parallel := fs.Int("parallel", 16, "queries analysed at once")
	limits := service.DefaultLimits()
	fs.IntVar(&limits.MaxVisits, "max-visits", limits.MaxVisits, "largest maxVisits a query may ask")
	fs.IntVar(&limits.DefaultVisits, "default-visits", limits.DefaultVisits, "visits when a query gives no maxVisits")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ev := newEvaluators(mf)
	defer ev.Close()
	analyzer, err := newAnalyzer(ev, limits)
	if err != nil {
		return err
	}
	var outMu sync.Mutex
	emit := func(v any) {
		line, err := json.Marshal(v)
		if err != nil {
			line = []byte(fmt.Sprintf(`{"error": %q}`, err.Error()))
		}
		outMu.Lock()
		defer outMu.Unlock()
		stdout.Write(append(line, '\n'))
	}
	sem := make(chan struct{}, max(1, *parallel))
	var wg sync.WaitGroup
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	ctx := inference.WithPriority(context.Background(), inference.Interactive)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var q service.Query
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&q); err != nil {
			var probe struct {
				ID string `json:"id"`
			}
			_ = json.Unmarshal(line, &probe) // best effort: the id, if the line has one
			emit(errorResponse{ID: probe.ID, Error: "bad query: " + err.Error()})
			continue
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			results, err := analyzer.Analyze(ctx, &q)
			if err != nil {
				a := errorResponse{ID: q.ID, Error: err.Error()}
				if se, ok := err.(*service.Error); ok {
					a.Error, a.Field = se.Message, se.Field
				}
				emit(a)
				return
			}
			for _, r := range results {
				emit(r)
			}
		}()
	}
	wg.Wait()
	return sc.Err()
}

// errorResponse answers a query that failed.
type errorResponse struct {
	ID    string `json:"id"`
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

// newAnalyzer builds the analyzer over the flag's model (two players) and
// the heuristic evaluator (three and four).
func newAnalyzer(ev *evaluators, limits service.Limits) (*service.Analyzer, error) {
	net, info, err := ev.get("")
	if err != nil {
		return nil, err
	}
	return service.NewAnalyzer(service.Evaluators{
		Network: net, NetworkModel: info.ID,
		Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID,
	}, limits), nil
}
