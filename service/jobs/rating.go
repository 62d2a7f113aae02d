package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/rating"
)

// MaxRatingGames caps the reviews of one combined rating estimate.
const MaxRatingGames = 200

// RatingRequest asks for one player's rating from several reviewed games:
// the review of each and which colour the player had in it.
type RatingRequest struct {
	Games []RatingGame `json:"games"`
} // @name service.RatingRequest

// RatingGame is one game of a RatingRequest.
type RatingGame struct {
	// Review is the review's id.
	Review string `json:"review" example:"6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10"`
	// Player is the colour the player had: red or blue.
	Player string `json:"player" example:"red"`
} // @name service.RatingGame

// RatingResult is a combined rating estimate.
type RatingResult struct {
	// Estimate combines every game that had enough open moves; its
	// interval narrows with their number (docs/reviews.md).
	Estimate rating.Estimate `json:"estimate"`
	// Model and Visits are the reviews' (one calibration covers them all).
	Model  string `json:"model" example:"wz-0027-int8"`
	Visits int    `json:"visits" example:"200"`
	// Games gives each game's own estimate, in the order asked; a game
	// with too few open moves, or stored before the levels of its missed
	// moves were measured, has none and says why.
	Games []RatingGameEstimate `json:"games"`
} // @name service.RatingResult

// RatingGameEstimate is one game's part of a combined estimate.
type RatingGameEstimate struct {
	Review   string           `json:"review" example:"6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10"`
	Player   string           `json:"player" example:"red"`
	Estimate *rating.Estimate `json:"estimate,omitempty"`
	// Skipped says why the game has no estimate.
	Skipped string `json:"skipped,omitempty" example:"3 moves in open positions, at least 5 are needed"`
} // @name service.RatingGameEstimate

// Rating combines one player's games into one rating estimate. Every
// review must have succeeded and have been made with one model at one
// number of visits that a calibration covers; errors name the game
// (games[i].review or games[i].player).
func (s *Runner) Rating(ctx context.Context, r *RatingRequest) (*RatingResult, error) {
	if len(r.Games) == 0 {
		return nil, wallzero.Invalid("games", "give at least one reviewed game")
	}
	if len(r.Games) > MaxRatingGames {
		return nil, &wallzero.Error{Code: wallzero.CodeTooLarge, Field: "games", Message: fmt.Sprintf("%d games, at most %d", len(r.Games), MaxRatingGames)}
	}
	var out *RatingResult
	var cal *rating.Calibration
	var feats []rating.Features
	for i, g := range r.Games {
		field := fmt.Sprintf("games[%d]", i)
		if g.Player != "red" && g.Player != "blue" {
			return nil, wallzero.Invalid(field+".player", fmt.Sprintf("%q: want red or blue", g.Player))
		}
		res, err := s.succeededReview(ctx, g.Review, field+".review")
		if err != nil {
			return nil, err
		}
		if len(res.Players) > 2 {
			return nil, wallzero.Invalid(field+".review", fmt.Sprintf("a review of a %d-player game: the rating estimate is calibrated on two-player games", len(res.Players)))
		}
		if out == nil {
			cal = s.ratings.For(res.Model, res.Visits, res.Thresholds.InaccuracyPoints)
			if cal == nil {
				return nil, wallzero.Invalid(field+".review", fmt.Sprintf("no rating calibration covers reviews by %s at %d visits with inaccuracies from %g points lost (reviews at the service's default visits have one; a review made under earlier thresholds needs the game reviewed again)",
					res.Model, res.Visits, res.Thresholds.InaccuracyPoints))
			}
			out = &RatingResult{Model: res.Model, Visits: res.Visits, Games: []RatingGameEstimate{}}
		} else if why := unlike(res, out.Model, out.Visits, cal.InaccuracyPoints); why != "" {
			return nil, wallzero.Invalid(field+".review", why)
		}
		seat := grid.Red
		if g.Player == "blue" {
			seat = grid.Blue
		}
		f := review.Features(res)[seat]
		ge := RatingGameEstimate{Review: g.Review, Player: g.Player}
		if e, ok := cal.Estimate(f); ok {
			ge.Estimate = &e
			feats = append(feats, f)
		} else {
			ge.Skipped = cal.Unusable(f)
		}
		out.Games = append(out.Games, ge)
	}
	e, ok := cal.Combine(feats)
	if !ok {
		return nil, wallzero.Invalid("games", "no game could be estimated: "+out.Games[0].Skipped)
	}
	out.Estimate = e
	return out, nil
}

// unlike says why a review cannot join an estimate begun on games[0],
// reviewed by model at visits and classified with an inaccuracy from
// inaccuracyPoints points lost, or "" when it can: one calibration covers
// one model, visits and thresholds.
func unlike(res *ReviewResult, model string, visits int, inaccuracyPoints float64) string {
	switch {
	case res.Model != model || res.Visits != visits:
		return fmt.Sprintf("reviewed by %s at %d visits, games[0] by %s at %d: one estimate combines reviews of one model and visits",
			res.Model, res.Visits, model, visits)
	case res.Thresholds.InaccuracyPoints != inaccuracyPoints:
		return fmt.Sprintf("classified with an inaccuracy from %g points lost, games[0] from %g: one estimate combines reviews of one set of thresholds (review the older game again)",
			res.Thresholds.InaccuracyPoints, inaccuracyPoints)
	}
	return ""
}

// succeededReview returns the result of a finished review; its errors
// name field.
func (s *Runner) succeededReview(ctx context.Context, id, field string) (*ReviewResult, error) {
	rj, err := s.Review(ctx, id)
	if err != nil {
		var e *wallzero.Error
		if errors.As(err, &e) && e.Field == "id" {
			e2 := *e
			e2.Field = field
			return nil, &e2
		}
		return nil, err
	}
	if !rj.Succeeded() || rj.Result == nil {
		return nil, &wallzero.Error{Code: wallzero.CodeConflict, Field: field, Message: fmt.Sprintf("review %s is %s: an estimate needs a finished review", id, rj.Status)}
	}
	return rj.Result, nil
}
