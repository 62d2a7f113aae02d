package workspace

import (
	"context"
	"encoding/json"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/store"
)

// ExportLine is one game of an export: the record and its context as an
// import reads them (so an export imports again), with the review.
type ExportLine struct {
	Game    string
	Rules   engine.Rules
	Board   *engine.Diagram
	Moves   []string
	Players map[string]string
	Date    string
	Event   string
	Result  string
	// Review is the game's review (every move's loss, class, best move
	// and explanation) exactly as GET /v1/reviews/{id} answers it (the
	// schema service.ReviewResult; its stored JSON, not decoded), nil
	// until it succeeded.
	Review []byte
}

// Export returns a player's games, one ExportLine each, in the order
// imported: all of them read before the caller writes any, so that an
// error is still an error answer.
func (s *Service) Export(ctx context.Context, id string) ([]ExportLine, error) {
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
	players, err := s.store.Players(ctx, own, pl.CollectionID)
	if err != nil {
		return nil, storeError(err, "player "+id)
	}
	names := map[string]string{}
	for _, p := range players {
		names[p.ID] = p.Name
	}
	out := make([]ExportLine, len(games))
	for i := range games {
		g := &games[i]
		var rec engine.Record
		if err := json.Unmarshal(g.Record, &rec); err != nil {
			return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: "stored record: " + err.Error(), Err: err}
		}
		l := ExportLine{Game: g.ID, Rules: rec.Rules, Board: rec.Board, Moves: rec.Moves, Players: map[string]string{},
			Date: g.PlayedOn, Event: g.Event, Result: g.Winner, Review: storedReview(g)}
		for c, pid := range g.Players {
			l.Players[c] = names[pid]
		}
		out[i] = l
	}
	return out, nil
}
