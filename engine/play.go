package engine

import (
	"errors"
	"fmt"

	"github.com/wallzero/wallzero/engine/grid"
)

// ErrGameOver is returned when a move is played in a finished game.
var ErrGameOver = errors.New("the game is over")

// CheckMove reports why m is not legal in p, or nil if it is. The error
// names the squares involved and the reason.
func (p *Position) CheckMove(m grid.Move) error {
	if p.phase == Over {
		return ErrGameOver
	}
	switch m.Kind {
	case grid.Place:
		if p.phase != Setup {
			return fmt.Errorf("placement %s: the setup phase is over; a turn looks like E5-E3:N", m.To)
		}
		if !m.To.Valid() {
			return fmt.Errorf("placement: square off the board")
		}
		if c := p.StoneAt(m.To); c != grid.NoColor {
			return fmt.Errorf("placement %s: the square already holds a %s stone", m.To, c)
		}
		return nil
	case grid.Turn:
		if p.phase != Play {
			return fmt.Errorf("turn %s: still in the setup phase (%s places a stone, e.g. C3)", m, p.toMove)
		}
		if !m.From.Valid() || !m.To.Valid() || m.Side < grid.North || m.Side > grid.West {
			return fmt.Errorf("turn: square or side off the board")
		}
		if owner := p.StoneAt(m.From); owner != p.toMove {
			if owner == grid.NoColor {
				return fmt.Errorf("turn %s: no stone on %s", m, m.From)
			}
			return fmt.Errorf("turn %s: the stone on %s is %s's, and %s is to move", m, m.From, owner, p.toMove)
		}
		if !p.Destinations(m.From).Has(m.To) {
			if m.From == m.To {
				return fmt.Errorf("turn %s: the stone on %s may not stay (stay rule %s)", m, m.From, p.Rules().Stay)
			}
			return fmt.Errorf("turn %s: %s is not reachable from %s in two steps (walls, stones or distance)", m, m.To, m.From)
		}
		if _, _, ok := grid.Slot(m.To, m.Side); !ok {
			return fmt.Errorf("turn %s: the %s side of %s is the board's edge", m, m.Side, m.To)
		}
		if p.w.Has(m.To, m.Side) {
			return fmt.Errorf("turn %s: a wall already stands on the %s side of %s", m, m.Side, m.To)
		}
		if p.brk != 0 && !p.breakFits(m.From, m.To) {
			b, _ := p.BrokenThisTurn()
			return fmt.Errorf("turn %s: the stone does not pass beside the wall broken this turn (%s) at a moment it may break it (rule breakTiming=any-time)", m, b)
		}
		return nil
	case grid.Break:
		if p.players != 3 {
			return fmt.Errorf("break %s: wall breaks exist only in three-player games", m)
		}
		if p.phase != Play {
			return fmt.Errorf("break %s: breaks are made in the play phase", m)
		}
		if p.midTurn || p.BreakUsed(p.toMove) {
			return fmt.Errorf("break %s: %s has already used its wall break", m, p.toMove)
		}
		if (m.Side != grid.North && m.Side != grid.East) || !m.To.Valid() {
			return fmt.Errorf("break %s: not a wall slot", m)
		}
		bw := p.legalBreaks(p.toMove)
		set := bw.East
		if m.Side == grid.North {
			set = bw.North
		}
		if !set.Has(m.To) {
			if !p.w.Has(m.To, m.Side) {
				return fmt.Errorf("break %s: no wall stands there", m)
			}
			beside := p.w.Beside(p.stones[p.toMove])
			besideSet := beside.East
			if m.Side == grid.North {
				besideSet = beside.North
			}
			switch {
			case p.freesOnly && besideSet.Has(m.To):
				return fmt.Errorf("break %s: the %s stone beside it cannot step, and a walled-in stone may break only a wall with an empty square behind it (rule breakWalls=frees-stone)", m, p.toMove)
			case p.anyTime:
				return fmt.Errorf("break %s: no %s stone can pass beside the wall this turn", m, p.toMove)
			}
			return fmt.Errorf("break %s: the wall is not next to a %s stone", m, p.toMove)
		}
		return nil
	}
	return fmt.Errorf("move: unknown kind %d", m.Kind)
}

