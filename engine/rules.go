package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/wallzero/wallzero/engine/grid"
)

// Opening selects how the setup phase starts.
type Opening string

// The openings.
const (
	// OpeningEmpty starts from an empty board; every stone is placed.
	OpeningEmpty Opening = "empty"
	// OpeningFourStone is the show's opening (two players only): Red on B6
	// and F2, Blue on B2 and F6, then each places two more.
	OpeningFourStone Opening = "four-stone"
)

// StayRule says when a stone may move zero steps.
type StayRule string

// The stay rules.
const (
	// StayAlways allows a zero-step move whenever a wall can be built (the
	// WallZero paper and MiniZero).
	StayAlways StayRule = "always"
	// StayStepOut allows it only if the stone could step to an empty
	// neighbour and back (seed 002).
	StayStepOut StayRule = "step-out"
)

// TieBreak says how equal totals are decided.
type TieBreak string

// The tie breaks.
const (
	// TieBreakLargestRegion gives the win to the larger single region; equal
	// again is a draw (the paper's rule).
	TieBreakLargestRegion TieBreak = "largest-region"
	// TieBreakNone makes equal totals a draw (a shared win).
	TieBreakNone TieBreak = "none"
)

// BreakTiming says when in a three-player turn the wall break may come.
type BreakTiming string

// The break timings.
const (
	// BreakBeforeMove allows the break only before the turn's move, beside
	// a stone's starting square (seed 001).
	BreakBeforeMove BreakTiming = "before-move"
	// BreakAnyTime allows it at any point of the turn: before the move,
	// after its first step or after the move (before the wall), beside the
	// moving stone's square at that moment (the site ZachChiu/quoridor).
	BreakAnyTime BreakTiming = "any-time"
)

// BreakWalls says which walls a three-player wall break may remove.
type BreakWalls string

// The breakable walls.
const (
	// BreakBesideStone allows any wall beside one of the mover's stones
	// (seed 001).
	BreakBesideStone BreakWalls = "beside-stone"
	// BreakFreesStone allows a wall beside a stone that can still step, but
	// a walled-in stone (one that cannot step) only a wall with an empty
	// square behind it, one that frees it (the site ZachChiu/quoridor).
	BreakFreesStone BreakWalls = "frees-stone"
)

// EndRule says when the game ends.
type EndRule string

// The end rules.
const (
	// EndNoMixedRegion ends the game when no region holds stones of two
	// players (the paper and seed 002).
	EndNoMixedRegion EndRule = "no-mixed-region"
	// EndFrozenMixedRegions ends it also when every region holding stones
	// of two players is frozen: no stone inside can step, and none may
	// break a wall beside it (the site ZachChiu/quoridor).
	EndFrozenMixedRegions EndRule = "frozen-mixed-regions"
)

// SettledRule says when a three-player player that has settled (every
// stone in land of its own) is skipped.
type SettledRule string

// The settled rules.
const (
	// SettledSkipWithoutBreak skips a settled player once it has no break
	// left: with its break it can still change the result, so it plays
	// (seed 001: skipped when sealed in "and nothing you do can change the
	// result"; the site ZachChiu/quoridor plays it too).
	SettledSkipWithoutBreak SettledRule = "skip-without-break"
	// SettledSkip skips a settled player even with its break unused (seed
	// 002's rule, stated for games without a break); records made under it
	// replay with it.
	SettledSkip SettledRule = "skip"
)

// Rules holds the rule options of a game. The zero value is not valid: use
// DefaultRules or Normalize.
type Rules struct {
	// Players is 2, 3 or 4.
	Players int `json:"players"`
	// Opening is empty or four-stone (two players only).
	Opening Opening `json:"opening"`
	// Stay is always or step-out.
	Stay StayRule `json:"stay"`
	// TieBreak is largest-region or none.
	TieBreak TieBreak `json:"tieBreak"`
	// BreakTiming is before-move (the default, kept empty) or any-time;
	// only three-player games, the only ones with a wall break, may set it.
	BreakTiming BreakTiming `json:"breakTiming,omitempty"`
	// BreakWalls is beside-stone (the default, kept empty) or
	// frees-stone; three players only, like BreakTiming.
	BreakWalls BreakWalls `json:"breakWalls,omitempty"`
	// End is no-mixed-region (the default, kept empty) or
	// frozen-mixed-regions.
	End EndRule `json:"end,omitempty"`
	// Settled is skip-without-break (the default, kept empty) or skip;
	// three players only: with four every settled player is skipped, as
	// there is no break.
	Settled SettledRule `json:"settled,omitempty"`
}

// DefaultRules returns the defaults: two players, the four-stone opening,
// stay always, largest-region tie break; breakTiming, breakWalls and end
// hold their defaults by being empty (see Normalize).
func DefaultRules() Rules {
	return Rules{Players: 2, Opening: OpeningFourStone, Stay: StayAlways, TieBreak: TieBreakLargestRegion}
}

