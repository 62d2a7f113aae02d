package ratingcal

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/wallzero/wallzero/service/rating"
)

// reviewClasses are the review's move classes, best first.
var reviewClasses = []string{"best", "good", "inaccuracy", "mistake", "blunder"}

// PlayerRow is one player's line of the verdicts table.
type PlayerRow struct {
	Spec, Name string
	// Rating is the player's list rating; Rated is false for a player no
	// list knows (no estimate error is measured for it).
	Rating float64
	Rated  bool
	// Sides is the number of game sides, Moves their moves.
	Sides, Moves int
	// Accuracy is the mean of the reviews' accuracies, PointsLoss the
	// mean points loss per move and Classes the share of the moves in
	// each class (reviewClasses' order).
	Accuracy, PointsLoss float64
	Classes              []float64
	// Estimates is the number of sides with a rating estimate, and the
	// rest the estimates' median absolute error, median interval width
	// and coverage of the list rating (rated players only), and the
	// median estimate.
	Estimates                               int
	MedianError, MedianWidth, Coverage, Est float64
	// Combined is the check of Combined games together (zero Estimates
	// when the player has fewer usable sides).
	Combined rating.Check
}

// Table is the verdicts table: per player, and over all the games.
type Table struct {
	Players []PlayerRow
	// Games is the number of games, StrongerMoreAccurate the share of
	// the games between players of different rows in which the player
	// of the later (stronger) row had the higher accuracy, out of
	// Decisive such games.
	Games                int
	Decisive             int
	StrongerMoreAccurate float64
	// TurningPoints is the mean number of turning points a game and
	// LeadChanges the mean number of lead changes; SmallestLeadSwing the
	// smallest win-rate swing of a lead change (-1 without any).
	TurningPoints, LeadChanges float64
	SmallestLeadSwing          float64
	// Overall is the estimate's check over every rated side (one game),
	// and OverallCombined over groups of Combined games of one player.
	Overall, OverallCombined rating.Check
	Combined                 int
}

// BuildTable measures the reviews' verdicts on whole reviews (`rating
// review -whole`) of games between the table's players: the players are
// ordered as the table lists them (weakest first), and the rating
// estimate is cal's (nil: none).
func BuildTable(games []Reviewed, ps Players, cal *rating.Calibration, combined int) (*Table, error) {
	t := &Table{Games: len(games), SmallestLeadSwing: -1, Combined: combined}
	rows := map[string]*PlayerRow{}
	accSum, pointSum := map[string]float64{}, map[string]float64{}
	classes := map[string]map[string]int{}
	samples := map[string][]rating.Sample{}
	right, turning, leads := 0, 0, 0
	for i, g := range games {
		if g.Review == nil {
			return nil, fmt.Errorf("game %d: no whole review (review with rating review -whole)", i+1)
		}
		sides := map[string]ListPlayer{}
		for colour, spec := range map[string]string{"red": g.Players.Red, "blue": g.Players.Blue} {
			p, ok := ps[spec]
			if !ok {
				return nil, fmt.Errorf("game %d: player %q is not in the players table", i+1, spec)
			}
			sides[colour] = p
			r := rows[spec]
			if r == nil {
				r = &PlayerRow{Spec: spec, Name: p.Name, Rating: p.Rating, Rated: p.Rated, Classes: make([]float64, len(reviewClasses))}
				rows[spec], classes[spec] = r, map[string]int{}
			}
			r.Sides++
			accSum[spec] += g.Accuracy[colour]
			for _, m := range g.Moves[colour] {
				r.Moves++
				pointSum[spec] += m.PointsLoss
				classes[spec][m.Class]++
			}
			if p.Rated {
				samples[spec] = append(samples[spec], rating.Sample{Player: p.Name, Rating: p.Rating,
					Features: rating.FeaturesOf(g.Moves[colour], g.Accuracy[colour], g.Visits)})
			}
		}
		if red, blue := sides["red"], sides["blue"]; red.Order != blue.Order {
			t.Decisive++
			if (red.Order > blue.Order) == (g.Accuracy["red"] > g.Accuracy["blue"]) {
				right++
			}
		}
		turning += len(g.Review.TurningPoints)
		for _, tp := range g.Review.TurningPoints {
			if tp.Kind != "lead-change" {
				continue
			}
			leads++
			swing := math.Abs(float64(tp.RedWinrateAfter - tp.RedWinrateBefore))
			if t.SmallestLeadSwing < 0 || swing < t.SmallestLeadSwing {
				t.SmallestLeadSwing = math.Round(swing*1000) / 1000
			}
		}
	}
	if t.Games > 0 {
		t.TurningPoints = float64(turning) / float64(t.Games)
		t.LeadChanges = float64(leads) / float64(t.Games)
	}
	if t.Decisive > 0 {
		t.StrongerMoreAccurate = float64(right) / float64(t.Decisive)
	}
	var all []rating.Sample
	for spec, r := range rows {
		r.Accuracy = accSum[spec] / float64(r.Sides)
		if r.Moves > 0 {
			r.PointsLoss = pointSum[spec] / float64(r.Moves)
			for k, c := range reviewClasses {
				r.Classes[k] = float64(classes[spec][c]) / float64(r.Moves)
			}
		}
		if cal != nil && len(samples[spec]) > 0 {
			ch := cal.Check(samples[spec], 1)
			r.Estimates, r.MedianError, r.MedianWidth, r.Coverage = ch.Estimates, ch.MedianError, ch.MedianWidth, ch.Coverage
			var est []float64
			for _, s := range samples[spec] {
				if e, ok := cal.Estimate(s.Features); ok {
					est = append(est, e.Rating)
				}
			}
			r.Est = rating.Median(est)
			r.Combined = cal.Check(samples[spec], combined)
			all = append(all, samples[spec]...)
		}
		t.Players = append(t.Players, *r)
	}
	sort.Slice(t.Players, func(i, j int) bool { return ps[t.Players[i].Spec].Order < ps[t.Players[j].Spec].Order })
	if cal != nil {
		t.Overall, t.OverallCombined = cal.Check(all, 1), cal.Check(all, combined)
	}
	return t, nil
}

