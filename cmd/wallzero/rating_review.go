package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/wallzero/wallzero/analysisengine"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/ratingcal"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/movelevel"
)

// ratingReview implements `wallzero rating review`: it reviews saved
// games (match -save-games) with the service's model, as a review job
// would, and writes each side's moves for `rating fit`.
func ratingReview(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("rating review", stderr)
	in := fs.String("in", "", "saved games, one JSON line each (match -save-games); - for stdin")
	out := fs.String("out", "", "the reviewed games, one JSON line each (written whole or not at all)")
	visits := fs.Int("visits", 200, "visits per position (the service's review default is 200)")
	games := fs.Int("games", 8, "games reviewed at once")
	parallel := fs.Int("parallel", 4, "positions of a game searched at once")
	whole := fs.Bool("whole", false, "also write each game's whole review (as a review job's result, turning points included) under \"review\"")
	levelsPath := fs.String("levels", "", "with -whole: the ladder each inaccuracy, mistake and blunder is measured against (default models/levels.json, found from the working directory up; none: no levels)")
	var mf program.ModelFlags
	mf.RegisterService(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" || *out == "" {
		return errors.New("-in and -out are required")
	}
	if *visits < 1 {
		return fmt.Errorf("-visits %d: at least 1", *visits)
	}
	r := stdin
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			return fmt.Errorf("-in: %w", err)
		}
		defer f.Close()
		r = f
	}
	var ladder []movelevel.LadderLevel
	if *whole {
		var err error
		if ladder, err = program.ReviewLadder(*levelsPath, stderr); err != nil {
			return err
		}
	}
	ev := program.NewServiceEvaluators(mf)
	defer ev.Close()
	net, info, err := ev.Get("")
	if err != nil {
		return err
	}
	// Three- and four-player games are reviewed by the networks the
	// service serves for them (-mp-model and its defaults).
	multi, err := program.ChooseMultiModels(ev, mf, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return err
	}
	limits := analysis.DefaultLimits()
	limits.MaxVisits = max(limits.MaxVisits, *visits)
	an, _ := analysisengine.NewAnalyzerMulti(program.Served(net, info), info, multi, limits)
	if an.Calibrations, err = program.AnalyzerCalibrations(mf, info, multi, nil); err != nil {
		return err
	}
	cached := analysis.NewCached(analysis.CacheConfig{Analyzer: an})
	return writeWhole(*out, "-out", func(w io.Writer) error {
		n, err := ratingcal.ReviewGames(context.Background(), cached, r, w, ratingcal.ReviewOptions{Visits: *visits, Games: *games, Parallel: *parallel, Whole: *whole, Levels: ladder,
			Progress: func(done int) {
				if done%20 == 0 {
					fmt.Fprintf(stderr, "%d games reviewed\n", done)
				}
			}})
		if err == nil {
			fmt.Fprintf(stdout, "%d games reviewed with %s at %d visits\n", n, an.ModelFor(2), *visits)
		}
		return err
	})
}
