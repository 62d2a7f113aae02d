package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"sort"
	"strings"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/jobs/reviewrow"
	"github.com/wallzero/wallzero/service/rating"
	"github.com/wallzero/wallzero/store"
)

// Profile is a player's record over their games.
type Profile struct {
	Player
	// Games are the player's games in order of date (undated ones last,
	// in the order imported).
	Games []ProfileGame
	// Reviewed counts the games whose review succeeded; the means below
	// are over them.
	Reviewed int
	// Accuracy is the mean of the games' accuracy (percent);
	// PointsLostPerMove the mean points lost per move, LossPerMove the
	// mean win rate lost per move.
	Accuracy          *float64
	PointsLostPerMove *float64
	LossPerMove       *float64
	// Rating combines the reviewed two-player games into one estimate,
	// as POST /v1/ratings/estimate does, in the shape of a review's
	// ratingEstimate; RatingNote says why there is none.
	Rating     *rating.Estimate
	RatingNote string
	// Mistakes counts the inaccuracies, mistakes and blunders by phase,
	// kind and class.
	Mistakes Mistakes
	// Openings are the setups played (every player's placements), with
	// the player's results, most played first.
	Openings []OpeningStat
	// Comparison sets the player beside every player of the collection
	// (this one included), by accuracy.
	Comparison []PlayerStat
}

// ProfileGame is one game of a profile; the review's figures are the
// player's and omitted until the review succeeded. The list in date
// order is the player's accuracy, points lost and rating over time.
type ProfileGame struct {
	GameSummary
	// Colour is the player's colour; Result win, loss or draw (omitted
	// when unknown).
	Colour string
	Result string
	// Moves counts the player's moves reviewed.
	Moves             int
	Accuracy          *float64
	PointsLostPerMove *float64
	LossPerMove       *float64
	Rating            *rating.Estimate
}

// Mistakes counts a player's inaccuracies, mistakes and blunders.
type Mistakes struct {
	// ByPhase: setup (placing the stones), opening (the first
	// OpeningMoves moves after it), middlegame, endgame (at most
	// EndgameContested contested squares before the move, by its
	// explanation's facts; without them, the last quarter of the game).
	ByPhase map[string]int
	// ByKind, from the explanation's facts of the move against the
	// best: missedSeal (the best move sealed a region, the move played
	// none), lostLand (the move lost the mover squares only they
	// reached), tempo (it changed nothing of value), missedZugzwang (the
	// best move left the opponent only worse replies), trade (it kept
	// fewer contested squares near), other.
	ByKind map[string]int
	// ByClass: inaccuracy, mistake, blunder.
	ByClass map[string]int
}

// OpeningStat is a setup and the player's results with it.
type OpeningStat struct {
	// Opening is the setup's placements in order, e.g. "C3 E3 C5 E5".
	Opening  string
	Games    int
	Wins     int
	Losses   int
	Draws    int
	Accuracy *float64
}

// PlayerStat is a player's summary for the comparison.
type PlayerStat struct {
	PlayerRef
	Games             int
	Reviewed          int
	Wins              int
	Accuracy          *float64
	PointsLostPerMove *float64
}

// OpeningMoves is how many moves after the setup count as the opening;
// EndgameContested the most contested squares of an endgame position.
const (
	OpeningMoves     = 10
	EndgameContested = 8
)

// gameStats is one player's figures in one reviewed game.
type gameStats struct {
	moves                int
	accuracy             float64
	points, loss         float64 // sums over the moves
	estimate             *rating.Estimate
	phases, kinds, class map[string]int
}

// statsOf reads colour's figures from a review.
func statsOf(res *jobs.ReviewResult, colour string) gameStats {
	st := gameStats{phases: map[string]int{}, kinds: map[string]int{}, class: map[string]int{}}
	c, err := grid.ParseColor(colour)
	if err != nil {
		return st
	}
	for seat, p := range res.Players {
		if p != c {
			continue
		}
		if seat < len(res.Accuracy) && !math.IsNaN(res.Accuracy[seat]) {
			st.accuracy = res.Accuracy[seat]
		}
		if seat < len(res.RatingEstimate) && res.RatingEstimate[seat] != nil {
			e := *res.RatingEstimate[seat]
			st.estimate = &e
		}
	}
	setup := 0
	for _, m := range res.Moves {
		if isPlacement(m.Move) {
			setup = m.Ply + 1
		}
	}
	for _, m := range res.Moves {
		if m.Player != c {
			continue
		}
		st.moves++
		st.points += float64(m.PointsLoss)
		st.loss += float64(m.Loss)
		switch m.Classification {
		case "inaccuracy", "mistake", "blunder":
			st.class[m.Classification]++
			st.phases[phaseOf(m, setup, len(res.Moves))]++
			st.kinds[kindOf(m, colour)]++
		}
	}
	return st
}

