package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/ratingcal"
	"github.com/wallzero/wallzero/service/rating"
)

// ratingFit implements `wallzero rating fit`: it fits the rating
// estimate on reviewed training games, checks it on held-out ones and
// writes the calibration into the calibration file.
func ratingFit(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("rating fit", stderr)
	trainPath := fs.String("train", "", "reviewed training games (rating review -out)")
	heldPath := fs.String("heldout", "", "reviewed held-out games, used only to check the fitted mapping")
	table := fs.String("players", "scripts/rating/players.tsv", "the calibration players: spec<tab>name on the rating list[<tab>check: used only to check]")
	ratings := fs.String("ratings", "models/ratings.json", "the rating lists, comma-separated, the first that knows a player counting (e.g. models/ratings.json,DIR/ratings-extra.json)")
	other := fs.String("compare-with", "", "a calibration file whose calibration of the same model and visits is checked on the same held-out games")
	report := fs.String("report", "", "write the check (held-out players and games, one game and combined) as Markdown tables to this file")
	termList := fs.String("terms", "const,logPoints,bestShare,missedLogVisits", "the mapping's terms, comma-separated (the shipped calibration's by default; docs/reviews.md)")
	compare := fs.String("compare", "", "instead of fitting, compare term sets (semicolon-separated lists) by leave-one-player-out on the training games")
	minOpen := fs.Int("min-open", 5, "fewest moves in open positions a side needs for an estimate")
	combined := fs.Int("combined", 5, "held-out games behind each combined estimate checked")
	out := fs.String("out", "", "the calibration file to write the fit into (replacing the same model and visits); empty: print only")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *trainPath == "" {
		return errors.New("-train is required")
	}
	players, err := ratingcal.LoadPlayers(*table, strings.Split(*ratings, ",")...)
	if err != nil {
		return fmt.Errorf("-players: %w", err)
	}
	train, err := readReviewed(*trainPath, "-train")
	if err != nil {
		return err
	}
	opts := rating.FitOptions{Model: train[0].Model, Visits: train[0].Visits, InaccuracyPoints: train[0].InaccuracyPoints, Terms: strings.Split(*termList, ","), MinOpen: *minOpen}
	if *compare != "" {
		var sets [][]string
		for _, s := range strings.Split(*compare, ";") {
			sets = append(sets, strings.Split(s, ","))
		}
		checks, err := ratingcal.Compare(train, players, opts, sets)
		if err != nil {
			return err
		}
		for i, c := range checks {
			fmt.Fprintf(stdout, "%-50s MAE %4.0f  coverage %.3f  width %4.0f\n", strings.Join(sets[i], ","), c.MAE, c.Coverage, c.MeanWidth)
		}
		return nil
	}
	if *heldPath == "" {
		return errors.New("-heldout is required to fit")
	}
	held, err := readReviewed(*heldPath, "-heldout")
	if err != nil {
		return err
	}
	c, err := ratingcal.Fit(ratingcal.FitInput{Train: train, Heldout: held, Players: players, Options: opts, CombinedGames: *combined})
	if err != nil {
		return err
	}
	if *report != "" {
		var oc *rating.Calibration
		if *other != "" {
			f, err := rating.Load(*other)
			if err != nil {
				return fmt.Errorf("-compare-with: %w", err)
			}
			if oc = f.For(opts.Model, opts.Visits, opts.InaccuracyPoints); oc == nil {
				return fmt.Errorf("-compare-with %s: no calibration for %s at %d visits, inaccuracies from %g points", *other, opts.Model, opts.Visits, opts.InaccuracyPoints)
			}
		}
		rep, err := ratingcal.Check(c, oc, train, held, players, max(*combined, 2))
		if err != nil {
			return err
		}
		if err := writeWhole(*report, "-report", func(w io.Writer) error {
			fmt.Fprintf(w, "terms %s: rating = %v; within %.0f, between %.0f, z %.2f\n\n", strings.Join(c.Terms, ","), roundAll(c.Coef), c.Within, c.Between, c.Z)
			rep.Write(w, max(*combined, 2))
			return nil
		}); err != nil {
			return err
		}
	}
	if *out != "" {
		b, err := ratingcal.Merge(*out, c)
		if err != nil {
			return fmt.Errorf("-out: %w", err)
		}
		if err := writeWhole(*out, "-out", func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
			return err
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(c)
}

// readReviewed reads a `rating review` file named by flag.
func readReviewed(path, flag string) ([]ratingcal.Reviewed, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flag, err)
	}
	defer f.Close()
	games, err := ratingcal.ReadReviewed(f)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, err)
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("%s %s: no games", flag, path)
	}
	return games, nil
}

// roundAll rounds coefficients to three decimals for printing.
func roundAll(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = math.Round(x*1000) / 1000
	}
	return out
}
