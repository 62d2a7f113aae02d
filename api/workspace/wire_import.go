package workspace

import (
	"encoding/json"

	"github.com/wallzero/wallzero/engine"
	wssvc "github.com/wallzero/wallzero/service/workspace"
)

// The JSON shapes of an import's answer and of an export's lines as the
// API serves them (the schemas workspace.*), and their conversions from
// the service's values.

// ImportResult is what an import stored and what it refused.
type ImportResult struct {
	// Imported counts the games stored (0 when a bad line rejected the
	// whole import); Games lists them.
	Imported int            `json:"imported" example:"99"`
	Games    []ImportedGame `json:"games"`
	// Errors lists the bad lines, in order (onError=skip).
	Errors []LineProblem `json:"errors"`
} // @name workspace.ImportResult

// ImportedGame is a game an import stored, with its review job.
type ImportedGame struct {
	Line   int    `json:"line" example:"1"`
	ID     string `json:"id" example:"7d1e4b2a-9c3f-4e5d-8a6b-1f2e3d4c5b6a"`
	Review string `json:"review" example:"6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10"`
} // @name workspace.ImportedGame

// LineProblem is a line of an import that was not imported, and why.
type LineProblem struct {
	Line int `json:"line" example:"57"`
	// Field names the part of the line at fault (a JSON path, e.g.
	// moves[12]), when there is one.
	Field   string `json:"field,omitempty" example:"moves[12]"`
	Message string `json:"message" example:"\"E5-E9:N\": square \"E9\": row must be 1-7"`
} // @name workspace.LineProblem

// ExportLine is one game of an export: the record and its context as an
// import reads them (so an export imports again), with the review.
type ExportLine struct {
	Game    string            `json:"game"`
	Rules   engine.Rules      `json:"rules"`
	Board   *engine.Diagram   `json:"board,omitempty"`
	Moves   []string          `json:"moves"`
	Players map[string]string `json:"players"`
	Date    string            `json:"date,omitempty"`
	Event   string            `json:"event,omitempty"`
	Result  string            `json:"result,omitempty"`
	// Review is the game's review (every move's loss, class, best move
	// and explanation) exactly as GET /v1/reviews/{id} answers it (the
	// schema service.ReviewResult; its stored bytes, not decoded),
	// omitted until it succeeded.
	Review json.RawMessage `json:"review,omitempty" swaggertype:"object"`
} // @name workspace.ExportLine

// importResultOf is r as the API serves it.
func importResultOf(r *wssvc.ImportResult) *ImportResult {
	return &ImportResult{Imported: r.Imported,
		Games:  convertSlice(r.Games, func(g wssvc.ImportedGame) ImportedGame { return ImportedGame(g) }),
		Errors: convertSlice(r.Errors, func(p wssvc.LineProblem) LineProblem { return LineProblem(p) })}
}

// exportLineOf is l as the API serves it.
func exportLineOf(l wssvc.ExportLine) ExportLine {
	return ExportLine{Game: l.Game, Rules: l.Rules, Board: l.Board, Moves: l.Moves, Players: l.Players,
		Date: l.Date, Event: l.Event, Result: l.Result, Review: json.RawMessage(l.Review)}
}
