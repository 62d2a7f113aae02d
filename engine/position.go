package engine

import "github.com/wallzero/wallzero/engine/grid"

// Phase is the part of the game a position is in.
type Phase int8

// The phases.
const (
	// Setup: players place their stones.
	Setup Phase = iota
	// Play: players move stones and build walls.
	Play
	// Over: the game has ended.
	Over
)

// String returns "setup", "play" or "over".
func (p Phase) String() string {
	switch p {
	case Setup:
		return "setup"
	case Play:
		return "play"
	case Over:
		return "over"
	}
	return "?"
}

// Position is a complete game state. It is a value: copying it keeps an
// independent snapshot, which is how search explores (copy, then Apply).
type Position struct {
	stones [grid.MaxPlayers]grid.Bitboard
	// built holds the walls each player built, for the features that tell
	// builders apart; w is their union, which the rules use.
	built  [grid.MaxPlayers]grid.Walls
	w      grid.Walls
	hash   uint64
	toMove grid.Color
	// placed counts the setup placements made so far (preset stones of the
	// four-stone opening excluded).
	placed    int8
	setupLen  int8
	players   int8
	phase     Phase
	stepOut   bool
	tieNone   bool
	fourStone bool
	// anyTime, freesOnly and frozenEnd hold the rule options
	// breakTiming=any-time, breakWalls=frees-stone and
	// end=frozen-mixed-regions.
	anyTime   bool
	freesOnly bool
	frozenEnd bool
	// settledSkip holds settled=skip.
	settledSkip bool
	// broken has bit c set once player c has used its wall break; midTurn is
	// set between a break and the turn that completes it.
	broken  uint8
	midTurn bool
	// brk holds, mid-turn under breakTiming=any-time, the two squares the
	// broken wall separated: the moving stone must pass one of them (see
	// turnTouches). It is empty otherwise.
	brk grid.Bitboard
	ply int16
}

// NewPosition returns the start position of a game under rules, which must
// be normalized (see Rules.Normalize).
func NewPosition(rules Rules) Position {
	p := Position{
		players:     int8(rules.Players),
		stepOut:     rules.Stay == StayStepOut,
		tieNone:     rules.TieBreak == TieBreakNone,
		fourStone:   rules.Opening == OpeningFourStone,
		anyTime:     rules.BreakTiming == BreakAnyTime,
		freesOnly:   rules.BreakWalls == BreakFreesStone,
		frozenEnd:   rules.End == EndFrozenMixedRegions,
		settledSkip: rules.Settled == SettledSkip,
	}
	p.stones = rules.presetStones()
	p.setupLen = int8(len(rules.placementOrder()))
	p.toMove = p.placer(0)
	p.hash = p.computeHash()
	return p
}

// placer returns who makes setup placement i.
func (p *Position) placer(i int8) grid.Color {
	if p.fourStone {
		return [4]grid.Color{grid.Red, grid.Blue, grid.Blue, grid.Red}[i&3]
	}
	n := p.players
	round, at := i/n, i%n
	if round&1 == 1 {
		at = n - 1 - at
	}
	return grid.Color(at)
}

// Rules returns the rules of the game.
func (p *Position) Rules() Rules {
	r := Rules{Players: int(p.players), Opening: OpeningEmpty, Stay: StayAlways, TieBreak: TieBreakLargestRegion}
	if p.fourStone {
		r.Opening = OpeningFourStone
	}
	if p.stepOut {
		r.Stay = StayStepOut
	}
	if p.tieNone {
		r.TieBreak = TieBreakNone
	}
	if p.anyTime {
		r.BreakTiming = BreakAnyTime
	}
	if p.freesOnly {
		r.BreakWalls = BreakFreesStone
	}
	if p.frozenEnd {
		r.End = EndFrozenMixedRegions
	}
	if p.settledSkip {
		r.Settled = SettledSkip
	}
	return r
}

// Players returns the number of players.
func (p *Position) Players() int { return int(p.players) }

// Phase returns the phase of the game.
func (p *Position) Phase() Phase { return p.phase }

// ToMove returns the player to act. In a finished game it is the player who
// would have been next and carries no meaning.
func (p *Position) ToMove() grid.Color { return p.toMove }

// Ply returns the number of moves played from the start position (breaks
// count as moves).
func (p *Position) Ply() int { return int(p.ply) }

// Stones returns the squares holding c's stones.
func (p *Position) Stones(c grid.Color) grid.Bitboard { return p.stones[c] }

// Occupied returns the squares holding any stone.
func (p *Position) Occupied() grid.Bitboard {
	return p.stones[0] | p.stones[1] | p.stones[2] | p.stones[3]
}

// StoneAt returns the owner of the stone on s, or NoColor.
func (p *Position) StoneAt(s grid.Square) grid.Color {
	for c := grid.Color(0); c < grid.Color(p.players); c++ {
		if p.stones[c].Has(s) {
			return c
		}
	}
	return grid.NoColor
}

// HasWall reports whether a wall stands on side d of s.
func (p *Position) HasWall(s grid.Square, d grid.Side) bool { return p.w.Has(s, d) }

// WallBuilder returns who built the wall on side d of s, or NoColor when no
// wall stands there.
func (p *Position) WallBuilder(s grid.Square, d grid.Side) grid.Color {
	for c := grid.Color(0); c < grid.Color(p.players); c++ {
		if p.built[c].Has(s, d) {
			return c
		}
	}
	return grid.NoColor
}

// WallsNorth returns the squares whose north side holds a wall built by c.
func (p *Position) WallsNorth(c grid.Color) grid.Bitboard { return p.built[c].North }

// WallsEast returns the squares whose east side holds a wall built by c.
func (p *Position) WallsEast(c grid.Color) grid.Bitboard { return p.built[c].East }

// WallCount returns the number of walls on the board.
func (p *Position) WallCount() int { return p.w.North.Count() + p.w.East.Count() }

// BreakUsed reports whether c has used its wall break.
func (p *Position) BreakUsed(c grid.Color) bool { return p.broken>>uint(c)&1 != 0 }

// MidTurn reports whether the player to move has broken a wall and must now
// complete the turn with a Turn move.
func (p *Position) MidTurn() bool { return p.midTurn }

// BrokenThisTurn returns, mid-turn under breakTiming=any-time, the wall
// broken in this turn in canonical form (the turn's stone must pass beside
// it), and ok false otherwise.
func (p *Position) BrokenThisTurn() (m grid.Move, ok bool) {
	if p.brk == 0 {
		return grid.Move{}, false
	}
	lo := p.brk.First()
	side := grid.North
	if p.brk.Has(lo+1) && lo.Col() < grid.Size-1 {
		side = grid.East
	}
	return grid.Move{Kind: grid.Break, From: grid.NoSquare, To: lo, Side: side}, true
}

// SetupPlacements returns how many setup placements have been made and how
// many the setup phase has in all.
func (p *Position) SetupPlacements() (done, total int) { return int(p.placed), int(p.setupLen) }

// Hash returns the position's Zobrist hash. It covers stones, walls with
// their builders, the player to move, the phase and the break state, so equal
// positions under the same rules have equal hashes.
func (p *Position) Hash() uint64 { return p.hash }

// IsOver reports whether the game has ended.
func (p *Position) IsOver() bool { return p.phase == Over }