// Normalize fills unset fields with their defaults and checks every field.
// With three or four players the default opening is empty. The options
// breakTiming, breakWalls and end are the exception: their defaults
// (before-move, beside-stone, no-mixed-region, skip-without-break) are
// accepted by name and kept as the empty value, so that records under the
// default rules, and their JSON, do not name them.
func (r Rules) Normalize() (Rules, error) {
	if r.Players == 0 {
		r.Players = 2
	}
	if r.Players < 2 || r.Players > grid.MaxPlayers {
		return r, fieldError("rules.players", "%d is not supported (2, 3 or 4)", r.Players)
	}
	switch r.Opening {
	case "":
		if r.Players == 2 {
			r.Opening = OpeningFourStone
		} else {
			r.Opening = OpeningEmpty
		}
	case OpeningEmpty:
	case OpeningFourStone:
		if r.Players != 2 {
			return r, fieldError("rules.opening", "four-stone is a two-player opening, not for %d players", r.Players)
		}
	default:
		return r, fieldError("rules.opening", "%q is not empty or four-stone", string(r.Opening))
	}
	switch r.Stay {
	case "":
		r.Stay = StayAlways
	case StayAlways, StayStepOut:
	default:
		return r, fieldError("rules.stay", "%q is not always or step-out", string(r.Stay))
	}
	switch r.TieBreak {
	case "":
		r.TieBreak = TieBreakLargestRegion
	case TieBreakLargestRegion, TieBreakNone:
	default:
		return r, fieldError("rules.tieBreak", "%q is not largest-region or none", string(r.TieBreak))
	}
	switch r.BreakTiming {
	case "", BreakBeforeMove:
		r.BreakTiming = ""
	case BreakAnyTime:
	default:
		return r, fieldError("rules.breakTiming", "%q is not before-move or any-time", string(r.BreakTiming))
	}
	switch r.BreakWalls {
	case "", BreakBesideStone:
		r.BreakWalls = ""
	case BreakFreesStone:
	default:
		return r, fieldError("rules.breakWalls", "%q is not beside-stone or frees-stone", string(r.BreakWalls))
	}
	switch r.Settled {
	case "", SettledSkipWithoutBreak:
		r.Settled = ""
	case SettledSkip:
	default:
		return r, fieldError("rules.settled", "%q is not skip-without-break or skip", string(r.Settled))
	}
	if r.Players != 3 && (r.BreakTiming != "" || r.BreakWalls != "" || r.Settled != "") {
		field := "rules.breakTiming"
		switch {
		case r.BreakWalls != "":
			field = "rules.breakWalls"
		case r.Settled != "":
			field = "rules.settled"
		}
		return r, fieldError(field, "only three-player games have a wall break, not %d-player ones", r.Players)
	}
	switch r.End {
	case "", EndNoMixedRegion:
		r.End = ""
	case EndFrozenMixedRegions:
	default:
		return r, fieldError("rules.end", "%q is not no-mixed-region or frozen-mixed-regions", string(r.End))
	}
	return r, nil
}

// StonesPerPlayer returns how many stones each player has: 4 with two
// players, 2 with three or four.
func (r Rules) StonesPerPlayer() int {
	if r.Players == 2 {
		return 4
	}
	return 2
}

// String returns a compact description such as "2p four-stone stay=always
// tie=largest-region"; the options breakTiming, breakWalls and end follow
// where they differ from their defaults ("break=any-time walls=frees-stone
// end=frozen-mixed-regions"), and with three players the settled rule
// always ("settled=skip-without-break").
func (r Rules) String() string {
	s := fmt.Sprintf("%dp %s stay=%s tie=%s", r.Players, r.Opening, r.Stay, r.TieBreak)
	if r.BreakTiming != "" {
		s += " break=" + string(r.BreakTiming)
	}
	if r.BreakWalls != "" {
		s += " walls=" + string(r.BreakWalls)
	}
	if r.End != "" {
		s += " end=" + string(r.End)
	}
	switch {
	case r.Settled != "":
		s += " settled=" + string(r.Settled)
	case r.Players == 3:
		// Named with three players even at its default: the string keys
		// the analysis cache, and three-player analyses made when a
		// settled player was always skipped must not answer for this rule.
		s += " settled=" + string(SettledSkipWithoutBreak)
	}
	return s
}

// UnmarshalJSON decodes rules, rejecting unknown fields. Missing fields keep
// their zero value; call Normalize to apply defaults.
func (r *Rules) UnmarshalJSON(data []byte) error {
	type plain Rules
	var p plain
	if err := DecodeStrict(data, &p); err != nil {
		return &FieldError{Field: "rules", Err: err}
	}
	*r = Rules(p)
	return nil
}

// placementOrder returns who places each stone of the setup phase after the
// preset stones: a snake order (1, 2, .., n, n, .., 1) repeated.
func (r Rules) placementOrder() []grid.Color {
	if r.Opening == OpeningFourStone {
		return []grid.Color{grid.Red, grid.Blue, grid.Blue, grid.Red}
	}
	var order []grid.Color
	total := r.Players * r.StonesPerPlayer()
	for len(order) < total {
		for c := 0; c < r.Players; c++ {
			order = append(order, grid.Color(c))
		}
		for c := r.Players - 1; c >= 0; c-- {
			order = append(order, grid.Color(c))
		}
	}
	return order[:total]
}

// presetStones returns the stones on the board before the first placement.
func (r Rules) presetStones() [grid.MaxPlayers]grid.Bitboard {
	var s [grid.MaxPlayers]grid.Bitboard
	if r.Opening == OpeningFourStone {
		s[grid.Red] = grid.Bit(grid.SquareAt(1, 5)) | grid.Bit(grid.SquareAt(5, 1))  // B6, F2
		s[grid.Blue] = grid.Bit(grid.SquareAt(1, 1)) | grid.Bit(grid.SquareAt(5, 5)) // B2, F6
	}
	return s
}

// DecodeStrict decodes JSON into v, rejecting unknown fields and trailing
// data: how the engine reads its JSON forms (rules, records, diagrams),
// and how packages that read them from text (engine/recordtext) should.
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	// Decoder.More reports false before a stray '}' or ']', so ask for the
	// next token instead: only the end of the input is acceptable.
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("unexpected data after the JSON value")
	}
	return nil
}
