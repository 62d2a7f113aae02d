package play

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search/mctsplayer"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/levels"
)

// Request asks a level for the next move of a game (POST /v1/play).
type Request struct {
	// Rules, Board and Moves describe the game as a record does (see
	// engine.Record); the level moves in the position after the moves.
	Rules engine.Rules    `json:"rules"`
	Board *engine.Diagram `json:"board,omitempty"`
	Moves []string        `json:"moves" example:"C3,E3,C5,E5"`
	// Level is the id of the level to play (GET /v1/levels).
	Level string `json:"level" example:"club"`
	// Seed makes the level's random choices (setup placements, the
	// noisy levels' moves) reproducible; absent: a random seed, returned
	// in the answer.
	Seed *uint64 `json:"seed,omitempty" example:"7"`
} // @name service.PlayRequest

// Record returns the request's game as a record.
func (r *Request) Record() engine.Record {
	return engine.Record{Rules: r.Rules, Board: r.Board, Moves: r.Moves}
}

// Move is the level's move (the answer of POST /v1/play).
type Move struct {
	// Move is the move in the project's notation: a placement ("C3"), a
	// turn ("E5-E4:N") or, with three players, a wall break ("xD4:E").
	Move string `json:"move" example:"E5-E4:N"`
	// Level echoes the level's id.
	Level string `json:"level" example:"club"`
	// Player is who made the move.
	Player string `json:"player" enums:"red,blue,green,yellow" example:"blue"`
	// Ply is the move's index in the record: it becomes moves[ply].
	Ply int `json:"ply" example:"4"`
	// MidTurn is true after a wall break: the same player is still to move
	// and the client asks again with the break appended.
	MidTurn bool `json:"midTurn"`
	// GameOver is true when the move ends the game.
	GameOver bool `json:"gameOver"`
	// Seed is the seed the level played with.
	Seed uint64 `json:"seed" example:"7"`
	// ElapsedMs is how long the level thought, in milliseconds (waiting
	// for a search slot not counted).
	ElapsedMs int64 `json:"elapsedMs" example:"12"`
} // @name service.PlayMove

// historySetter is a player that can start in the middle of a game with
// its history (*mctsplayer.Player): the network sees the real game.
type historySetter interface {
	SetHistory(pos engine.Position, history []engine.Position)
}

// timeLimiter is a player whose search can be capped in wall-clock time
// (*mctsplayer.Player).
type timeLimiter interface {
	LimitTime(d time.Duration)
}

// The search players give the service both: a rename must not silently
// turn them off.
var (
	_ historySetter = (*mctsplayer.Player)(nil)
	_ timeLimiter   = (*mctsplayer.Player)(nil)
)

// maxRandomSeed bounds the seeds drawn for requests without one: below
// 2^53, so that a JavaScript client can send the answer's seed back
// exactly.
const maxRandomSeed = 1 << 53

// searchShare is the part of a level's time budget its search may use;
// the rest is left for building the player, the root evaluation's queue
// and the answer.
const searchShare = 0.8

// Play has the level chosen by req.Level choose the next move of the game
// after req's moves. A level that searches (an mcts spec) waits for a
// search slot of the admission controller and runs at interactive
// priority like POST /v1/analyze, its visits charged to the caller's API
// key (one for a search by time alone); a level that does not search (a
// Voronoi player, the raw policy) costs one visit and takes no slot. The move comes within the level's
// time budget (maxMoveMs): the search is capped at part of it, and a
// player still thinking at the budget fails with wallzero.CodeTimeout. ctx ending
// (the client going away) stops the search.
//
// Errors name the field: "level" (unknown: the valid ids are listed),
// "moves[3]", "rules.players" (also when the level does not play that many
// players), "moves" (the game is over, or too long).
func (s *Service) Play(ctx context.Context, req *Request) (*Move, error) {
	lv, err := s.level(req.Level)
	if err != nil {
		return nil, err
	}
	prep, err := analysis.ReplayRecord(req.Record(), s.limits)
	if err != nil {
		return nil, err
	}
	g := prep.Game
	if n := g.Rules.Players; !lv.Plays(n) {
		return nil, wallzero.Invalid("rules.players", fmt.Sprintf("level %q plays games of %s players, not %d", lv.ID, orList(lv.Players), n))
	}
	if g.Final.IsOver() {
		return nil, wallzero.Invalid("moves", fmt.Sprintf("the game is over after %d moves: there is no move to play", len(g.Moves)))
	}
	visits := lv.Visits()
	if err := s.adm.Charge(ctx, 1, visits); err != nil {
		return nil, levelField(err)
	}
	if lv.Searches() {
		release, err := s.adm.Acquire(ctx, int64(visits))
		if err != nil {
			return nil, err
		}
		defer release()
		done := s.gate.Enter()
		defer done()
	}
	seed := rand.Uint64N(maxRandomSeed)
	if req.Seed != nil {
		seed = *req.Seed
	}
	return s.playLevel(inference.WithPriority(ctx, inference.Interactive), lv, prep, seed)
}

