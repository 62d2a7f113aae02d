package analysis

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine/grid"
)

// SearchOptions are the query fields, after KataGo's analysis engine,
// that restrict the search, add detail to its output, report it while it
// runs or change its settings. A query that sets any of AvoidMoves,
// AllowMoves, IncludePVVisits, AnalysisPVLen or OverrideSettings is
// searched for itself: the service neither reads nor fills its analysis
// cache for it.
type SearchOptions struct {
	// AvoidMoves keeps the listed moves of a player out of the search for
	// the first untilDepth moves from the analysed position.
	AvoidMoves []MoveRestriction `json:"avoidMoves,omitempty"`
	// AllowMoves restricts a player to the listed moves for the first
	// untilDepth moves from the analysed position (at most one entry).
	AllowMoves []MoveRestriction `json:"allowMoves,omitempty"`
	// IncludeUnvisited lists the moves the search never tried too (no
	// winrate, lcb or pv for them); by default only visited moves are
	// listed.
	IncludeUnvisited bool `json:"includeUnvisited,omitempty"`
	// IncludePVVisits adds pvVisits to every move: the visits of each node
	// of its principal variation.
	IncludePVVisits bool `json:"includePVVisits,omitempty"`
	// AnalysisPVLen is the longest principal variation reported (default
	// 12, at most MaxPVLen).
	AnalysisPVLen int `json:"analysisPVLen,omitempty" example:"12"`
	// ReportDuringSearchEvery, in seconds, asks for a partial analysis
	// (isDuringSearch true) that often while the search runs; the final one
	// has isDuringSearch false. The engine always honours it; HTTP only
	// when the response is streamed (Accept: text/event-stream or
	// application/x-ndjson).
	ReportDuringSearchEvery float64 `json:"reportDuringSearchEvery,omitempty" example:"0.5"`
	// ReportDuringSearchEveryVisits asks for a partial analysis every that
	// many root visits instead (or as well): reproducible, unlike time.
	ReportDuringSearchEveryVisits int `json:"reportDuringSearchEveryVisits,omitempty"`
	// OverrideSettings changes a few search settings for this query.
	OverrideSettings *OverrideSettings `json:"overrideSettings,omitempty"`
}

// MoveRestriction names moves of one player for avoidMoves and allowMoves.
type MoveRestriction struct {
	// Player is the colour the restriction applies to (red, blue, green,
	// yellow or R, B, G, Y).
	Player string `json:"player" example:"red"`
	// Moves lists moves in the record's notation ("C3", "E5-E3:N",
	// "xD4:E"), or a turn without its wall ("E5-E3": any wall).
	Moves []string `json:"moves" example:"E5-E3"`
	// UntilDepth is how many moves from the analysed position the
	// restriction lasts (1: the analysed position's moves only; default 1).
	UntilDepth int `json:"untilDepth,omitempty" example:"1"`
} // @name service.MoveRestriction

// OverrideSettings are the search settings a query may change.
type OverrideSettings struct {
	// CPuctExploration is PUCT's exploration constant (default 1.5 with two
	// players, 1.0 with three or four).
	CPuctExploration *float64 `json:"cpuctExploration,omitempty"`
	// FPUReduction and RootFPUReduction lower the value of unvisited moves
	// below and at the root (defaults 0.3 and 0.2).
	FPUReduction     *float64 `json:"fpuReduction,omitempty"`
	RootFPUReduction *float64 `json:"rootFpuReduction,omitempty"`
	// ScoreUtilityFactor weighs the territory margin in the search's move
	// selection (0: win rate alone), around the position's expected margin
	// (KataGo's dynamic score utility; see search.Config.ScoreUtility).
	ScoreUtilityFactor *float64 `json:"scoreUtilityFactor,omitempty"`
	// MaxTime stops each position's search after this many seconds, on
	// top of maxVisits.
	MaxTime *float64 `json:"maxTime,omitempty"`
	// RootNoiseEnabled adds Dirichlet noise to the root priors, as in
	// self-play.
	RootNoiseEnabled *bool `json:"rootNoiseEnabled,omitempty"`
} // @name service.OverrideSettings

// Bounds of the search options.
const (
	// MaxPVLen is the longest principal variation a query may ask for.
	MaxPVLen = 64
	// MaxRestrictedMoves bounds the moves of one avoid or allow entry.
	MaxRestrictedMoves = 512
	// MaxOverrideTime is the largest overrideSettings.maxTime, in seconds.
	MaxOverrideTime = 600
)

// Custom reports whether the query changes the search itself, so that no
// cached analysis fits it.
func (o *SearchOptions) Custom() bool {
	return len(o.AvoidMoves) > 0 || len(o.AllowMoves) > 0 || o.IncludePVVisits || o.AnalysisPVLen > 0 || o.OverrideSettings != nil
}

// Reporting reports whether the query asks for partial results.
func (o *SearchOptions) Reporting() bool {
	return o.ReportDuringSearchEvery > 0 || o.ReportDuringSearchEveryVisits > 0
}

// reportEvery returns the reporting interval as a duration.
func (o *SearchOptions) reportEvery() time.Duration {
	return time.Duration(o.ReportDuringSearchEvery * float64(time.Second))
}

