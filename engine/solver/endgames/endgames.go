// Package endgames collects endgame positions from games played by the
// engine's heuristic players, for the solver's tests and its reach
// benchmark.
package endgames

import (
	"context"
	"fmt"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/player"
)

// Position is a position taken from a played game.
type Position struct {
	// Pos is the position.
	Pos engine.Position
	// PliesLeft is the number of plies the game still had when it reached
	// Pos.
	PliesLeft int
	// Game and Ply identify the game (by index) and the ply.
	Game, Ply int
}

// Game plays one game between the players named by specs (Red first) with
// the given seed and returns every position of it, the final one last, and
// the moves between them.
func Game(rules engine.Rules, specs [2]string, seed uint64) ([]engine.Position, []engine.Move, error) {
	pos := engine.NewPosition(rules)
	var players [2]player.Player
	for i, spec := range specs {
		p, err := player.New(spec, seed*2+uint64(i))
		if err != nil {
			return nil, nil, err
		}
		players[i] = p
	}
	history := []engine.Position{pos}
	var moves []engine.Move
	for !pos.IsOver() {
		if len(history) > 1000 {
			return nil, nil, fmt.Errorf("endgames: game %d not over after 1000 plies", seed)
		}
		view := pos
		m, err := players[pos.ToMove()].ChooseMove(context.Background(), &view)
		if err != nil {
			return nil, nil, err
		}
		if err := pos.Play(m); err != nil {
			return nil, nil, fmt.Errorf("endgames: %s played %s illegally: %w", specs[pos.ToMove()], m, err)
		}
		history = append(history, pos)
		moves = append(moves, m)
	}
	return history, moves, nil
}

// Collect plays games seeds first, first+1, .. first+games-1 (players
// alternating through specs) and returns, from each, the positions
// pliesLeft plies before its end for every value in pliesLeft that the
// game is long enough for, in the play phase.
func Collect(rules engine.Rules, specs []string, first uint64, games int, pliesLeft []int) ([]Position, error) {
	var out []Position
	for g := range games {
		seed := first + uint64(g)
		pair := [2]string{specs[g%len(specs)], specs[(g/len(specs))%len(specs)]}
		history, _, err := Game(rules, pair, seed)
		if err != nil {
			return nil, err
		}
		end := len(history) - 1
		for _, k := range pliesLeft {
			if k < 1 || k > end || history[end-k].Phase() != engine.Play {
				continue
			}
			out = append(out, Position{Pos: history[end-k], PliesLeft: k, Game: g, Ply: end - k})
		}
	}
	return out, nil
}