// isPlacement reports whether a move is a setup placement.
func isPlacement(move grid.Move) bool { return move.Kind == grid.Place }

func phaseOf(m jobs.MoveReview, setup, plies int) string {
	switch {
	case isPlacement(m.Move):
		return "setup"
	case m.Ply < setup+OpeningMoves:
		return "opening"
	case m.Explanation != nil && len(m.Explanation.Played.Facts.Contested) <= EndgameContested:
		return "endgame"
	case m.Explanation == nil && m.Ply >= plies*3/4:
		return "endgame"
	}
	return "middlegame"
}

func kindOf(m jobs.MoveReview, colour string) string {
	e := m.Explanation
	switch {
	case e == nil:
		return "other"
	case e.Best != nil && len(e.Best.Facts.Sealed) > 0 && len(e.Played.Facts.Sealed) == 0:
		return "missedSeal"
	case len(e.Played.Facts.Lost[colour]) > 0:
		return "lostLand"
	case e.Played.Facts.Tempo:
		return "tempo"
	case e.Best != nil && e.Best.Facts.Zugzwang != nil && e.Played.Facts.Zugzwang == nil:
		return "missedZugzwang"
	case e.Trade:
		return "trade"
	}
	return "other"
}

// reviewOf decodes a game's review result (nil until it succeeded).
func reviewOf(g *store.Game) *jobs.ReviewResult {
	if g.JobStatus != store.StatusSucceeded || len(g.Result) == 0 {
		return nil
	}
	res, err := reviewrow.Decode(g.Result)
	if err != nil {
		return nil
	}
	return res
}

// storedReview returns a game's review result as stored (nil until it
// succeeded).
func storedReview(g *store.Game) json.RawMessage {
	if g.JobStatus != store.StatusSucceeded || len(g.Result) == 0 {
		return nil
	}
	return json.RawMessage(g.Result)
}

// colourOf returns the colour player had in g.
func colourOf(g *store.Game, player string) string {
	for c, p := range g.Players {
		if p == player {
			return c
		}
	}
	return ""
}

func resultFor(winner, colour string) string {
	switch winner {
	case "":
		return ""
	case "draw":
		return "draw"
	case colour:
		return "win"
	}
	return "loss"
}

// mean returns sum/n rounded to 4 decimals, nil for n = 0.
func mean(sum float64, n int) *float64 {
	if n == 0 {
		return nil
	}
	v := math.Round(sum/float64(n)*1e4) / 1e4
	return &v
}

// Profile returns a player's profile.
func (s *Service) Profile(ctx context.Context, id string) (*Profile, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	own := owner(ctx)
	pl, err := s.store.Player(ctx, own, id)
	if err != nil {
		return nil, storeError(err, "player "+id)
	}
	all, err := s.store.Games(ctx, own, store.GameFilter{Collection: pl.CollectionID})
	if err != nil {
		return nil, storeError(err, "player "+id)
	}
	players, err := s.store.Players(ctx, own, pl.CollectionID)
	if err != nil {
		return nil, storeError(err, "player "+id)
	}
	names := map[string]PlayerRef{}
	for _, p := range players {
		names[p.ID] = PlayerRef{ID: p.ID, Name: p.Name}
	}
	out := &Profile{Player: Player{PlayerRef: names[pl.ID], Collection: pl.CollectionID}, Games: []ProfileGame{}, Openings: []OpeningStat{},
		Mistakes: Mistakes{ByPhase: map[string]int{"setup": 0, "opening": 0, "middlegame": 0, "endgame": 0}, ByKind: map[string]int{}, ByClass: map[string]int{}}}
	var accSum, ptsSum, lossSum float64
	var moves int
	openings := map[string]*OpeningStat{}
	openingAcc := map[string][2]float64{}
	var ratingGames []jobs.RatingGame
	for i := range all {
		g := &all[i]
		colour := colourOf(g, pl.ID)
		if colour == "" {
			continue
		}
		pg := ProfileGame{GameSummary: gameSummaryOf(g, names), Colour: colour, Result: resultFor(g.Winner, colour)}
		opening := setupOf(g)
		o := openings[opening]
		if o == nil {
			o = &OpeningStat{Opening: opening}
			openings[opening] = o
		}
		o.Games++
		switch pg.Result {
		case "win":
			o.Wins++
		case "loss":
			o.Losses++
		case "draw":
			o.Draws++
		}
		if res := reviewOf(g); res != nil {
			st := statsOf(res, colour)
			out.Reviewed++
			pg.Moves = st.moves
			pg.Accuracy, pg.PointsLostPerMove, pg.LossPerMove = mean(st.accuracy, 1), mean(st.points, st.moves), mean(st.loss, st.moves)
			pg.Rating = st.estimate
			accSum += st.accuracy
			ptsSum += st.points
			lossSum += st.loss
			moves += st.moves
			a := openingAcc[opening]
			openingAcc[opening] = [2]float64{a[0] + st.accuracy, a[1] + 1}
			for k, v := range st.phases {
				out.Mistakes.ByPhase[k] += v
			}
			for k, v := range st.kinds {
				out.Mistakes.ByKind[k] += v
			}
			for k, v := range st.class {
				out.Mistakes.ByClass[k] += v
			}
			if len(res.Players) == 2 {
				ratingGames = append(ratingGames, jobs.RatingGame{Review: g.JobID, Player: colour})
			}
		}
		out.Games = append(out.Games, pg)
	}
	sort.SliceStable(out.Games, func(i, j int) bool {
		a, b := out.Games[i].Date, out.Games[j].Date
		return a != "" && (b == "" || a < b)
	})
	out.Accuracy, out.PointsLostPerMove, out.LossPerMove = mean(accSum, out.Reviewed), mean(ptsSum, moves), mean(lossSum, moves)
	for name, o := range openings {
		a := openingAcc[name]
		o.Accuracy = mean(a[0], int(a[1]))
		out.Openings = append(out.Openings, *o)
	}
	sort.Slice(out.Openings, func(i, j int) bool {
		a, b := out.Openings[i], out.Openings[j]
		return a.Games > b.Games || a.Games == b.Games && a.Opening < b.Opening
	})
	out.Rating, out.RatingNote = s.combinedRating(ctx, ratingGames)
	out.Comparison = compare(all, players)
	return out, nil
}

