package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/wallzero/wallzero/engine"
)

// rulesFlags registers the rule flags shared by the game subcommands.
type rulesFlags struct {
	mode     string
	players  int
	stay     string
	tieBreak string
}

func (r *rulesFlags) register(fs interface {
	StringVar(*string, string, string, string)
	IntVar(*int, string, int, string)
}) {
	fs.StringVar(&r.mode, "mode", "", "opening: empty or four-stone (default four-stone with 2 players, empty with 3 or 4)")
	fs.IntVar(&r.players, "players", 2, "number of players: 2, 3 or 4")
	fs.StringVar(&r.stay, "stay", "always", "stay rule: always or step-out")
	fs.StringVar(&r.tieBreak, "tiebreak", "largest-region", "tie break: largest-region or none")
}

// rules returns the normalized rules the flags describe.
func (r *rulesFlags) rules() (engine.Rules, error) {
	return engine.Rules{
		Players:  r.players,
		Opening:  engine.Opening(r.mode),
		Stay:     engine.StayRule(r.stay),
		TieBreak: engine.TieBreak(r.tieBreak),
	}.Normalize()
}

// readMoves reads moves from path ("-" or "" for stdin): one per line or
// comma-separated; blank lines and text after '#' are ignored.
func readMoves(path string, stdin io.Reader) ([]string, error) {
	var data []byte
	var err error
	if path == "" || path == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, fmt.Errorf("reading moves: %w", err)
	}
	var moves []string
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		for _, m := range strings.Split(line, ",") {
			if m = strings.TrimSpace(m); m != "" {
				moves = append(moves, m)
			}
		}
	}
	return moves, nil
}

// replayMoves plays moves from the start position of rules.
func replayMoves(rules engine.Rules, moves []string) (*engine.Game, error) {
	return engine.Record{Rules: rules, Moves: moves}.Game()
}
