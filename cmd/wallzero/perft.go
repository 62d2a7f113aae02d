package main

import (
	"fmt"
	"io"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/gameinput"
	"github.com/wallzero/wallzero/engine"
)

// runPerft implements `wallzero perft`: it prints perft(1)..perft(D).
func runPerft(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("perft", stderr)
	var rf gameinput.RulesFlags
	rf.Register(fs)
	depth := fs.Int("depth", 2, "deepest depth to count")
	movesPath := fs.String("moves", "", "file of moves to apply first (one per line or comma-separated; - for stdin); none when unset and stdin is a terminal")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rules, err := rf.Rules()
	if err != nil {
		return err
	}
	var moves []string
	if *movesPath != "" || !isTerminal(stdin) {
		if moves, err = gameinput.ReadMoves(*movesPath, stdin); err != nil {
			return err
		}
	}
	g, err := gameinput.ReplayMoves(rules, moves)
	if err != nil {
		return err
	}
	for d := 1; d <= *depth; d++ {
		fmt.Fprintf(stdout, "perft(%d)=%d\n", d, engine.Perft(g.Final, d))
	}
	return nil
}
