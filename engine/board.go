package engine

import (
	"fmt"
	"sort"

	"github.com/wallzero/wallzero/engine/grid"
)

// Diagram is the JSON form of an explicit position, for clients that have no
// move history:
//
//	{"stones": {"red": ["B6", "F2", "C3", "E5"], "blue": ["B2", "F6", "E3", "C5"]},
//	 "walls": [{"square": "E3", "side": "N", "by": "red"}],
//	 "toMove": "blue", "phase": "play"}
type Diagram struct {
	// Stones maps a colour name to the squares of its stones.
	Stones map[string][]string `json:"stones"`
	// Walls lists the walls with their builders.
	Walls []Wall `json:"walls"`
	// ToMove is the colour to act.
	ToMove string `json:"toMove"`
	// Phase is "setup" or "play" ("over" is accepted and checked).
	Phase string `json:"phase"`
	// BreaksUsed lists the players who have used their wall break (three
	// players only).
	BreaksUsed []string `json:"breaksUsed,omitempty"`
	// MidTurn is set when the player to move has just broken a wall and
	// must now complete the turn.
	MidTurn bool `json:"midTurn,omitempty"`
	// BrokenThisTurn names, mid-turn under breakTiming=any-time, the wall
	// broken in this turn ("D4:E"), which the turn's stone must pass
	// beside; it is required there and refused elsewhere.
	BrokenThisTurn string `json:"brokenThisTurn,omitempty"`
}

// Wall is one wall of a Diagram: the side of a square it stands on and who
// built it.
type Wall struct {
	Square string `json:"square"`
	Side   string `json:"side"`
	By     string `json:"by"`
}

// DiagramOf returns the explicit form of p.
func DiagramOf(p *Position) Diagram {
	b := Diagram{Stones: map[string][]string{}, Walls: []Wall{}, ToMove: p.toMove.String(), Phase: p.phase.String(), MidTurn: p.midTurn}
	for c := grid.Color(0); c < grid.Color(p.players); c++ {
		sq := []string{}
		for _, s := range p.stones[c].Squares() {
			sq = append(sq, s.String())
		}
		b.Stones[c.String()] = sq
		for _, s := range p.built[c].North.Squares() {
			b.Walls = append(b.Walls, Wall{Square: s.String(), Side: "N", By: c.String()})
		}
		for _, s := range p.built[c].East.Squares() {
			b.Walls = append(b.Walls, Wall{Square: s.String(), Side: "E", By: c.String()})
		}
		if p.BreakUsed(c) {
			b.BreaksUsed = append(b.BreaksUsed, c.String())
		}
	}
	if m, ok := p.BrokenThisTurn(); ok {
		b.BrokenThisTurn = m.To.String() + ":" + m.Side.String()
	}
	sort.Slice(b.Walls, func(i, j int) bool {
		if b.Walls[i].Square != b.Walls[j].Square {
			return b.Walls[i].Square < b.Walls[j].Square
		}
		return b.Walls[i].Side < b.Walls[j].Side
	})
	return b
}

// Position builds the position the board describes under rules (which must
// be normalized), checking that it could arise in a game: stone counts, the
// player to move, walls on interior slots and not doubled. Errors name the
// field: a *FieldError such as `board.walls[2]: ...`.
func (b Diagram) Position(rules Rules) (Position, error) {
	p := NewPosition(rules)
	p.stones = [grid.MaxPlayers]grid.Bitboard{}
	per := rules.StonesPerPlayer()
	for name, squares := range b.Stones {
		c, err := grid.ParseColor(name)
		if err != nil || int(c) >= rules.Players {
			return Position{}, fieldError("board.stones."+name, "%q is not a player of a %d-player game", name, rules.Players)
		}
		if len(squares) > per {
			return Position{}, fieldError("board.stones."+name, "%d stones, at most %d", len(squares), per)
		}
		for i, text := range squares {
			s, err := grid.ParseSquare(text)
			if err != nil {
				return Position{}, &FieldError{Field: fmt.Sprintf("board.stones.%s[%d]", name, i), Err: err}
			}
			if p.Occupied().Has(s) {
				return Position{}, fieldError(fmt.Sprintf("board.stones.%s[%d]", name, i), "%s holds two stones", s)
			}
			p.stones[c] |= grid.Bit(s)
		}
	}
	for i, wall := range b.Walls {
		s, err := grid.ParseSquare(wall.Square)
		if err != nil {
			return Position{}, &FieldError{Field: fmt.Sprintf("board.walls[%d].square", i), Err: err}
		}
		d, err := grid.ParseSide(wall.Side)
		if err != nil {
			return Position{}, &FieldError{Field: fmt.Sprintf("board.walls[%d].side", i), Err: err}
		}
		c, err := grid.ParseColor(wall.By)
		if err != nil || int(c) >= rules.Players {
			return Position{}, fieldError(fmt.Sprintf("board.walls[%d].by", i), "%q is not a player of a %d-player game", wall.By, rules.Players)
		}
		north, at, ok := grid.Slot(s, d)
		if !ok {
			return Position{}, fieldError(fmt.Sprintf("board.walls[%d]", i), "the %s side of %s is the board's edge", d, s)
		}
		if p.w.Has(s, d) {
			return Position{}, fieldError(fmt.Sprintf("board.walls[%d]", i), "a wall on the %s side of %s is given twice", d, s)
		}
		if north {
			p.built[c].North |= grid.Bit(at)
			p.w.North |= grid.Bit(at)
		} else {
			p.built[c].East |= grid.Bit(at)
			p.w.East |= grid.Bit(at)
		}
	}
	toMove, err := grid.ParseColor(b.ToMove)
	if err != nil || int(toMove) >= rules.Players {
		return Position{}, fieldError("board.toMove", "%q is not a player of a %d-player game", b.ToMove, rules.Players)
	}
	for i, name := range b.BreaksUsed {
		c, err := grid.ParseColor(name)
		if err != nil || int(c) >= rules.Players || rules.Players != 3 {
			return Position{}, fieldError(fmt.Sprintf("board.breaksUsed[%d]", i), "%q: breaks exist for the players of three-player games only", name)
		}
		p.broken |= 1 << uint(c)
	}
	if err := b.setBrokenThisTurn(&p, rules); err != nil {
		return Position{}, err
	}
	if err := b.checkPhase(&p, rules, toMove); err != nil {
		return Position{}, err
	}
	p.toMove = toMove
	p.hash = p.computeHash()
	return p, nil
}

