package main

import (
	"fmt"
	"io"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/gameinput"
)

// runReplay implements `wallzero replay`: one line per ply, then the result.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", stderr)
	var rf gameinput.RulesFlags
	rf.Register(fs)
	movesPath := fs.String("moves", "", "file of moves (one per line or comma-separated; - or unset for stdin)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rules, err := rf.Rules()
	if err != nil {
		return err
	}
	moves, err := gameinput.ReadMoves(*movesPath, stdin)
	if err != nil {
		return err
	}
	g, err := gameinput.ReplayMoves(rules, moves)
	if err != nil {
		return err
	}
	for i, m := range g.Moves {
		fmt.Fprintf(stdout, "%d %s %s legal=%d\n", i+1, g.Movers[i], m, g.LegalCounts[i])
	}
	if !g.Final.IsOver() {
		fmt.Fprintf(stdout, "ongoing legal=%d\n", g.Final.CountLegalMoves())
		return nil
	}
	res := g.Final.Result()
	fmt.Fprintf(stdout, "result")
	for c := 0; c < g.Final.Players(); c++ {
		fmt.Fprintf(stdout, " %s=%d", colorName(c), res.Score[c])
	}
	winner := "draw"
	if w := res.Winner(); w >= 0 {
		winner = w.String()
	}
	fmt.Fprintf(stdout, " winner=%s\n", winner)
	return nil
}
