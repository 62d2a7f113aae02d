package workspace

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/service/drills"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// MaxPuzzleGames caps the reviewed games whose puzzles one call of Drills
// takes (each costs two searches per candidate position the first time);
// the rest are taken by the next calls.
const MaxPuzzleGames = 10

// Drill is a card of a player's drills: a puzzle of one of their games
// and its spaced-repetition state.
type Drill struct {
	// Card identifies the card among the player's: GAME-PLY.
	Card string
	Game string
	// Due is when to answer it next; a new card is due at once.
	Due time.Time
	// New is set for a card never answered; State is the memory after
	// the last answer (omitted for a new card); Answers counts them.
	New     bool
	State   *drills.State
	Answers int
	// Puzzle is the card's position, the move played and the answer.
	Puzzle jobs.Puzzle
}

// DrillList is a player's cards, the earliest due first.
type DrillList struct {
	Player PlayerRef
	// Due counts the cards due now.
	Due int
	// Pending counts the player's games whose puzzles are not taken yet
	// (their review runs, or more than MaxPuzzleGames waited).
	Pending int
	Cards   []Drill
}

// Drills returns a player's cards, the earliest due first, after taking
// the puzzles of their newly reviewed games (the puzzles of
// GET /v1/reviews/{id}/puzzles: each goes to the player who was to move).
func (s *Service) Drills(ctx context.Context, id string) (*DrillList, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	own := owner(ctx)
	pl, err := s.store.Player(ctx, own, id)
	if err != nil {
		return nil, storeError(err, "player "+id)
	}
	games, err := s.store.Games(ctx, own, store.GameFilter{Player: id})
	if err != nil {
		return nil, storeError(err, "player "+id)
	}
	out := &DrillList{Player: PlayerRef{ID: pl.ID, Name: pl.Name}, Cards: []Drill{}}
	taken := 0
	for i := range games {
		g := &games[i]
		if g.PuzzlesTaken {
			continue
		}
		if g.JobStatus != store.StatusSucceeded || taken >= MaxPuzzleGames {
			if g.JobStatus == store.StatusQueued || g.JobStatus == store.StatusRunning || g.JobStatus == store.StatusSucceeded {
				out.Pending++
			}
			continue
		}
		if err := s.takePuzzles(ctx, own, g); err != nil {
			return nil, err
		}
		taken++
	}
	cards, err := s.store.Cards(ctx, own, id)
	if err != nil {
		return nil, storeError(err, "player "+id)
	}
	now := s.now()
	for _, c := range cards {
		d, err := drillOf(c)
		if err != nil {
			return nil, err
		}
		if !d.Due.After(now) {
			out.Due++
		}
		out.Cards = append(out.Cards, d)
	}
	return out, nil
}

// takePuzzles adds the puzzles of a reviewed game to its players' cards.
func (s *Service) takePuzzles(ctx context.Context, own int64, g *store.Game) error {
	ps, err := s.jobs.Puzzles(ctx, g.JobID)
	if err != nil {
		return err
	}
	var cards []store.NewCard
	for _, p := range ps.Puzzles {
		pid := g.Players[p.Player.String()]
		if pid == "" {
			continue // a colour the import named no player for
		}
		data, err := encodeCard(&p)
		if err != nil {
			return &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
		}
		cards = append(cards, store.NewCard{PlayerID: pid, Card: fmt.Sprintf("%s-%d", g.ID, p.Ply), Puzzle: data})
	}
	return storeError(s.store.AddCards(ctx, own, g.ID, cards), "game "+g.ID)
}

// drillOf reads a stored card: its puzzle and its spaced-repetition state.
func drillOf(c store.Card) (Drill, error) {
	d := Drill{Card: c.Card, Game: c.GameID, Due: c.Due, New: c.State == nil, Answers: c.Answers}
	puzzle, err := decodeCard(c.Puzzle)
	if err != nil {
		return d, &wallzero.Error{Code: wallzero.CodeInternal, Message: "stored puzzle: " + err.Error(), Err: err}
	}
	d.Puzzle = puzzle
	if c.State != nil {
		d.State = new(drills.State)
		if err := json.Unmarshal(c.State, d.State); err != nil {
			return d, &wallzero.Error{Code: wallzero.CodeInternal, Message: "stored card state: " + err.Error(), Err: err}
		}
	}
	return d, nil
}

// Answer records an answer to one of a player's cards and schedules it
// (FSRS, service/drills): the card's new state and due time.
func (s *Service) Answer(ctx context.Context, player, card, rating string) (*Drill, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	rt, err := drills.ParseRating(rating)
	if err != nil {
		return nil, wallzero.Invalid("rating", err.Error())
	}
	own := owner(ctx)
	cards, err := s.store.Cards(ctx, own, player)
	if err != nil {
		return nil, storeError(err, "player "+player)
	}
	for _, c := range cards {
		if c.Card != card {
			continue
		}
		d, err := drillOf(c)
		if err != nil {
			return nil, err
		}
		next, due := s.sched.Next(d.State, rt, s.now())
		state, err := json.Marshal(next)
		if err != nil {
			return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
		}
		saved, err := s.store.AnswerCard(ctx, own, player, card, c.State, state, due)
		if err != nil {
			return nil, storeError(err, fmt.Sprintf("card %s (answered meanwhile?)", card))
		}
		out, err := drillOf(*saved)
		return &out, err
	}
	return nil, &wallzero.Error{Code: wallzero.CodeNotFound, Field: "card", Message: "no card " + wallzero.Clip(card, 100) + " among the player's"}
}