// setBrokenThisTurn reads BrokenThisTurn into p.
func (b Diagram) setBrokenThisTurn(p *Position, rules Rules) error {
	const field = "board.brokenThisTurn"
	need := b.MidTurn && rules.BreakTiming == BreakAnyTime
	switch {
	case b.BrokenThisTurn == "" && need:
		return fieldError(field, "mid-turn under breakTiming=any-time the board names the wall broken this turn, e.g. D4:E")
	case b.BrokenThisTurn == "":
		return nil
	case !need:
		return fieldError(field, "only a board mid-turn under breakTiming=any-time names the wall broken this turn")
	}
	s, d, err := grid.ParseWall(b.BrokenThisTurn)
	if err != nil {
		return &FieldError{Field: field, Err: err}
	}
	if _, _, ok := grid.Slot(s, d); !ok {
		return fieldError(field, "the %s side of %s is the board's edge, not a wall", d, s)
	}
	if p.w.Has(s, d) {
		return fieldError(field, "a wall stands on the %s side of %s, so it was not broken", d, s)
	}
	p.brk = grid.Bit(s) | grid.Bit(s.Neighbor(d))
	return nil
}

// checkPhase sets the phase and checks the stone counts and the player to
// move against it.
func (b Diagram) checkPhase(p *Position, rules Rules, toMove grid.Color) error {
	per := rules.StonesPerPlayer()
	total := p.Occupied().Count()
	switch b.Phase {
	case "setup":
		preset := 0
		for c, s := range rules.presetStones() {
			preset += s.Count()
			if p.stones[c]&s != s {
				return fieldError("board.stones", "the %s opening's preset stones are missing", rules.Opening)
			}
		}
		p.placed = int8(total - preset)
		if p.placed >= p.setupLen {
			return fieldError("board.phase", "all stones are placed, so the phase is play")
		}
		var want [grid.MaxPlayers]int
		for c := range grid.MaxPlayers {
			want[c] = rules.presetStones()[c].Count()
		}
		for i := int8(0); i < p.placed; i++ {
			want[p.placer(i)]++
		}
		for c := grid.Color(0); c < grid.Color(rules.Players); c++ {
			if p.stones[c].Count() != want[c] {
				return fieldError("board.stones."+c.String(), "%d stones, but after %d placements %s has %d", p.stones[c].Count(), p.placed, c, want[c])
			}
		}
		if p.WallCount() > 0 {
			return fieldError("board.walls", "no walls can stand in the setup phase")
		}
		if p.broken != 0 {
			return fieldError("board.breaksUsed", "no wall can have been broken in the setup phase")
		}
		if b.MidTurn {
			return fieldError("board.midTurn", "no turn is under way in the setup phase")
		}
		if next := p.placer(p.placed); next != toMove {
			return fieldError("board.toMove", "placement %d is %s's, not %s's", p.placed+1, next, toMove)
		}
		p.phase = Setup
	case "play", "over":
		for c := grid.Color(0); c < grid.Color(rules.Players); c++ {
			if p.stones[c].Count() != per {
				return fieldError("board.stones."+c.String(), "%d stones, but every player has %d in the play phase", p.stones[c].Count(), per)
			}
		}
		p.placed = p.setupLen
		p.phase = Play
		p.midTurn = b.MidTurn
		if b.MidTurn && !p.BreakUsed(toMove) {
			return fieldError("board.midTurn", "%s is mid-turn but has not used its break", toMove)
		}
		over := p.decided()
		if !over {
			over = true
			for c := grid.Color(0); c < grid.Color(rules.Players); c++ {
				if !p.skipsSettled(c) && p.hasLegalTurn(c) {
					over = false
				}
			}
		}
		switch {
		case over && b.MidTurn:
			return fieldError("board.midTurn", "the game is over, so no turn is under way")
		case over:
			p.phase = Over
		case b.Phase == "over":
			return fieldError("board.phase", "the game is not over: a region still holds stones of two players")
		case p.skipsSettled(toMove) && !b.MidTurn:
			return fieldError("board.toMove", "%s's stones all sit in its own land, so its turns are skipped", toMove)
		case b.MidTurn && !p.hasTurnAfterBreak(toMove):
			return fieldError("board.midTurn", "%s has no turn to complete its break with, so its turn has ended", toMove)
		case !p.hasLegalTurn(toMove):
			return fieldError("board.toMove", "%s has no legal turn, so its turns are skipped", toMove)
		}
	default:
		return fieldError("board.phase", "%q is not setup, play or over", b.Phase)
	}
	return nil
}
