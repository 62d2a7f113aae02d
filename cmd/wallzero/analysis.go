package main

import (
	"io"
	"log/slog"

	"github.com/wallzero/wallzero/analysisengine"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/service/analysis"
)

// runAnalysis implements `wallzero analysis`: the JSON-lines analysis
// engine (package analysisengine, docs/protocol.md) on stdin and stdout.
func runAnalysis(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("analysis", stderr)
	var mf program.ModelFlags
	mf.RegisterService(fs)
	parallel := fs.Int("parallel", 16, "turns analysed at once")
	readAll := fs.Bool("read-all", false, "read every query before analysing any (a reproducible order: for batch files and tests)")
	limits := analysis.DefaultLimits()
	fs.IntVar(&limits.MaxVisits, "max-visits", limits.MaxVisits, "largest maxVisits a query may ask")
	fs.IntVar(&limits.DefaultVisits, "default-visits", limits.DefaultVisits, "visits when a query gives no maxVisits")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ev := program.NewServiceEvaluators(mf)
	defer ev.Close()
	net, info, err := ev.Get("")
	if err != nil {
		return err
	}
	multi, err := program.ChooseMultiModels(ev, mf, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return err
	}
	an, models := analysisengine.NewAnalyzerMulti(program.Served(net, info), info, multi, limits)
	if an.Calibrations, err = program.AnalyzerCalibrations(mf, info, multi, nil); err != nil {
		return err
	}
	opts := analysisengine.Options{Parallel: *parallel, ReadAll: *readAll}
	opts.Version, opts.GitHash = program.BuildVersion(commit)
	return analysisengine.Run(an, models, stdin, stdout, opts)
}
