package main

import (
	"fmt"
	"io"
)

// runRating implements `wallzero rating review|fit|anchor|table`: the calibration of
// the rating estimate (cmd/wallzero/internal/ratingcal, docs/reviews.md).
func runRating(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, ratingUsage)
		return errUsage
	}
	switch args[0] {
	case "review":
		return ratingReview(args[1:], stdin, stdout, stderr)
	case "fit":
		return ratingFit(args[1:], stdout, stderr)
	case "anchor":
		return ratingAnchor(args[1:], stdout, stderr)
	case "table":
		return ratingTable(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, ratingUsage)
		return nil
	}
	fmt.Fprintf(stderr, "wallzero rating: unknown subcommand %q\n%s\n", args[0], ratingUsage)
	return errUsage
}

const ratingUsage = `usage:
  wallzero rating review -in GAMES.jsonl -out REVIEWED.jsonl [-visits 200] [-games 8] [-parallel 4] [model flags]
  wallzero rating fit -train REVIEWED.jsonl -heldout REVIEWED.jsonl [-players scripts/rating/players.tsv]
      [-ratings models/ratings.json[,EXTRA.json]] [-terms const,logPoints,bestShare,missedLogVisits] [-min-open 5] [-out models/rating-calibration.json]
      [-compare 'TERMS;TERMS'] [-compare-with models/rating-calibration.json -report CHECK.md]
  wallzero rating anchor [-players scripts/rating/players.tsv] [-ratings models/ratings.json] [-out EXTRA.json] MATCH-SUMMARY.json...
  wallzero rating table -in REVIEWED.jsonl [-players scripts/rating/table-players.tsv] [-ratings models/ratings.json[,EXTRA.json]]
      [-calibration models/rating-calibration.json]`
