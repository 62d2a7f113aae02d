package analysis

import (
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
)

// ReplayRecord replays a game record within the limits: the game with
// every position before and after each move. Errors are *wallzero.Error values
// naming the record's field by its JSON path inside the record: "moves"
// (wallzero.CodeTooLarge past limits.MaxMoves), "moves[3]", "rules.players",
// "board.walls[0].side".
func ReplayRecord(rec engine.Record, limits Limits) (*engine.Game, error) {
	if len(rec.Moves) > limits.MaxMoves {
		return nil, &wallzero.Error{Code: wallzero.CodeTooLarge, Field: "moves", Message: fmt.Sprintf("%d moves, at most %d", len(rec.Moves), limits.MaxMoves)}
	}
	g, err := rec.Game()
	if err != nil {
		return nil, wallzero.RecordError(err)
	}
	return g, nil
}
