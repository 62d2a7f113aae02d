package main

import (
	"fmt"
	"io"
)

// runRating implements `wallzero rating review|fit`: the calibration of
// the rating estimate (internal/ratingcal, docs/reviews.md).
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
      [-ratings models/ratings.json] [-terms const,logLoss,bestShare] [-min-open 5] [-out models/rating-calibration.json]`