// Play checks m and applies it. On error p is unchanged.
func (p *Position) Play(m grid.Move) error {
	if err := p.CheckMove(m); err != nil {
		return err
	}
	p.Apply(m)
	return nil
}

// Apply plays m, which must be legal (see CheckMove and LegalMoves); it does
// not check. After a turn it decides who moves next: players whose stones
// all sit in land of their own, or who have no legal turn, are skipped, and
// the game ends when no region holds stones of two players or nobody can act.
func (p *Position) Apply(m grid.Move) {
	c := p.toMove
	p.ply++
	switch m.Kind {
	case grid.Place:
		p.stones[c] |= grid.Bit(m.To)
		p.hash ^= grid.Zobrist.Stone[c][m.To]
		p.placed++
		p.hash ^= grid.Zobrist.ToMove[c]
		if p.placed < p.setupLen {
			p.toMove = p.placer(p.placed)
			p.hash ^= grid.Zobrist.ToMove[p.toMove]
			return
		}
		p.phase = Play
		p.hash ^= grid.Zobrist.Play
		p.toMove = grid.Color(p.players - 1) // so that the search for the next player starts at Red
		p.nextPlayer()
		p.hash ^= grid.Zobrist.ToMove[p.toMove]
	case grid.Turn:
		p.stones[c] = p.stones[c]&^grid.Bit(m.From) | grid.Bit(m.To)
		p.hash ^= grid.Zobrist.Stone[c][m.From] ^ grid.Zobrist.Stone[c][m.To]
		north, at, _ := grid.Slot(m.To, m.Side)
		if north {
			p.built[c].North |= grid.Bit(at)
			p.w.North |= grid.Bit(at)
			p.hash ^= grid.Zobrist.WallNorth[c][at]
		} else {
			p.built[c].East |= grid.Bit(at)
			p.w.East |= grid.Bit(at)
			p.hash ^= grid.Zobrist.WallEast[c][at]
		}
		if p.midTurn {
			p.midTurn = false
			p.hash ^= grid.Zobrist.MidTurn
			p.clearBrk()
		}
		p.hash ^= grid.Zobrist.ToMove[c]
		p.endTurn()
		p.hash ^= grid.Zobrist.ToMove[p.toMove]
	case grid.Break:
		b := grid.Bit(m.To)
		for o := grid.Color(0); o < grid.Color(p.players); o++ {
			if m.Side == grid.North && p.built[o].North&b != 0 {
				p.built[o].North &^= b
				p.hash ^= grid.Zobrist.WallNorth[o][m.To]
			}
			if m.Side == grid.East && p.built[o].East&b != 0 {
				p.built[o].East &^= b
				p.hash ^= grid.Zobrist.WallEast[o][m.To]
			}
		}
		if m.Side == grid.North {
			p.w.North &^= b
		} else {
			p.w.East &^= b
		}
		p.broken |= 1 << uint(c)
		p.hash ^= grid.Zobrist.Broken[c]
		p.midTurn = true
		p.hash ^= grid.Zobrist.MidTurn
		if p.anyTime {
			p.brk = grid.Bit(m.To) | grid.Bit(m.To.Neighbor(m.Side))
			for b := p.brk; b != 0; b &= b - 1 {
				p.hash ^= grid.Zobrist.BrokenBeside[b.First()]
			}
		}
		if !p.hasTurnAfterBreak(c) {
			// Only under step-out: the break left no turn, so the turn ends.
			p.midTurn = false
			p.clearBrk()
			p.hash ^= grid.Zobrist.MidTurn ^ grid.Zobrist.ToMove[c]
			p.endTurn()
			p.hash ^= grid.Zobrist.ToMove[p.toMove]
		}
	}
}

// clearBrk forgets the wall broken in this turn (breakTiming=any-time).
func (p *Position) clearBrk() {
	for b := p.brk; b != 0; b &= b - 1 {
		p.hash ^= grid.Zobrist.BrokenBeside[b.First()]
	}
	p.brk = 0
}