// Write prints the table as Markdown.
func (t *Table) Write(w io.Writer) {
	fmt.Fprintln(w, "| player | rating | sides | accuracy | points lost / move | best | good | inaccuracy | mistake | blunder | estimate (median) | median error | median width | coverage |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range t.Players {
		rt, est, errs, width, cov := "-", "-", "-", "-", "-"
		if r.Rated {
			rt = fmt.Sprintf("%.0f", r.Rating)
		}
		if r.Estimates > 0 {
			est, errs = fmt.Sprintf("%.0f", r.Est), fmt.Sprintf("%.0f", r.MedianError)
			width, cov = fmt.Sprintf("%.0f", r.MedianWidth), fmt.Sprintf("%.2f", r.Coverage)
		}
		fmt.Fprintf(w, "| %s | %s | %d | %.1f | %.2f |", r.Name, rt, r.Sides, r.Accuracy, r.PointsLoss)
		for _, c := range r.Classes {
			fmt.Fprintf(w, " %.0f%% |", 100*c)
		}
		fmt.Fprintf(w, " %s | %s | %s | %s |\n", est, errs, width, cov)
	}
	fmt.Fprintf(w, "\n%d games; the stronger side the more accurate in %.1f%% of %d games between different players\n",
		t.Games, 100*t.StrongerMoreAccurate, t.Decisive)
	fmt.Fprintf(w, "turning points: %.2f a game, %.2f lead changes a game, smallest lead-change swing %.3f\n",
		t.TurningPoints, t.LeadChanges, t.SmallestLeadSwing)
	line := func(what string, c rating.Check) {
		if c.Estimates > 0 {
			fmt.Fprintf(w, "rating estimate, rated sides, %s: %d estimates, median error %.0f, median width %.0f (±%.0f), coverage %.3f\n",
				what, c.Estimates, c.MedianError, c.MedianWidth, c.MedianWidth/2, c.Coverage)
		}
	}
	line("one game", t.Overall)
	line(fmt.Sprintf("%d games combined", t.Combined), t.OverallCombined)
}
