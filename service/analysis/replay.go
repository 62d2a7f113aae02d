package analysis

import (
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
)

// Prepared is a game record replayed once: the game, and the position
// before each move and the final one (Positions[t] is the position after
// t moves). A request or job builds it once (ReplayRecord,
// Analyzer.Prepare) and passes it down, so that nothing on the way
// replays the record again.
type Prepared struct {
	Game      *engine.Game
	Positions []engine.Position
}

// replay replays rec once into a Prepared value.
func replay(rec engine.Record) (*Prepared, error) {
	g, positions, err := rec.Replay()
	if err != nil {
		return nil, err
	}
	return &Prepared{Game: g, Positions: positions}, nil
}

// Upto returns the game cut after its first n moves (0 <= n <=
// len(Game.Moves)), sharing p's positions: the prepared game of the
// record's first n moves, without a replay.
func (p *Prepared) Upto(n int) *Prepared {
	g := *p.Game
	g.Moves, g.Movers, g.LegalCounts = g.Moves[:n:n], g.Movers[:n:n], g.LegalCounts[:n:n]
	g.Final = p.Positions[n]
	return &Prepared{Game: &g, Positions: p.Positions[: n+1 : n+1]}
}

// ReplayRecord replays a game record within the limits, once: the game
// with every position before and after each move. Errors are
// *wallzero.Error values naming the record's field by its JSON path
// inside the record: "moves" (wallzero.CodeTooLarge past
// limits.MaxMoves), "moves[3]", "rules.players", "board.walls[0].side".
func ReplayRecord(rec engine.Record, limits Limits) (*Prepared, error) {
	if len(rec.Moves) > limits.MaxMoves {
		return nil, &wallzero.Error{Code: wallzero.CodeTooLarge, Field: "moves", Message: fmt.Sprintf("%d moves, at most %d", len(rec.Moves), limits.MaxMoves)}
	}
	p, err := replay(rec)
	if err != nil {
		return nil, wallzero.RecordError(err)
	}
	return p, nil
}
