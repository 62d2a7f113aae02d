package player

import (
	"context"
	"fmt"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// maxPlies bounds a game as a guard against a rules bug: every turn builds
// one of the board's 84 walls, so a real game is far shorter.
const maxPlies = 1000

// PlayGame plays one game from start to the end, asking players[c] for the
// moves of colour c, and returns the final position. A move the player
// returns is checked; an illegal one is an error naming the player.
func PlayGame(ctx context.Context, start engine.Position, players []Player) (engine.Position, error) {
	return playGame(ctx, start, players, nil)
}

// PlayGameMoves is PlayGame that also returns the moves played, in order,
// so that the game can be written as a record.
func PlayGameMoves(ctx context.Context, start engine.Position, players []Player) (engine.Position, []grid.Move, error) {
	var moves []grid.Move
	final, err := playGame(ctx, start, players, &moves)
	return final, moves, err
}

// playGame plays the game, appending each move to *moves when moves is
// not nil.
func playGame(ctx context.Context, start engine.Position, players []Player, moves *[]grid.Move) (engine.Position, error) {
	if len(players) != start.Players() {
		return start, fmt.Errorf("play game: %d players for a %d-player game", len(players), start.Players())
	}
	pos := start
	for ply := 0; !pos.IsOver(); ply++ {
		if ply >= maxPlies {
			return pos, fmt.Errorf("play game: not over after %d plies", maxPlies)
		}
		c := pos.ToMove()
		view := pos // the player gets a copy, so pos is safe whatever it does
		m, err := players[c].ChooseMove(ctx, &view)
		if err != nil {
			return pos, fmt.Errorf("%s (%s) at ply %d: %w", players[c].Spec(), c, pos.Ply(), err)
		}
		if err := pos.Play(m); err != nil {
			return pos, fmt.Errorf("%s (%s) at ply %d played an illegal move %s: %w", players[c].Spec(), c, pos.Ply(), m, err)
		}
		if moves != nil {
			*moves = append(*moves, m)
		}
	}
	return pos, nil
}
