package endgames

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/wallzero/wallzero/engine"
)

// gameLine is one line of a games file: the game's record and where it
// came from.
type gameLine struct {
	engine.Record
	// Seed and Players say how the game was played.
	Seed    uint64    `json:"seed"`
	Players [2]string `json:"players"`
}

// WriteGames writes games as JSON lines, one record per game with its seed
// and players (and its start position when it is not the rules' own), so
// that tests can draw endgames from games that cannot be
// replayed without the network (the agent's self-play).
func WriteGames(w io.Writer, games []Played) error {
	enc := json.NewEncoder(w)
	for _, p := range games {
		if len(p.Positions) == 0 {
			return fmt.Errorf("endgames: game %d has no positions", p.Seed)
		}
		line := gameLine{Seed: p.Seed, Players: p.Specs}
		line.Rules = p.Positions[0].Rules()
		if p.Positions[0] != engine.NewPosition(line.Rules) {
			board := engine.DiagramOf(&p.Positions[0])
			line.Board = &board
		}
		line.Moves = make([]string, len(p.Moves))
		for i, m := range p.Moves {
			line.Moves[i] = m.String()
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	return nil
}

// ReadGames reads what WriteGames wrote, replaying every game; a game that
// is not finished, or a move that is not legal, is an error naming the
// line.
func ReadGames(r io.Reader) ([]Played, error) {
	var out []Played
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var line gameLine
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return nil, fmt.Errorf("endgames: line %d: %w", n, err)
		}
		g, err := line.Game()
		if err != nil {
			return nil, fmt.Errorf("endgames: line %d: %w", n, err)
		}
		if !g.Final.IsOver() {
			return nil, fmt.Errorf("endgames: line %d: the game is not over after %d moves", n, len(g.Moves))
		}
		out = append(out, Played{Seed: line.Seed, Specs: line.Players, Positions: g.Positions(), Moves: g.Moves})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("endgames: %w", err)
	}
	return out, nil
}

// ReadGamesFile reads the games file at path (ReadGames), naming the file
// in its errors.
func ReadGamesFile(path string) ([]Played, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := ReadGames(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return games, nil
}

// WriteGamesFile writes games to the file at path (WriteGames), replacing
// it.
func WriteGamesFile(path string, games []Played) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := WriteGames(f, games); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}