// validate checks the options of a game of the given number of players
// (0: two).
func (o *SearchOptions) validate(players int) error {
	if players == 0 {
		players = 2
	}
	if o.AnalysisPVLen < 0 || o.AnalysisPVLen > MaxPVLen {
		return wallzero.Invalid("analysisPVLen", fmt.Sprintf("%d is outside 1..%d", o.AnalysisPVLen, MaxPVLen))
	}
	if o.ReportDuringSearchEvery < 0 || math.IsInf(o.ReportDuringSearchEvery, 0) || o.ReportDuringSearchEvery != 0 && o.ReportDuringSearchEvery < 0.001 {
		return wallzero.Invalid("reportDuringSearchEvery", "must be 0 (off) or at least 0.001 seconds")
	}
	if o.ReportDuringSearchEveryVisits < 0 {
		return wallzero.Invalid("reportDuringSearchEveryVisits", "must not be negative")
	}
	if len(o.AllowMoves) > 1 {
		return wallzero.Invalid("allowMoves", fmt.Sprintf("%d entries, at most 1", len(o.AllowMoves)))
	}
	for _, l := range []struct {
		name string
		list []MoveRestriction
	}{{"avoidMoves", o.AvoidMoves}, {"allowMoves", o.AllowMoves}} {
		for i := range l.list {
			if err := l.list[i].validate(fmt.Sprintf("%s[%d]", l.name, i), players); err != nil {
				return err
			}
		}
	}
	if s := o.OverrideSettings; s != nil {
		if err := s.validate(); err != nil {
			return err
		}
	}
	return nil
}

// validate checks one restriction; field is its JSON path.
func (r *MoveRestriction) validate(field string, players int) error {
	c, err := grid.ParseColor(r.Player)
	if err != nil {
		return wallzero.Invalid(field+".player", err.Error())
	}
	if int(c) >= players {
		return wallzero.Invalid(field+".player", fmt.Sprintf("%s does not play in a game of %d players", c, players))
	}
	if len(r.Moves) == 0 {
		return wallzero.Invalid(field+".moves", "empty: list at least one move")
	}
	if len(r.Moves) > MaxRestrictedMoves {
		return wallzero.Invalid(field+".moves", fmt.Sprintf("%d moves, at most %d", len(r.Moves), MaxRestrictedMoves))
	}
	for i, m := range r.Moves {
		if _, err := parsePattern(m); err != nil {
			return wallzero.Invalid(fmt.Sprintf("%s.moves[%d]", field, i), err.Error())
		}
	}
	if r.UntilDepth < 0 || r.UntilDepth > MaxPVLen {
		return wallzero.Invalid(field+".untilDepth", fmt.Sprintf("%d is outside 1..%d", r.UntilDepth, MaxPVLen))
	}
	return nil
}

// validate checks the overridden settings.
func (s *OverrideSettings) validate() error {
	check := func(name string, v *float64, lo, hi float64) error {
		if v != nil && !(*v >= lo && *v <= hi) {
			return wallzero.Invalid("overrideSettings."+name, fmt.Sprintf("%v is outside %v..%v", *v, lo, hi))
		}
		return nil
	}
	if err := check("cpuctExploration", s.CPuctExploration, 0.01, 100); err != nil {
		return err
	}
	if err := check("fpuReduction", s.FPUReduction, -1, 2); err != nil {
		return err
	}
	if err := check("rootFpuReduction", s.RootFPUReduction, -1, 2); err != nil {
		return err
	}
	if err := check("scoreUtilityFactor", s.ScoreUtilityFactor, 0, 4); err != nil {
		return err
	}
	return check("maxTime", s.MaxTime, 0.001, MaxOverrideTime)
}

// movePattern matches moves: a whole move, or a turn whose wall is left
// open (anyWall).
type movePattern struct {
	move    grid.Move
	anyWall bool
}

// parsePattern parses "C3", "E5-E3:N", "xD4:E" or "E5-E3".
func parsePattern(text string) (movePattern, error) {
	t := strings.TrimSpace(text)
	if from, to, ok := strings.Cut(t, "-"); ok && !strings.Contains(to, ":") {
		f, err := grid.ParseSquare(from)
		if err != nil {
			return movePattern{}, fmt.Errorf("%q: %w", text, err)
		}
		s, err := grid.ParseSquare(to)
		if err != nil {
			return movePattern{}, fmt.Errorf("%q: %w", text, err)
		}
		return movePattern{move: grid.TurnMove(f, s, grid.NoSide), anyWall: true}, nil
	}
	m, c, err := grid.ParseMove(t)
	if err != nil {
		return movePattern{}, err
	}
	if c != grid.NoColor {
		return movePattern{}, fmt.Errorf("%q: give the colour in player, not in the move", text)
	}
	return movePattern{move: m}, nil
}

// matches reports whether m is one of the pattern's moves.
func (p movePattern) matches(m grid.Move) bool {
	if p.anyWall {
		return m.Kind == grid.Turn && m.From == p.move.From && m.To == p.move.To
	}
	return m == p.move
}