// setupOf returns a game's setup: its placements in order.
func setupOf(g *store.Game) string {
	var rec engine.Record // as the import stored it
	_ = json.Unmarshal(g.Record, &rec)
	var setup []string
	for _, text := range rec.Moves {
		m, _, err := grid.ParseMove(text)
		if err != nil || !isPlacement(m) {
			break
		}
		setup = append(setup, m.String())
	}
	return strings.Join(setup, " ")
}

// combinedRating combines the reviewed games' estimates through the
// rating endpoint's own path (the latest jobs.MaxRatingGames games).
func (s *Service) combinedRating(ctx context.Context, games []jobs.RatingGame) (*rating.Estimate, string) {
	if len(games) == 0 {
		return nil, "no reviewed two-player game"
	}
	if len(games) > jobs.MaxRatingGames {
		games = games[len(games)-jobs.MaxRatingGames:]
	}
	r, err := s.jobs.Rating(ctx, &jobs.RatingRequest{Games: games})
	if err != nil {
		var se *wallzero.Error
		if errors.As(err, &se) && se.Code == wallzero.CodeInvalid {
			return nil, se.Message
		}
		s.log.WarnContext(ctx, "profile: rating estimate failed", "error", err)
		return nil, "the rating estimate failed"
	}
	e := r.Estimate
	return &e, ""
}

// compare summarizes every player of the collection, by accuracy (the
// players without a reviewed game last, by name).
func compare(games []store.Game, players []store.Player) []PlayerStat {
	type sums struct {
		acc, pts float64
		moves    int
		stat     PlayerStat
	}
	by := map[string]*sums{}
	for _, p := range players {
		by[p.ID] = &sums{stat: PlayerStat{PlayerRef: PlayerRef{ID: p.ID, Name: p.Name}}}
	}
	for i := range games {
		g := &games[i]
		res := reviewOf(g)
		for colour, pid := range g.Players {
			sm := by[pid]
			if sm == nil {
				continue
			}
			sm.stat.Games++
			if resultFor(g.Winner, colour) == "win" {
				sm.stat.Wins++
			}
			if res != nil {
				st := statsOf(res, colour)
				sm.stat.Reviewed++
				sm.acc += st.accuracy
				sm.pts += st.points
				sm.moves += st.moves
			}
		}
	}
	out := make([]PlayerStat, 0, len(by))
	for _, sm := range by {
		sm.stat.Accuracy, sm.stat.PointsLostPerMove = mean(sm.acc, sm.stat.Reviewed), mean(sm.pts, sm.moves)
		out = append(out, sm.stat)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.Accuracy == nil) != (b.Accuracy == nil) {
			return a.Accuracy != nil
		}
		if a.Accuracy != nil && *a.Accuracy != *b.Accuracy {
			return *a.Accuracy > *b.Accuracy
		}
		return a.Name < b.Name
	})
	return out
}
