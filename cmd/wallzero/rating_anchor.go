package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/ratingcal"
)

// ratingAnchor implements `wallzero rating anchor`: it rates the players
// of match summaries that the rating list lacks against those it has
// (ratingcal.RateAgainstList) and writes them as a rating list, which
// `rating fit -ratings` and `rating table -ratings` read after the
// project's list.
func ratingAnchor(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("rating anchor", stderr)
	table := fs.String("players", "scripts/rating/players.tsv", "the players: spec<tab>name[<tab>check]")
	ratings := fs.String("ratings", "models/ratings.json", "the rating list the known players are on")
	out := fs.String("out", "", "the list of the newly rated players to write (empty: print only)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("no match summaries given (the files `match` printed, one JSON line each)")
	}
	lines := map[string][]byte{}
	for _, path := range fs.Args() {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		lines[path] = []byte(strings.TrimSpace(string(b)))
	}
	results, err := ratingcal.ParseMatchResults(lines)
	if err != nil {
		return err
	}
	players, err := ratingcal.LoadPlayersToRate(*table, strings.Split(*ratings, ",")...)
	if err != nil {
		return fmt.Errorf("-players: %w", err)
	}
	rated, err := ratingcal.RateAgainstList(results, players)
	if err != nil {
		return err
	}
	list := struct {
		Note    string                `json:"note"`
		Players []ratingcal.ListEntry `json:"players"`
	}{"players rated by `wallzero rating anchor` against the fixed ratings of " + *ratings, rated}
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if *out != "" {
		if err := writeWhole(*out, "-out", func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
			return err
		}
	}
	_, err = stdout.Write(b)
	return err
}
