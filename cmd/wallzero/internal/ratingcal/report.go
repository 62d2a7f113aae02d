package ratingcal

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/wallzero/wallzero/service/rating"
)

// CheckReport is the check of a fitted calibration that `rating fit
// -report` prints: the figures on held-out players and held-out games, and
// the same for another calibration (the shipped one) on the same games.
type CheckReport struct {
	// LeaveOnePlayerOut is the fit's own check on the training games.
	LeaveOnePlayerOut rating.Check
	// HeldOutPlayers and HeldOutPlayersCombined check the held-out games,
	// each player's predicted by a mapping fitted without that player:
	// one game alone, and Combined games together.
	HeldOutPlayers, HeldOutPlayersCombined rating.Check
	// Heldout and HeldoutCombined check the held-out games with the
	// calibration itself (every player was in its fit, no game was).
	Heldout, HeldoutCombined rating.Check
	// Other and OtherCombined check the other calibration on the same
	// held-out games (absent without one).
	Other, OtherCombined *rating.Check
	// PerPlayer is each player's held-out-player figures, one game alone.
	PerPlayer []PlayerCheck
	// CheckPlayers are the estimates of the players marked check (no
	// fit uses them), on the held-out games.
	CheckPlayers []CheckPlayer
}

// PlayerCheck is one player's held-out figures.
type PlayerCheck struct {
	Player      string
	Rating      float64
	Games       int
	MedianError float64
	Coverage    float64
	// OtherMedianError and OtherCoverage are the other calibration's
	// figures on the same games (zero without one).
	OtherMedianError, OtherCoverage float64
}

// CheckPlayer is a check-only player's estimates.
type CheckPlayer struct {
	Player string
	// Games is the number of usable sides, MedianEstimate their median
	// estimate and BelowWeakest the share of them estimated below the
	// weakest rated calibration player or at it (an estimate is clamped to
	// the calibrated range).
	Games          int
	MedianEstimate float64
	BelowWeakest   float64
}

// Check builds the report of c on the reviewed games; other may be nil.
func Check(c, other *rating.Calibration, train, heldout []Reviewed, ps Players, combined int) (*CheckReport, error) {
	tr, err := ps.Samples(train)
	if err != nil {
		return nil, fmt.Errorf("training games: %w", err)
	}
	sides, err := ps.AllSamples(heldout)
	if err != nil {
		return nil, fmt.Errorf("held-out games: %w", err)
	}
	var held []rating.Sample
	var check []Side
	for _, s := range sides {
		if s.Check {
			check = append(check, s)
		} else {
			held = append(held, s.Sample)
		}
	}
	r := &CheckReport{Heldout: c.Check(held, 1), HeldoutCombined: c.Check(held, combined)}
	if c.Fit != nil {
		r.LeaveOnePlayerOut = c.Fit.LeaveOnePlayerOut
	}
	if r.HeldOutPlayers, err = c.CheckHeldOutPlayers(tr, held, 1); err != nil {
		return nil, err
	}
	if r.HeldOutPlayersCombined, err = c.CheckHeldOutPlayers(tr, held, combined); err != nil {
		return nil, err
	}
	if other != nil {
		o1, o5 := other.Check(held, 1), other.Check(held, combined)
		r.Other, r.OtherCombined = &o1, &o5
	}
	byPlayer := map[string][]rating.Sample{}
	for _, s := range held {
		byPlayer[s.Player] = append(byPlayer[s.Player], s)
	}
	for p, ss := range byPlayer {
		ch, err := c.CheckHeldOutPlayers(tr, ss, 1)
		if err != nil {
			return nil, err
		}
		pc := PlayerCheck{Player: p, Rating: ss[0].Rating, Games: ch.Estimates, MedianError: ch.MedianError, Coverage: ch.Coverage}
		if other != nil {
			oc := other.Check(ss, 1)
			pc.OtherMedianError, pc.OtherCoverage = oc.MedianError, oc.Coverage
		}
		r.PerPlayer = append(r.PerPlayer, pc)
	}
	sort.Slice(r.PerPlayer, func(i, j int) bool { return r.PerPlayer[i].Rating < r.PerPlayer[j].Rating })
	weakest := math.Inf(1)
	for _, s := range tr {
		weakest = math.Min(weakest, s.Rating)
	}
	est := map[string][]float64{}
	var names []string
	for _, s := range check {
		e, ok := c.Estimate(s.Features)
		if !ok {
			continue
		}
		if _, seen := est[s.Player]; !seen {
			names = append(names, s.Player)
		}
		est[s.Player] = append(est[s.Player], e.Rating)
	}
	for _, n := range names {
		below := 0
		for _, v := range est[n] {
			if v <= weakest {
				below++
			}
		}
		r.CheckPlayers = append(r.CheckPlayers, CheckPlayer{Player: n, Games: len(est[n]), MedianEstimate: rating.Median(est[n]),
			BelowWeakest: float64(below) / float64(len(est[n]))})
	}
	return r, nil
}

// Write prints the report as Markdown tables.
func (r *CheckReport) Write(w io.Writer, combined int) {
	fmt.Fprintln(w, "| check | estimates | median error | MAE | median width | coverage |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- |")
	row := func(name string, c rating.Check) {
		fmt.Fprintf(w, "| %s | %d | %.0f | %.0f | %.0f | %.3f |\n", name, c.Estimates, c.MedianError, c.MAE, c.MedianWidth, c.Coverage)
	}
	row("training games, leave one player out, one game", r.LeaveOnePlayerOut)
	row("held-out players on held-out games, one game", r.HeldOutPlayers)
	row(fmt.Sprintf("held-out players on held-out games, %d games combined", combined), r.HeldOutPlayersCombined)
	row("held-out games, one game", r.Heldout)
	row(fmt.Sprintf("held-out games, %d games combined", combined), r.HeldoutCombined)
	if r.Other != nil {
		row("the other calibration, held-out games, one game", *r.Other)
		row(fmt.Sprintf("the other calibration, held-out games, %d games combined", combined), *r.OtherCombined)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| player (held out) | rating | games | median error | coverage | the other's median error | the other's coverage |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | --- |")
	for _, p := range r.PerPlayer {
		fmt.Fprintf(w, "| %s | %.0f | %d | %.0f | %.3f | %.0f | %.3f |\n", p.Player, p.Rating, p.Games, p.MedianError, p.Coverage, p.OtherMedianError, p.OtherCoverage)
	}
	for _, p := range r.CheckPlayers {
		fmt.Fprintf(w, "\ncheck player %s: %d games, median estimate %.0f, %.0f%% at or below the weakest calibration player's rating (the range's bottom)\n",
			p.Player, p.Games, p.MedianEstimate, 100*p.BelowWeakest)
	}
}
