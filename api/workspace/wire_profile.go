package workspace

import (
	"github.com/wallzero/wallzero/service/rating"
	wssvc "github.com/wallzero/wallzero/service/workspace"
)

// The JSON shape of a player's profile as the API serves it (the schemas
// workspace.*), and its conversion from the service's values.

// Profile is a player's record over their games.
type Profile struct {
	Player
	// Games are the player's games in order of date (undated ones last,
	// in the order imported).
	Games []ProfileGame `json:"games"`
	// Reviewed counts the games whose review succeeded; the means below
	// are over them.
	Reviewed int `json:"reviewed" example:"12"`
	// Accuracy is the mean of the games' accuracy (percent);
	// PointsLostPerMove the mean points lost per move, LossPerMove the
	// mean win rate lost per move.
	Accuracy          *float64 `json:"accuracy,omitempty" example:"81.4"`
	PointsLostPerMove *float64 `json:"pointsLostPerMove,omitempty" example:"0.9"`
	LossPerMove       *float64 `json:"lossPerMove,omitempty" example:"0.031"`
	// Rating combines the reviewed two-player games into one estimate,
	// as POST /v1/ratings/estimate does, in the shape of a review's
	// ratingEstimate; RatingNote says why there is none.
	Rating     *rating.Estimate `json:"rating,omitempty"`
	RatingNote string           `json:"ratingNote,omitempty" example:"no game could be estimated: 3 moves in open positions, at least 5 are needed"`
	// Mistakes counts the inaccuracies, mistakes and blunders by phase,
	// kind and class.
	Mistakes Mistakes `json:"mistakes"`
	// Openings are the setups played (every player's placements), with
	// the player's results, most played first.
	Openings []OpeningStat `json:"openings"`
	// Comparison sets the player beside every player of the collection
	// (this one included), by accuracy.
	Comparison []PlayerStat `json:"comparison"`
} // @name workspace.Profile

// ProfileGame is one game of a profile; the review's figures are the
// player's and omitted until the review succeeded. The list in date
// order is the player's accuracy, points lost and rating over time.
type ProfileGame struct {
	GameSummary
	// Colour is the player's colour; Result win, loss or draw (omitted
	// when unknown).
	Colour string `json:"colour" example:"red"`
	Result string `json:"result,omitempty" example:"win"`
	// Moves counts the player's moves reviewed.
	Moves             int              `json:"moves,omitempty" example:"18"`
	Accuracy          *float64         `json:"accuracy,omitempty" example:"84.2"`
	PointsLostPerMove *float64         `json:"pointsLostPerMove,omitempty" example:"0.7"`
	LossPerMove       *float64         `json:"lossPerMove,omitempty" example:"0.025"`
	Rating            *rating.Estimate `json:"rating,omitempty"`
} // @name workspace.ProfileGame

// Mistakes counts a player's inaccuracies, mistakes and blunders.
type Mistakes struct {
	// ByPhase: setup (placing the stones), opening (the first
	// OpeningMoves moves after it), middlegame, endgame (at most
	// EndgameContested contested squares before the move, by its
	// explanation's facts; without them, the last quarter of the game).
	ByPhase map[string]int `json:"byPhase"`
	// ByKind, from the explanation's facts of the move against the
	// best: missedSeal (the best move sealed a region, the move played
	// none), lostLand (the move lost the mover squares only they
	// reached), tempo (it changed nothing of value), missedZugzwang (the
	// best move left the opponent only worse replies), trade (it kept
	// fewer contested squares near), other.
	ByKind map[string]int `json:"byKind"`
	// ByClass: inaccuracy, mistake, blunder.
	ByClass map[string]int `json:"byClass"`
} // @name workspace.Mistakes

// OpeningStat is a setup and the player's results with it.
type OpeningStat struct {
	// Opening is the setup's placements in order, e.g. "C3 E3 C5 E5".
	Opening  string   `json:"opening" example:"C3 E3 C5 E5"`
	Games    int      `json:"games" example:"4"`
	Wins     int      `json:"wins" example:"2"`
	Losses   int      `json:"losses" example:"1"`
	Draws    int      `json:"draws" example:"1"`
	Accuracy *float64 `json:"accuracy,omitempty" example:"79.5"`
} // @name workspace.OpeningStat

// PlayerStat is a player's summary for the comparison.
type PlayerStat struct {
	PlayerRef
	Games             int      `json:"games" example:"10"`
	Reviewed          int      `json:"reviewed" example:"10"`
	Wins              int      `json:"wins" example:"6"`
	Accuracy          *float64 `json:"accuracy,omitempty" example:"77.1"`
	PointsLostPerMove *float64 `json:"pointsLostPerMove,omitempty" example:"1.1"`
} // @name workspace.PlayerStat

// profileOf is p as the API serves it.
func profileOf(p *wssvc.Profile) *Profile {
	return &Profile{Player: *playerOf(&p.Player), Games: convertSlice(p.Games, profileGameOf), Reviewed: p.Reviewed,
		Accuracy: p.Accuracy, PointsLostPerMove: p.PointsLostPerMove, LossPerMove: p.LossPerMove,
		Rating: p.Rating, RatingNote: p.RatingNote, Mistakes: Mistakes(p.Mistakes),
		Openings:   convertSlice(p.Openings, func(o wssvc.OpeningStat) OpeningStat { return OpeningStat(o) }),
		Comparison: convertSlice(p.Comparison, playerStatOf)}
}

// profileGameOf is g as the API serves it.
func profileGameOf(g wssvc.ProfileGame) ProfileGame {
	return ProfileGame{GameSummary: gameSummaryOf(g.GameSummary), Colour: g.Colour, Result: g.Result, Moves: g.Moves,
		Accuracy: g.Accuracy, PointsLostPerMove: g.PointsLostPerMove, LossPerMove: g.LossPerMove, Rating: g.Rating}
}

// playerStatOf is s as the API serves it.
func playerStatOf(s wssvc.PlayerStat) PlayerStat {
	return PlayerStat{PlayerRef: PlayerRef(s.PlayerRef), Games: s.Games, Reviewed: s.Reviewed, Wins: s.Wins,
		Accuracy: s.Accuracy, PointsLostPerMove: s.PointsLostPerMove}
}
