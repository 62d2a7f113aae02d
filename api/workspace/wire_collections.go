package workspace

import (
	"time"

	wssvc "github.com/wallzero/wallzero/service/workspace"
)

// The JSON shapes of collections and players as the API serves them (the
// schemas workspace.*), and their conversions from the service's values.
// A shape whose fields are the service type's converts with a plain type
// conversion, so a field added to one but not the other fails to compile.

// NameRequest names a new collection or player, or renames one.
type NameRequest struct {
	Name string `json:"name" example:"Thursday class"`
} // @name workspace.NameRequest

// CollectionSummary is a collection as lists show it.
type CollectionSummary struct {
	ID        string    `json:"id" example:"0c6f3f8e-54a1-4a43-9d8b-2f1d3c7b9a10"`
	Name      string    `json:"name" example:"Thursday class"`
	CreatedAt time.Time `json:"createdAt"`
} // @name workspace.CollectionSummary

// CollectionList is the caller's collections, oldest first.
type CollectionList struct {
	Collections []CollectionSummary `json:"collections"`
} // @name workspace.CollectionList

// PlayerRef names a player.
type PlayerRef struct {
	ID   string `json:"id" example:"5b0e2f6c-0d8a-4f5e-8a4b-3c2d1e0f9a87"`
	Name string `json:"name" example:"Ana"`
} // @name workspace.PlayerRef

// Collection is a collection with its players, games and the progress of
// their reviews.
type Collection struct {
	CollectionSummary
	Players  []PlayerRef   `json:"players"`
	Progress Progress      `json:"progress"`
	Games    []GameSummary `json:"games"`
} // @name workspace.Collection

// Progress is how far the background reviews of a collection are.
type Progress struct {
	// Done counts the games reviewed, Total the games; Failed and
	// Cancelled the reviews that ended without a result.
	Done      int `json:"done" example:"12"`
	Total     int `json:"total" example:"40"`
	Failed    int `json:"failed" example:"0"`
	Cancelled int `json:"cancelled" example:"0"`
	// Positions counts the positions analysed and to analyse.
	PositionsDone  int `json:"positionsDone" example:"480"`
	PositionsTotal int `json:"positionsTotal" example:"1600"`
	// Fraction is PositionsDone / PositionsTotal.
	Fraction float64 `json:"fraction" example:"0.3"`
	// SecondsLeft estimates the time left at the pace so far (omitted
	// before the first position is done and once the reviews ended).
	SecondsLeft *float64 `json:"secondsLeft,omitempty" example:"95"`
	// Finished is set once no review is queued or running.
	Finished bool `json:"finished" example:"false"`
} // @name workspace.Progress

// GameSummary is a game of a collection.
type GameSummary struct {
	ID string `json:"id" example:"7d1e4b2a-9c3f-4e5d-8a6b-1f2e3d4c5b6a"`
	// Line is the line of the import it came from.
	Line int `json:"line" example:"3"`
	// Players names each colour's player.
	Players map[string]PlayerRef `json:"players"`
	Date    string               `json:"date,omitempty" example:"2026-11-19"`
	Event   string               `json:"event,omitempty" example:"club night"`
	// Winner is a colour, "draw", or omitted when unknown.
	Winner string `json:"winner,omitempty" example:"red"`
	// Review is the review job's id (GET /v1/reviews/{id}) and
	// ReviewStatus its status.
	Review       string `json:"review,omitempty" example:"6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10"`
	ReviewStatus string `json:"reviewStatus,omitempty" example:"succeeded"`
} // @name workspace.GameSummary

// CancelResult says how many reviews a cancel stopped.
type CancelResult struct {
	Cancelled int `json:"cancelled" example:"28"`
} // @name workspace.CancelResult

// Player is a player with the collection they belong to.
type Player struct {
	PlayerRef
	Collection string `json:"collection" example:"0c6f3f8e-54a1-4a43-9d8b-2f1d3c7b9a10"`
} // @name workspace.Player

// collectionListOf is l as the API serves it.
func collectionListOf(l *wssvc.CollectionList) *CollectionList {
	return &CollectionList{Collections: convertSlice(l.Collections, func(c wssvc.CollectionSummary) CollectionSummary {
		return CollectionSummary(c)
	})}
}

// collectionOf is c as the API serves it.
func collectionOf(c *wssvc.Collection) *Collection {
	return &Collection{CollectionSummary: CollectionSummary(c.CollectionSummary),
		Players:  convertSlice(c.Players, func(p wssvc.PlayerRef) PlayerRef { return PlayerRef(p) }),
		Progress: Progress(c.Progress),
		Games:    convertSlice(c.Games, gameSummaryOf)}
}

// gameSummaryOf is g as the API serves it.
func gameSummaryOf(g wssvc.GameSummary) GameSummary {
	return GameSummary{ID: g.ID, Line: g.Line, Players: convertMap(g.Players, func(p wssvc.PlayerRef) PlayerRef { return PlayerRef(p) }),
		Date: g.Date, Event: g.Event, Winner: g.Winner, Review: g.Review, ReviewStatus: g.ReviewStatus}
}

// playerOf is p as the API serves it.
func playerOf(p *wssvc.Player) *Player {
	return &Player{PlayerRef: PlayerRef(p.PlayerRef), Collection: p.Collection}
}

// convertSlice applies f to each element of in, keeping a nil slice nil
// (JSON null) and an empty one empty (JSON []), as the service made them.
func convertSlice[S, T any](in []S, f func(S) T) []T {
	if in == nil {
		return nil
	}
	out := make([]T, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

// convertMap applies f to each value of in, keeping a nil map nil.
func convertMap[K comparable, S, T any](in map[K]S, f func(S) T) map[K]T {
	if in == nil {
		return nil
	}
	out := make(map[K]T, len(in))
	for k, v := range in {
		out[k] = f(v)
	}
	return out
}
