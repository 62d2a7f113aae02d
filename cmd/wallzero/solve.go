package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/gameinput"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/searchbench"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/solver"
)

// runSolve implements `wallzero solve`: the exact endgame solver on one
// position, or with -bench its reach table on self-play endgames.
func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("solve", stderr)
	var rf gameinput.RulesFlags
	rf.Register(fs)
	in := fs.String("in", "", `record to solve: a JSON record {"rules":..,"moves":[..]} or a move list (one per line or comma-separated, with the rule flags); - or unset for stdin`)
	turn := fs.Int("turn", -1, "solve the position after this many moves (default: after all of them)")
	nodes := fs.Int64("nodes", 0, "node budget (0: none)")
	limit := fs.Duration("time", 10*time.Second, "time budget (0: none)")
	outcomeOnly := fs.Bool("outcome-only", false, "stop once win, draw or loss is proven (no margin, moves or line)")
	noTempo := fs.Bool("no-tempo", false, "search tempo moves one by one (for comparison)")
	proofNumbers := fs.Bool("proof-numbers", true, "with a budget, hand the outcome to a proof-number search (df-pn) after a fifth of it (false: alpha-beta alone)")
	reach := fs.Bool("bench", false, "print the reach table instead: the share of self-play endgame positions proven within each time limit, by plies left, on one core")
	games := fs.Int("games", 100, "-bench: self-play games to draw positions from")
	seed := fs.Uint64("seed", 1, "-bench: seed of the first game")
	plies := fs.String("plies", "1,2,4,8,12,16,24", "-bench: plies left before the end")
	limits := fs.String("limits", "100ms,1s", "-bench: time limits (the last one is the budget of each solve)")
	selfPlay := fs.String("player", "", "-bench: draw the positions from self-play games of this player (for instance mcts:visits=200, the agent's own games) instead of games between the heuristic players "+strings.Join(searchbench.ReachHeuristics, ", "))
	workers := fs.Int("workers", 16, "-bench: games played at once while collecting positions (the solving runs on one core)")
	gamesFile := fs.String("games-file", "", "-bench: draw the positions from the first -games games of this file (as -save-games writes them, e.g. engine/solver/endgames/testdata/agent-games.jsonl) instead of playing games")
	saveGames := fs.String("save-games", "", "-bench: also write the games the positions come from to this file (JSON lines, one record per game; engine/solver/endgames.ReadGames reads it)")
	var mf program.ModelFlags
	mf.Register(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *reach {
		rules, err := rf.Rules()
		if err != nil {
			return err
		}
		return searchbench.SolveReach(context.Background(), stdout, searchbench.ReachConfig{Rules: rules, Games: *games, Seed: *seed,
			Player: *selfPlay, Workers: *workers, GamesFile: *gamesFile, SaveGames: *saveGames,
			Plies: *plies, Limits: *limits, ProofNumbers: *proofNumbers, Model: mf})
	}
	g, err := rf.ReadGame(*in, stdin)
	if err != nil {
		return err
	}
	pos := g.Final
	if *turn >= 0 {
		positions := g.Positions()
		if *turn >= len(positions) {
			return fmt.Errorf("-turn %d: the record has %d moves", *turn, len(g.Moves))
		}
		pos = positions[*turn]
	}
	res := solver.Solve(&pos, solver.Options{MaxNodes: *nodes, MaxTime: *limit, OutcomeOnly: *outcomeOnly, NoTempo: *noTempo, ProofNumbers: *proofNumbers})
	printSolve(stdout, &pos, res)
	return nil
}

// printSolve prints a solver result.
func printSolve(w io.Writer, pos *engine.Position, res solver.Result) {
	fmt.Fprintf(w, "position: ply %d, %s to move, %s\n", pos.Ply(), pos.ToMove(), pos.Phase())
	switch {
	case res.Outcome == solver.Unknown:
		fmt.Fprintf(w, "result: unknown (budget spent)\n")
	case res.Exact:
		fmt.Fprintf(w, "result: %s for %s, margin %d (value %d)\n", res.Outcome, pos.ToMove(), res.Margin, res.Value)
	default:
		fmt.Fprintf(w, "result: %s for %s, margin not proven\n", res.Outcome, pos.ToMove())
	}
	fmt.Fprintf(w, "optimal: %s\n", joinMoves(res.Best))
	fmt.Fprintf(w, "line: %s\n", joinMoves(res.Line))
	fmt.Fprintf(w, "nodes: %d\ntime: %s\n", res.Nodes, res.Elapsed.Round(time.Microsecond))
}

// joinMoves formats moves space-separated, or "-" for none.
func joinMoves(ms []grid.Move) string {
	if len(ms) == 0 {
		return "-"
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}
