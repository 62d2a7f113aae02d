package player

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// MultiMatchResult summarizes a seat-rotated match. A's score in a game is
// its share of the win: 1 alone, 1/k when k players share it, 0 otherwise;
// against equals it averages FairShare.
type MultiMatchResult struct {
	// Games is the number of games played, Players the seats of each.
	Games   int `json:"games"`
	Players int `json:"players"`
	// A is the candidate's specification; B plays every other seat.
	A string `json:"a"`
	B string `json:"b"`
	// Mode is the opening, Rules the full rules.
	Mode  engine.Opening `json:"mode"`
	Rules string         `json:"rules"`
	// Seed repeats the configuration.
	Seed uint64 `json:"seed"`
	// AWins is A's wins, a shared win counting as A's share; BWins the
	// same for the B seats together, so AWins + BWins = Games.
	AWins float64 `json:"a_wins"`
	BWins float64 `json:"b_wins"`
	// ASoleWins counts the games A won alone, ASharedWins those whose win
	// A shared, SharedWins every game whose win was shared.
	ASoleWins   int `json:"a_sole_wins"`
	ASharedWins int `json:"a_shared_wins"`
	SharedWins  int `json:"shared_wins"`
	// AScore is A's mean score per game, AWins / Games; FairShare is what
	// a player no stronger than B averages, 1 / Players.
	AScore    float64 `json:"a_score"`
	FairShare float64 `json:"fair_share"`
	// AScoreCI95 is a 95% confidence interval for AScore: the Wilson
	// interval, whose variance p(1-p) bounds that of any score in [0, 1],
	// so it is if anything wide for shares.
	AScoreCI95 [2]float64 `json:"a_score_ci95"`
	// AMeanTerritory is A's mean final land, BMeanTerritory the mean land
	// of one B seat.
	AMeanTerritory float64 `json:"a_mean_territory"`
	BMeanTerritory float64 `json:"b_mean_territory"`
	// Seats breaks the match down by colour, in turn order.
	Seats []SeatResult `json:"seats"`
	// MeanPlies is the mean game length in moves, placements included.
	MeanPlies float64 `json:"mean_plies"`
}

// SeatResult is one colour's part of a multi-player match.
type SeatResult struct {
	// Seat is the colour, e.g. "green".
	Seat string `json:"seat"`
	// AGames counts the games A played in this seat, AWins A's wins there
	// (shares) and AScore their mean (0 without games).
	AGames int     `json:"a_games"`
	AWins  float64 `json:"a_wins"`
	AScore float64 `json:"a_score"`
	// Wins counts the seat's wins (shares) whoever played it.
	Wins float64 `json:"wins"`
}

// SummarizeMulti builds the MultiMatchResult of games played under cfg
// and rules (normalized).
func SummarizeMulti(cfg MultiMatchConfig, rules engine.Rules, games []MultiGameResult) MultiMatchResult {
	n := rules.Players
	r := MultiMatchResult{
		Games:     len(games),
		Players:   n,
		A:         cfg.A,
		B:         cfg.B,
		Mode:      rules.Opening,
		Rules:     rules.String(),
		Seed:      cfg.Seed,
		FairShare: round4(1 / float64(n)),
		Seats:     make([]SeatResult, n),
	}
	for c := range r.Seats {
		r.Seats[c].Seat = grid.Color(c).String()
	}
	if len(games) == 0 {
		r.AScoreCI95 = [2]float64{0, 1}
		return r
	}
	var aWins, bWins, terrA, terrB, plies float64
	seatWins := make([]float64, n)
	seatAWins := make([]float64, n)
	for _, g := range games {
		a := g.AScore()
		aWins += a
		bWins += 1 - a
		shared := g.Winners&(g.Winners-1) != 0
		switch {
		case shared:
			r.SharedWins++
			if a > 0 {
				r.ASharedWins++
			}
		case a > 0:
			r.ASoleWins++
		}
		r.Seats[g.ASeat].AGames++
		seatAWins[g.ASeat] += a
		for c := range n {
			seatWins[c] += g.Share(grid.Color(c))
			if grid.Color(c) == g.ASeat {
				terrA += float64(g.Score[c])
			} else {
				terrB += float64(g.Score[c])
			}
		}
		plies += float64(g.Plies)
	}
	count := float64(len(games))
	r.AWins, r.BWins = round4(aWins), round4(bWins)
	r.AScore = round4(aWins / count)
	ci := Wilson95(aWins/count, len(games))
	r.AScoreCI95 = [2]float64{round4(ci[0]), round4(ci[1])}
	r.AMeanTerritory = round4(terrA / count)
	r.BMeanTerritory = round4(terrB / (count * float64(n-1)))
	r.MeanPlies = round4(plies / count)
	for c := range r.Seats {
		s := &r.Seats[c]
		s.AWins, s.Wins = round4(seatAWins[c]), round4(seatWins[c])
		if s.AGames > 0 {
			s.AScore = round4(seatAWins[c] / float64(s.AGames))
		}
	}
	return r
}
