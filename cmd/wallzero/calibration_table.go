package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/winratecal"
	"github.com/wallzero/wallzero/service/winrate"
)

// calibrationTable implements `wallzero calibration table`: the
// reliability of saved calibration games' win rates, before and after a
// calibration, with a reliability diagram on request.
func calibrationTable(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("calibration table", stderr)
	in := fs.String("in", "", "calibration games (calibration play -out), comma-separated")
	cal := fs.String("calibration", "", "a calibration file to apply (calibration fit -out)")
	svg := fs.String("svg", "", "also draw the reliability diagram into this SVG file")
	title := fs.String("title", "", "the diagram's title")
	by := fs.String("by", "phase,opening", "splits after the whole: phase, opening, stage, seat (the colour to move), player (one seat's win rates, three or four players; comma-separated)")
	bins := fs.Int("bins", 10, "bins of the table")
	best := fs.Bool("best", false, "show the win rate after the search's best move in place of the network's raw value")
	if err := fs.Parse(args); err != nil {
		return err
	}
	games, err := winratecal.ReadGameList(*in)
	if err != nil {
		return fmt.Errorf("-in: %w", err)
	}
	o := winratecal.TableOptions{Bins: *bins, By: winratecal.ParseBy(*by), Best: *best}
	if *cal != "" {
		if o.Calibration, err = winrate.Load(*cal); err != nil {
			return fmt.Errorf("-calibration: %w", err)
		}
	}
	if err := winratecal.PrintTables(stdout, games, o); err != nil {
		return err
	}
	if *svg != "" {
		return writeWhole(*svg, "-svg", func(w io.Writer) error {
			return winratecal.Diagram(w, games, o, *title)
		})
	}
	return nil
}

// calibrationFit implements `wallzero calibration fit`.
func calibrationFit(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("calibration fit", stderr)
	in := fs.String("in", "", "calibration games (calibration play -out), comma-separated")
	out := fs.String("out", "", "the calibration file to write, beside its model (models/NAME.calibration.json)")
	model := fs.String("model-id", "", "the model ID the games were played with (wallzero version names it)")
	visits := fs.Int("visits", 200, "the visits the games were played at")
	byMover := fs.Bool("by-mover", false, "fit a group per colour to move (the search's estimate errs by who is to move)")
	shift := fs.Bool("shift", true, "fit each map's lean towards a seat (b) as well as its spread (a); false: the spread alone")
	cuts := fs.String("rounds", "", "round cuts of the play phase's groups, comma-separated (a round is one move of each player; none: one group for the whole play phase)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || *model == "" {
		return errors.New("-out and -model-id are required")
	}
	games, err := winratecal.ReadGameList(*in)
	if err != nil {
		return fmt.Errorf("-in: %w", err)
	}
	var rounds []int
	if *cuts != "" {
		if rounds, err = program.PositiveInts("rounds", *cuts); err != nil {
			return err
		}
	}
	f, err := winratecal.Fit(games, winratecal.FitOptions{Model: *model, Visits: *visits, Rounds: rounds, Shift: *shift, ByMover: *byMover})
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	if err := writeWhole(*out, "-out", func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	}); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d groups fitted on %d games into %s\n", len(f.Groups), len(games), *out)
	return winratecal.PrintTables(stdout, games, winratecal.TableOptions{Calibration: f, By: []string{"phase", "opening"}})
}
