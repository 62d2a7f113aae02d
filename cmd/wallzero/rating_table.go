package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/ratingcal"
	"github.com/wallzero/wallzero/service/rating"
)

// ratingTable implements `wallzero rating table`: the verdicts of whole
// reviews of games between players of known strength, per player
// (accuracy, points lost, class shares, the rating estimate's error and
// interval) and over the games (the stronger side the more accurate,
// turning points), as a Markdown table.
func ratingTable(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("rating table", stderr)
	in := fs.String("in", "", "whole reviews (rating review -whole -out)")
	table := fs.String("players", "scripts/rating/table-players.tsv", "the players, weakest first: spec<tab>name[<tab>check]")
	ratings := fs.String("ratings", "models/ratings.json", "the rating lists, comma-separated")
	calPath := fs.String("calibration", "models/"+rating.FileName, "the rating estimate's calibration file (empty: no estimate)")
	combined := fs.Int("combined", 5, "games of one player behind each combined estimate")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" {
		return errors.New("-in is required")
	}
	players, err := ratingcal.LoadPlayers(*table, strings.Split(*ratings, ",")...)
	if err != nil {
		return fmt.Errorf("-players: %w", err)
	}
	games, err := readReviewed(*in, "-in")
	if err != nil {
		return err
	}
	var cal *rating.Calibration
	if *calPath != "" {
		f, err := rating.Load(*calPath)
		if err != nil {
			return fmt.Errorf("-calibration: %w", err)
		}
		if cal = f.For(games[0].Model, games[0].Visits, games[0].InaccuracyPoints); cal == nil {
			return fmt.Errorf("-calibration %s: no calibration for %s at %d visits, inaccuracies from %g points", *calPath, games[0].Model, games[0].Visits, games[0].InaccuracyPoints)
		}
	}
	t, err := ratingcal.BuildTable(games, players, cal, max(*combined, 2))
	if err != nil {
		return fmt.Errorf("-in %s: %w", *in, err)
	}
	t.Write(stdout)
	return nil
}
