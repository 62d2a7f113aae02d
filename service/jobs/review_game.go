package jobs

import (
	"cmp"
	"context"

	"golang.org/x/sync/errgroup"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/movelevel"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/rating"
)

// ReviewOptions configure ReviewGame.
type ReviewOptions struct {
	// Visits is the search budget per position (required).
	Visits int
	// Parallel is the number of positions searched at once (0: 4).
	Parallel int
	// KeyMoves is the number of key moves listed (0: 3).
	KeyMoves int
	// Explain adds the explanations and turning points (the costly part
	// after the searches, which calibration does not need).
	Explain bool
	// Ratings estimates each side's rating (nil: no estimate).
	Ratings *rating.File
	// Levels is the ladder the level of each inaccuracy, mistake and
	// blunder is measured against (Ladder; nil: no levels).
	Levels []movelevel.LadderLevel
}

// ReviewGame reviews a replayed game outside the jobs table: every
// position analysed through c (its cache, if it has one), then the review
// assembled as a review job assembles it. The rating calibration
// (`wallzero rating`) reviews its games this way, so that the estimate is
// fitted on exactly what the service's reviews measure.
func ReviewGame(ctx context.Context, c *analysis.Cached, p *analysis.Prepared, opts ReviewOptions) (*ReviewResult, error) {
	g, positions := p.Game, p.Positions
	analyses := make([]*analysis.Analysis, len(positions))
	rules := g.Rules.String()
	parallel := cmp.Or(max(opts.Parallel, 0), 4)
	// The group's context is cancelled when a search fails, so the other
	// searches stop; it is done once Wait returns, so what follows uses
	// ctx.
	eg, gctx := errgroup.WithContext(ctx)
	eg.SetLimit(parallel)
	for i := range positions {
		eg.Go(func() error {
			a, err := c.Full(gctx, rules, positions, i, opts.Visits)
			analyses[i] = a
			return err
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	res := assembleReview(g, positions, analyses, cmp.Or(opts.KeyMoves, 3), opts.Explain)
	res.Visits, res.Model = opts.Visits, c.Analyzer().ModelFor(g.Rules.Players)
	eng := &movelevel.Analyzer{An: c.Analyzer(), Positions: positions}
	if err := movelevel.Add(ctx, res, analyses, eng, opts.Levels, g.Rules.Players, opts.Visits, parallel); err != nil {
		return nil, err
	}
	res.RatingEstimate = review.EstimateRatings(opts.Ratings, res)
	return res, nil
}

// assembleReview builds a review from the analyses of every position:
// the curve and the moves, the backward proofs, and the explanations and
// turning points when explain is set. The caller sets the model and
// visits, then the rating estimate (review.EstimateRatings), which depends on
// them.
func assembleReview(g *engine.Game, positions []engine.Position, analyses []*analysis.Analysis, keyMoves int, explain bool) *ReviewResult {
	res := buildReview(g, analyses, keyMoves)
	if g.Rules.Players == 2 {
		// The exact solver proves only two-player positions.
		proveBackwards(res, positions)
	}
	if explain {
		explainReview(res, g, positions, analyses)
	}
	return res
}
