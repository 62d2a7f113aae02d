package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/wallzero/wallzero/analysisengine"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/winratecal"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
)

// calibrationPlay implements `wallzero calibration play`: self-play games
// whose every move is the service's analysis at its settings, each
// position written with what the service said of it and how the game
// ended. Games are appended to -out as they finish; a run started again
// on the same file plays only the games it lacks.
func calibrationPlay(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("calibration play", stderr)
	out := fs.String("out", "", "the games, one JSON line each (appended as they finish; games already there are not played again)")
	games := fs.Int("games", 200, "number of games")
	players := fs.Int("players", 2, "rules.players: 2, 3 or 4")
	var opening engine.Opening
	fs.Func("opening", "rules.opening: empty or four-stone (default four-stone with 2 players, empty with 3 or 4)", func(s string) error {
		opening = engine.Opening(s)
		return nil
	})
	seed := fs.Uint64("seed", 1, "seed of the setup placements' sampling (use seeds no fit has seen for a check)")
	visits := fs.Int("visits", analysis.DefaultLimits().DefaultVisits, "visits per analysis (the service's default)")
	workers := fs.Int("workers", 16, "games played at once")
	bins := fs.Int("bins", 10, "bins of the reliability table printed at the end")
	svg := fs.String("svg", "", "also draw the games' reliability diagram into this SVG file")
	calPath := fs.String("calibration", "", "also show the win rates mapped by this calibration file in the table and diagram (default: the one beside the model, if any; none for no mapping)")
	samplePlies := fs.Int("sample-plies", 0, "also sample the play phase's moves in proportion to visits up to this ply, as training self-play does (0: the best move, as the service would play)")
	var mf program.ModelFlags
	mf.RegisterService(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("-out is required")
	}
	rules, err := engine.Rules{Players: *players, Opening: opening}.Normalize()
	if err != nil {
		return err
	}
	f, done, err := winratecal.OpenGames(*out)
	if err != nil {
		return fmt.Errorf("-out: %w", err)
	}
	defer f.Close()
	ev := program.NewServiceEvaluators(mf)
	defer ev.Close()
	net, info, err := ev.Get("")
	if err != nil {
		return err
	}
	var multi []analysis.CountEvaluator
	if rules.Players > 2 {
		log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		if multi, err = program.ChooseMultiModels(ev, mf, log); err != nil {
			return err
		}
	}
	limits := analysis.DefaultLimits()
	limits.MaxVisits = max(limits.MaxVisits, *visits)
	an, _ := analysisengine.NewAnalyzerMulti(program.Served(net, info), info, multi, limits)
	start, played := time.Now(), 0
	cfg := winratecal.PlayConfig{Analyzer: an, Rules: rules, Games: *games, Seed: *seed, Visits: *visits, Workers: *workers, Skip: done, SamplePlies: *samplePlies}
	err = winratecal.Play(context.Background(), cfg, func(g *winratecal.Game) error {
		b, err := json.Marshal(g)
		if err != nil {
			return err
		}
		if _, err := f.Write(append(b, '\n')); err != nil {
			return fmt.Errorf("-out: %w", err)
		}
		played++
		if played%20 == 0 {
			fmt.Fprintf(stderr, "%d games played (%.1f s a game)\n", played, time.Since(start).Seconds()/float64(played))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("-out: %w", err)
	}
	fmt.Fprintf(stdout, "%d games played, %d already in %s; model %s at %d visits, %s\n", played, len(done), *out, an.ModelFor(rules.Players), *visits, rules)
	all, err := winratecal.ReadGames([]string{*out})
	if err != nil {
		return err
	}
	o := winratecal.TableOptions{Bins: *bins, By: []string{"phase", "stage", "seat"}}
	if *calPath != "none" {
		if o.Calibration, err = program.CalibrationForCount(mf, *calPath, info, multi, rules.Players); err != nil {
			return fmt.Errorf("-calibration: %w", err)
		}
	}
	if err := winratecal.PrintTables(stdout, all, o); err != nil {
		return err
	}
	if *svg != "" {
		return writeWhole(*svg, "-svg", func(w io.Writer) error {
			return winratecal.Diagram(w, all, o, fmt.Sprintf("%s at %d visits, %s, %d games", an.ModelFor(rules.Players), *visits, rules, len(all)))
		})
	}
	return nil
}