// playLevel builds the level's player, gives it the game's history and
// time cap, and lets it choose its move in the game's final position
// within the level's budget.
func (s *Service) playLevel(ctx context.Context, lv levels.Level, prep *analysis.Prepared, seed uint64) (*Move, error) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, lv.MaxMove())
	defer cancel()
	p, err := s.newPlayer(lv.Spec, seed)
	if err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: fmt.Sprintf("level %q: building its player: %v", lv.ID, err), Err: err}
	}
	positions := prep.Positions
	pos := positions[len(positions)-1]
	if h, ok := p.(historySetter); ok {
		history := make([]engine.Position, 0, len(positions)-1)
		for i := len(positions) - 2; i >= 0; i-- {
			history = append(history, positions[i])
		}
		h.SetHistory(pos, history)
	}
	if t, ok := p.(timeLimiter); ok {
		t.LimitTime(time.Duration(float64(lv.MaxMove()) * searchShare))
	}
	m, err := chooseMove(ctx, p, pos)
	if err != nil {
		return nil, playError(lv, err)
	}
	after := pos
	after.Apply(m)
	return &Move{Move: m.String(), Level: lv.ID, Player: pos.ToMove().String(), Ply: len(prep.Game.Moves),
		MidTurn: after.MidTurn(), GameOver: after.IsOver(), Seed: seed, ElapsedMs: time.Since(start).Milliseconds()}, nil
}

// chooseMove asks p for its move in pos and checks that it is legal.
func chooseMove(ctx context.Context, p player.Player, pos engine.Position) (grid.Move, error) {
	work := pos // the player must not modify pos; it gets a copy anyway
	m, err := p.ChooseMove(ctx, &work)
	if err != nil {
		return grid.Move{}, err
	}
	if err := pos.CheckMove(m); err != nil {
		return grid.Move{}, fmt.Errorf("the player chose the illegal move %v: %w", m, err)
	}
	return m, nil
}

// playError turns a player's failure into an *wallzero.Error: the level's budget
// or the request's deadline passing is wallzero.CodeTimeout, the client going away
// too (nobody reads the answer), anything else wallzero.CodeInternal.
func playError(lv levels.Level, err error) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &wallzero.Error{Code: wallzero.CodeTimeout, Message: fmt.Sprintf("level %q did not move within its budget of %d ms", lv.ID, lv.MaxMoveMs), Err: err}
	case errors.Is(err, context.Canceled):
		return &wallzero.Error{Code: wallzero.CodeTimeout, Message: "the request was cancelled", Err: err}
	}
	return &wallzero.Error{Code: wallzero.CodeInternal, Message: fmt.Sprintf("level %q: %v", lv.ID, err), Err: err}
}

// orList writes player counts for a message: "2", "2 or 3", "2, 3 or 4".
func orList(ns []int) string {
	out := ""
	for i, n := range ns {
		switch {
		case i == 0:
		case i == len(ns)-1:
			out += " or "
		default:
			out += ", "
		}
		out += strconv.Itoa(n)
	}
	return out
}

// levelField renames the field of a quota error from "maxVisits" (the
// analyses' knob) to "level", what a play request chooses its cost by.
func levelField(err error) error {
	var e *wallzero.Error
	if errors.As(err, &e) && e.Field == "maxVisits" {
		cp := *e
		cp.Field = "level"
		return &cp
	}
	return err
}
