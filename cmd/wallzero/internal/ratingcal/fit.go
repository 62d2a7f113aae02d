package ratingcal

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/wallzero/wallzero/service/rating"
)

// FitInput is what a calibration is fitted and checked on.
type FitInput struct {
	Train, Heldout []Reviewed
	Players        Players
	Options        rating.FitOptions
	// CombinedGames is the number of held-out games behind each combined
	// estimate checked.
	CombinedGames int
}

// Fit fits the mapping on the training games, then checks it on the
// held-out games alone and in groups of CombinedGames, and records both in
// the calibration's Fit report.
func Fit(in FitInput) (*rating.Calibration, error) {
	if len(in.Train) == 0 || len(in.Heldout) == 0 {
		return nil, errors.New("both training and held-out games are needed")
	}
	for _, set := range [][]Reviewed{in.Train, in.Heldout} {
		for i, g := range set {
			if g.Model != in.Options.Model || g.Visits != in.Options.Visits {
				return nil, fmt.Errorf("game %d was reviewed by %s at %d visits, not %s at %d: one calibration per model and visits",
					i+1, g.Model, g.Visits, in.Options.Model, in.Options.Visits)
			}
			if g.InaccuracyPoints != in.Options.InaccuracyPoints {
				return nil, fmt.Errorf("game %d was classified with an inaccuracy at %g points, not %g: one calibration per thresholds",
					i+1, g.InaccuracyPoints, in.Options.InaccuracyPoints)
			}
		}
	}
	train, err := in.Players.Samples(in.Train)
	if err != nil {
		return nil, fmt.Errorf("training games: %w", err)
	}
	held, err := in.Players.Samples(in.Heldout)
	if err != nil {
		return nil, fmt.Errorf("held-out games: %w", err)
	}
	c, err := rating.Fit(train, in.Options)
	if err != nil {
		return nil, err
	}
	c.Fit.Players = in.Players.PlayerCounts(c, train, held)
	c.Fit.Pairs = in.Players.Pairs(in.Train, in.Heldout)
	c.Fit.Heldout = c.Check(held, 1)
	c.Fit.Combined = c.Check(held, max(in.CombinedGames, 2))
	return c, nil
}

// Compare fits each term set on the training games and returns its
// leave-one-player-out check: the way to choose terms without looking at
// the held-out games.
func Compare(train []Reviewed, ps Players, o rating.FitOptions, termSets [][]string) ([]rating.Check, error) {
	samples, err := ps.Samples(train)
	if err != nil {
		return nil, err
	}
	var out []rating.Check
	for _, ts := range termSets {
		o.Terms = ts
		c, err := rating.Fit(samples, o)
		if err != nil {
			return nil, fmt.Errorf("terms %v: %w", ts, err)
		}
		out = append(out, c.Fit.LeaveOnePlayerOut)
	}
	return out, nil
}

// Merge puts c into the calibration file at path (created if missing),
// replacing the calibration of the same model, visits and thresholds
// (the calibrations of reviews classified under other thresholds stay,
// for the reviews stored under them).
func Merge(path string, c *rating.Calibration) ([]byte, error) {
	f := rating.File{Scale: "the rating list's (models/ratings.json): Elo, 400 points = 10:1 odds, voronoi-hard = 0"}
	if b, err := os.ReadFile(path); err == nil {
		if err := json.Unmarshal(b, &f); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	replaced := false
	for i := range f.Calibrations {
		if o := &f.Calibrations[i]; o.Model == c.Model && o.Visits == c.Visits && o.InaccuracyPoints == c.InaccuracyPoints {
			f.Calibrations[i], replaced = *c, true
		}
	}
	if !replaced {
		f.Calibrations = append(f.Calibrations, *c)
	}
	b, err := json.MarshalIndent(f, "", "  ")
	return append(b, '\n'), err
}