// hasTurnAfterBreak reports whether c, mid-turn after its break, has a
// turn to complete it with.
func (p *Position) hasTurnAfterBreak(c grid.Color) bool {
	if p.brk == 0 {
		return p.hasLegalTurn(c)
	}
	q := *p
	q.toMove = c
	var buf [MaxMoves]grid.Move
	return len(q.LegalMoves(buf[:0])) > 0
}

// endTurn ends the turn of the player to move: it ends the game or hands
// the move on.
func (p *Position) endTurn() {
	if p.frozenEnd {
		if p.decided() {
			p.finish()
			return
		}
	} else if p.players == 2 {
		// With two players one fill decides: a region with both colours
		// exists exactly when Red's regions hold a Blue stone.
		if p.w.Fill(p.stones[grid.Red])&p.stones[grid.Blue] == 0 {
			p.finish()
			return
		}
	} else if p.allSettled() {
		p.finish()
		return
	}
	p.nextPlayer()
}

// nextPlayer passes the move to the next player in turn order who is not
// settled and has a legal turn; the current player may move again if all
// others are skipped. If nobody can act the game ends.
func (p *Position) nextPlayer() {
	for k := int8(1); k <= p.players; k++ {
		c := grid.Color((int8(p.toMove) + k) % p.players)
		if p.skipsSettled(c) {
			continue
		}
		if p.hasLegalTurn(c) {
			p.toMove = c
			return
		}
	}
	p.finish()
}

// skipsSettled reports whether c's turns are skipped because it has
// settled: with three or four players, every stone of c in its own land,
// and with three its break used too (or rule settled=skip), for with its
// break it can still change the result.
func (p *Position) skipsSettled(c grid.Color) bool {
	if p.players == 2 || !p.Settled(c) {
		return false
	}
	return p.players == 4 || p.settledSkip || p.BreakUsed(c)
}

// finish marks the game over.
func (p *Position) finish() {
	p.phase = Over
	p.hash ^= grid.Zobrist.Play ^ grid.Zobrist.Over
}

// Settled reports whether every stone of c sits in a region holding no
// other player's stones (c's land), so nothing c does can change the result.
func (p *Position) Settled(c grid.Color) bool {
	return p.w.Fill(p.stones[c])&(p.Occupied()&^p.stones[c]) == 0
}

// decided reports whether the game's end condition holds: no region
// holds stones of two players, or under end=frozen-mixed-regions every
// region that does is frozen (see Frozen).
func (p *Position) decided() bool {
	if !p.frozenEnd {
		return p.allSettled()
	}
	occ := p.Occupied()
	for c := grid.Color(0); c < grid.Color(p.players); c++ {
		others := occ &^ p.stones[c]
		for st := p.stones[c]; st != 0; st &= st - 1 {
			s := st.First()
			if p.w.Fill(grid.Bit(s))&others != 0 && !p.frozenStone(c, s, occ) {
				return false
			}
		}
	}
	return true
}

// Frozen reports whether the stone on s cannot change its region: it
// cannot step, and its owner may not break a wall beside it (its break is
// used, there is none, or breakWalls=frees-stone leaves none). A region
// holding stones of two players whose stones are all frozen stays as it
// is; under end=frozen-mixed-regions the game ends once every such region
// is frozen. It is false for an empty square.
func (p *Position) Frozen(s grid.Square) bool {
	c := p.StoneAt(s)
	if c == grid.NoColor {
		return false
	}
	return p.frozenStone(c, s, p.Occupied())
}

// frozenStone is Frozen for c's stone on s, occ holding every stone.
func (p *Position) frozenStone(c grid.Color, s grid.Square, occ grid.Bitboard) bool {
	if p.w.Step(grid.Bit(s))&^occ != 0 {
		return false
	}
	if p.players != 3 || p.BreakUsed(c) {
		return true
	}
	b := breakableAt(p.w, s, occ, p.freesOnly)
	return b.North|b.East == 0
}

// allSettled reports whether no region holds stones of two players.
func (p *Position) allSettled() bool {
	for c := grid.Color(0); c < grid.Color(p.players)-1; c++ {
		if !p.Settled(c) {
			return false
		}
	}
	return true
}
