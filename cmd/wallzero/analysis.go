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
// in the style of KataGo's (docs/protocol.md). Each stdin line is a query
// (engineQuery): a position to analyse, or an action. Each analysed turn
// is queued (higher priority first, then in arrival order) and produces
// stdout lines (service.Analysis), possibly out of order; a bad query
// produces {"id": ..., "error": {"code", "field", "message"}} and the
// engine goes on.
func runAnalysis(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("analysis", stderr)
	var mf modelFlags
	mf.registerService(fs)
	parallel := fs.Int("parallel", 16, "turns analysed at once")
	readAll := fs.Bool("read-all", false, "read every query before analysing any (a reproducible order: for batch files and tests)")
	limits := service.DefaultLimits()
	fs.IntVar(&limits.MaxVisits, "max-visits", limits.MaxVisits, "largest maxVisits a query may ask")
	fs.IntVar(&limits.DefaultVisits, "default-visits", limits.DefaultVisits, "visits when a query gives no maxVisits")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ev := newServiceEvaluators(mf)
	defer ev.Close()
	analyzer, models, err := newEngineAnalyzer(ev, limits)
	if err != nil {
		return err
	}
	var outMu sync.Mutex
	emit := func(v any) {
		line, err := json.Marshal(v)
		if err != nil {
			line = []byte(fmt.Sprintf(`{"error":{"code":"internal","message":%q}}`, err.Error()))
		}
		outMu.Lock()
		defer outMu.Unlock()
		stdout.Write(append(line, '\n'))
	}
	e := newAnalysisEngine(analyzer, models, emit)
	ctx := inference.WithPriority(context.Background(), inference.Interactive)
	if !*readAll {
		e.start(ctx, max(1, *parallel))
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			e.handle(line)
		}
	}
	if *readAll {
		e.start(ctx, max(1, *parallel))
	}
	e.finish()
	return sc.Err()
}

// newEngineAnalyzer builds the analyzer over the flag's model (two
// players) and the heuristic evaluator (three and four), and describes
// them for query_models.
func newEngineAnalyzer(ev *evaluators, limits service.Limits) (*service.Analyzer, engineModels, error) {
	net, info, err := ev.get("")
	if err != nil {
		return nil, engineModels{}, err
	}
	an := service.NewAnalyzer(service.Evaluators{
		Network: net, NetworkModel: info.ID,
		Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID,
	}, limits)
	m := engineModels{}
	if b, ok := net.(*inference.Batcher); ok {
		m.clear = b.Cache().Clear
		m.list = append(m.list, modelDescription{Name: info.ID, Kind: "network", Players: []int{2}, Path: info.Path,
			Blocks: info.Blocks, Channels: info.Channels, InnerChannels: service.ONNXModel(info, nil).InnerChannels, Heads: info.Heads})
		m.list = append(m.list, modelDescription{Name: inference.HeuristicModelID, Kind: "heuristic", Players: []int{3, 4}})
	} else {
		m.list = append(m.list, modelDescription{Name: inference.HeuristicModelID, Kind: "heuristic", Players: []int{2, 3, 4}})
	}
	return an, m, nil
}
