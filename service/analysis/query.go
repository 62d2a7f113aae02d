package analysis

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
)

// Query asks for the analysis of one or more positions of a game, in the
// style of KataGo's analysis engine.
type Query struct {
	// ID is echoed in every response.
	ID string `json:"id" example:"hint-1"`
	// Rules, Board and Moves describe the game as a record does (see
	// engine.Record): the rules, an optional explicit start position and
	// the moves played from it.
	Rules engine.Rules    `json:"rules"`
	Board *engine.Diagram `json:"board,omitempty"`
	Moves []string        `json:"moves" example:"C3,E3,C5,E5"`
	// MaxVisits is the search budget per analysed position (0: the
	// analyzer's default).
	MaxVisits int `json:"maxVisits,omitempty" example:"200"`
	// AnalyzeTurns lists the positions to analyse by number of moves
	// played (0 = the start); default the final position only.
	AnalyzeTurns []int `json:"analyzeTurns,omitempty"`
	// TopK limits the move list (0: every legal move).
	TopK int `json:"topK,omitempty" example:"5"`
	// Include optional maps.
	IncludeOwnership    bool `json:"includeOwnership,omitempty"`
	IncludePolicy       bool `json:"includePolicy,omitempty"`
	IncludeReachability bool `json:"includeReachability,omitempty"`
	// IncludeExplanations adds, per analysed turn, why the move played
	// there (or, at the end, the best move) is good or bad.
	IncludeExplanations bool `json:"includeExplanations,omitempty"`
	// SearchOptions: move restrictions, output detail, partial results and
	// search settings (query_search.go).
	SearchOptions
} // @name service.Query

// Record returns the query's game as a record.
func (q *Query) Record() engine.Record {
	return engine.Record{Rules: q.Rules, Board: q.Board, Moves: q.Moves}
}

// Limits bound what a query may ask.
type Limits struct {
	// MaxVisits caps maxVisits; DefaultVisits is used when a query gives
	// none.
	MaxVisits     int
	DefaultVisits int
	// MaxTurns caps the number of positions one query analyses.
	MaxTurns int
	// MaxMoves caps the length of a game record.
	MaxMoves int
}

// DefaultLimits returns the limits of a default deployment.
func DefaultLimits() Limits {
	return Limits{MaxVisits: 10000, DefaultVisits: 200, MaxTurns: 200, MaxMoves: 400}
}

// MaxIDLength is the longest client id (the "id" of a query, review or
// opening batch), in characters.
const MaxIDLength = 128

// CheckID checks a client id: valid UTF-8, no NUL or other control
// character, at most MaxIDLength characters.
func CheckID(field, id string) error {
	if !utf8.ValidString(id) {
		return wallzero.Invalid(field, "not valid UTF-8")
	}
	if n := utf8.RuneCountInString(id); n > MaxIDLength {
		return wallzero.Invalid(field, fmt.Sprintf("%d characters, at most %d", n, MaxIDLength))
	}
	if i := strings.IndexFunc(id, func(r rune) bool { return r < 0x20 || r == 0x7f }); i >= 0 {
		return wallzero.Invalid(field, fmt.Sprintf("holds a control character (%U) at byte %d", id[i], i))
	}
	return nil
}

// validate checks q against the limits and returns the turns to analyse.
func (q *Query) validate(l Limits, plies int) ([]int, error) {
	if err := CheckID("id", q.ID); err != nil {
		return nil, err
	}
	if q.MaxVisits < 0 || q.MaxVisits > l.MaxVisits {
		return nil, wallzero.Invalid("maxVisits", fmt.Sprintf("%d is outside 1..%d", q.MaxVisits, l.MaxVisits))
	}
	if q.TopK < 0 {
		return nil, wallzero.Invalid("topK", "must not be negative")
	}
	if len(q.Moves) > l.MaxMoves {
		return nil, wallzero.Invalid("moves", fmt.Sprintf("%d moves, at most %d", len(q.Moves), l.MaxMoves))
	}
	turns := q.AnalyzeTurns
	if len(turns) == 0 {
		turns = []int{plies}
	}
	if len(turns) > l.MaxTurns {
		return nil, wallzero.Invalid("analyzeTurns", fmt.Sprintf("%d turns, at most %d", len(turns), l.MaxTurns))
	}
	for i, t := range turns {
		if t < 0 || t > plies {
			return nil, wallzero.Invalid(fmt.Sprintf("analyzeTurns[%d]", i), fmt.Sprintf("turn %d is outside 0..%d (the record has %d moves)", t, plies, plies))
		}
	}
	if err := q.SearchOptions.validate(q.Rules.Players); err != nil {
		return nil, err
	}
	return turns, nil
}
