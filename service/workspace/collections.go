package workspace

import (
	"context"
	"math"
	"time"

	"github.com/wallzero/wallzero/store"
)

// CollectionSummary is a collection as lists show it.
type CollectionSummary struct {
	ID        string
	Name      string
	CreatedAt time.Time
}

// CollectionList is the caller's collections, oldest first.
type CollectionList struct {
	Collections []CollectionSummary
}

// PlayerRef names a player.
type PlayerRef struct {
	ID   string
	Name string
}

// Collection is a collection with its players, games and the progress of
// their reviews.
type Collection struct {
	CollectionSummary
	Players  []PlayerRef
	Progress Progress
	Games    []GameSummary
}

// Progress is how far the background reviews of a collection are.
type Progress struct {
	// Done counts the games reviewed, Total the games; Failed and
	// Cancelled the reviews that ended without a result.
	Done      int
	Total     int
	Failed    int
	Cancelled int
	// Positions counts the positions analysed and to analyse.
	PositionsDone  int
	PositionsTotal int
	// Fraction is PositionsDone / PositionsTotal.
	Fraction float64
	// SecondsLeft estimates the time left at the pace so far (omitted
	// before the first position is done and once the reviews ended).
	SecondsLeft *float64
	// Finished is set once no review is queued or running.
	Finished bool
}

// GameSummary is a game of a collection.
type GameSummary struct {
	ID string
	// Line is the line of the import it came from.
	Line int
	// Players names each colour's player.
	Players map[string]PlayerRef
	Date    string
	Event   string
	// Winner is a colour, "draw", or omitted when unknown.
	Winner string
	// Review is the review job's id (GET /v1/reviews/{id}) and
	// ReviewStatus its status.
	Review       string
	ReviewStatus string
}

func summaryOf(c *store.Collection) CollectionSummary {
	return CollectionSummary{ID: c.ID, Name: c.Name, CreatedAt: c.CreatedAt}
}

// CreateCollection makes an empty collection.
func (s *Service) CreateCollection(ctx context.Context, name string) (*CollectionSummary, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	if err := checkName("name", name); err != nil {
		return nil, err
	}
	c, err := s.store.CreateCollection(ctx, owner(ctx), name)
	if err != nil {
		return nil, storeError(err, "collection")
	}
	out := summaryOf(c)
	return &out, nil
}

// Collections lists the caller's collections.
func (s *Service) Collections(ctx context.Context) (*CollectionList, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	cs, err := s.store.Collections(ctx, owner(ctx))
	if err != nil {
		return nil, storeError(err, "collections")
	}
	out := &CollectionList{Collections: make([]CollectionSummary, len(cs))}
	for i := range cs {
		out.Collections[i] = summaryOf(&cs[i])
	}
	return out, nil
}

// RenameCollection renames a collection.
func (s *Service) RenameCollection(ctx context.Context, id string, name string) (*CollectionSummary, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	if err := checkName("name", name); err != nil {
		return nil, err
	}
	c, err := s.store.RenameCollection(ctx, owner(ctx), id, name)
	if err != nil {
		return nil, storeError(err, "collection "+id)
	}
	out := summaryOf(c)
	return &out, nil
}

// DeleteCollection deletes a collection with its players, games, reviews
// and drills.
func (s *Service) DeleteCollection(ctx context.Context, id string) error {
	if err := s.ready(); err != nil {
		return err
	}
	return storeError(s.store.DeleteCollection(ctx, owner(ctx), id), "collection "+id)
}

// Collection returns a collection with its players, games and progress.
func (s *Service) Collection(ctx context.Context, id string) (*Collection, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	own := owner(ctx)
	c, err := s.store.Collection(ctx, own, id)
	if err != nil {
		return nil, storeError(err, "collection "+id)
	}
	players, err := s.store.Players(ctx, own, id)
	if err != nil {
		return nil, storeError(err, "collection "+id)
	}
	// The progress is read before the games: a review that ends between
	// the two reads then shows ended in the games and not yet in the
	// progress, never the other way, so a finished progress comes with
	// every game's review ended.
	p, err := s.Progress(ctx, id)
	if err != nil {
		return nil, err
	}
	games, err := s.store.Games(ctx, own, store.GameFilter{Collection: id})
	if err != nil {
		return nil, storeError(err, "collection "+id)
	}
	out := &Collection{CollectionSummary: summaryOf(c), Players: make([]PlayerRef, len(players)), Progress: *p, Games: make([]GameSummary, len(games))}
	names := map[string]PlayerRef{}
	for i, pl := range players {
		out.Players[i] = PlayerRef{ID: pl.ID, Name: pl.Name}
		names[pl.ID] = out.Players[i]
	}
	for i, g := range games {
		out.Games[i] = gameSummaryOf(&g, names)
	}
	return out, nil
}

func gameSummaryOf(g *store.Game, names map[string]PlayerRef) GameSummary {
	gs := GameSummary{ID: g.ID, Line: g.Line, Players: map[string]PlayerRef{}, Date: g.PlayedOn, Event: g.Event, Winner: g.Winner,
		Review: g.JobID, ReviewStatus: g.JobStatus}
	for colour, pid := range g.Players {
		gs.Players[colour] = names[pid]
	}
	return gs
}

// Progress returns how far a collection's reviews are.
func (s *Service) Progress(ctx context.Context, id string) (*Progress, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	p, err := s.store.CollectionProgress(ctx, owner(ctx), id)
	if err != nil {
		return nil, storeError(err, "collection "+id)
	}
	out := &Progress{Done: p.Succeeded, Total: p.Games, Failed: p.Failed, Cancelled: p.Cancelled,
		PositionsDone: p.PositionsDone, PositionsTotal: p.PositionsTotal}
	out.Finished = p.Succeeded+p.Failed+p.Cancelled == p.Games
	if p.PositionsTotal > 0 {
		out.Fraction = math.Round(float64(p.PositionsDone)/float64(p.PositionsTotal)*1e4) / 1e4
	}
	if !out.Finished && p.FirstStarted != nil && p.PositionsDone > 0 {
		elapsed := s.now().Sub(*p.FirstStarted).Seconds()
		left := math.Round(elapsed / float64(p.PositionsDone) * float64(p.PositionsTotal-p.PositionsDone))
		out.SecondsLeft = &left
	}
	return out, nil
}

// CancelResult says how many reviews a cancel stopped.
type CancelResult struct {
	Cancelled int
}

// CancelCollection cancels the collection's queued and running reviews
// (those done stay).
func (s *Service) CancelCollection(ctx context.Context, id string) (*CancelResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	n, err := s.store.CancelCollection(ctx, owner(ctx), id)
	if err != nil {
		return nil, storeError(err, "collection "+id)
	}
	s.log.InfoContext(ctx, "collection cancelled", "collection", id, "reviews", n)
	return &CancelResult{Cancelled: n}, nil
}
