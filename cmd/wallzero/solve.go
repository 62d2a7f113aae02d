package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver"
	"github.com/wallzero/wallzero/engine/solver/endgames"
)

// runSolve implements `wallzero solve`: the exact endgame solver on one
// position, or with -bench its reach table on self-play endgames.
func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("solve", stderr)
	var rf rulesFlags
	rf.register(fs)
	in := fs.String("in", "", `record to solve: a JSON record {"rules":..,"moves":[..]} or a move list (one per line or comma-separated, with the rule flags); - or unset for stdin`)
	turn := fs.Int("turn", -1, "solve the position after this many moves (default: after all of them)")
	nodes := fs.Int64("nodes", 0, "node budget (0: none)")
	limit := fs.Duration("time", 10*time.Second, "time budget (0: none)")
	outcomeOnly := fs.Bool("outcome-only", false, "stop once win, draw or loss is proven (no margin, moves or line)")
	noTempo := fs.Bool("no-tempo", false, "search tempo moves one by one (for comparison)")
	proofNumbers := fs.Bool("proof-numbers", true, "with a budget, hand the outcome to a proof-number search (df-pn) after a fifth of it (false: alpha-beta alone)")
	bench := fs.Bool("bench", false, "print the reach table instead: the share of self-play endgame positions proven within each time limit, by plies left, on one core")
	games := fs.Int("games", 100, "-bench: self-play games to draw positions from")
	seed := fs.Uint64("seed", 1, "-bench: seed of the first game")
	plies := fs.String("plies", "1,2,4,8,12,16,24", "-bench: plies left before the end")
	limits := fs.String("limits", "100ms,1s", "-bench: time limits (the last one is the budget of each solve)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *bench {
		rules, err := rf.rules()
		if err != nil {
			return err
		}
		return solveBench(stdout, rules, *games, *seed, *plies, *limits, *proofNumbers)
	}
	g, err := readGame(*in, stdin, &rf)
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

// readGame reads a JSON record or a move list and replays it.
func readGame(path string, stdin io.Reader, rf *rulesFlags) (*engine.Game, error) {
	data, err := readInput(path, stdin)
	if err != nil {
		return nil, fmt.Errorf("reading the record: %w", err)
	}
	if t := strings.TrimSpace(string(data)); strings.HasPrefix(t, "{") {
		var rec engine.Record
		if err := json.Unmarshal([]byte(t), &rec); err != nil {
			return nil, fmt.Errorf("record: %w", err)
		}
		rules, err := rec.Rules.Normalize()
		if err != nil {
			return nil, err
		}
		rec.Rules = rules
		return rec.Game()
	}
	rules, err := rf.rules()
	if err != nil {
		return nil, err
	}
	moves, err := readMoves("-", strings.NewReader(string(data)))
	if err != nil {
		return nil, err
	}
	return replayMoves(rules, moves)
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
func joinMoves(ms []engine.Move) string {
	if len(ms) == 0 {
		return "-"
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}

// solveBench prints, per number of plies left, the share of self-play
// endgame positions whose result (win, draw or loss) is proven within each
// time limit, solving on one core.
func solveBench(w io.Writer, rules engine.Rules, games int, seed uint64, pliesText, limitsText string, proofNumbers bool) error {
	var plies []int
	for _, f := range strings.Split(pliesText, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return fmt.Errorf("-plies: %q is not a positive number", f)
		}
		plies = append(plies, n)
	}
	var limits []time.Duration
	for _, f := range strings.Split(limitsText, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil || d <= 0 {
			return fmt.Errorf("-limits: %q is not a positive duration", f)
		}
		limits = append(limits, d)
	}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	positions, err := endgames.Collect(rules, []string{"voronoi-medium", "voronoi-hard", "voronoi-easy"}, seed, games, plies)
	if err != nil {
		return err
	}
	type row struct {
		n      int
		proven []int
	}
	rows := map[int]*row{}
	for _, k := range plies {
		rows[k] = &row{proven: make([]int, len(limits))}
	}
	budget := limits[len(limits)-1]
	for _, p := range positions {
		res := solver.Solve(&p.Pos, solver.Options{MaxTime: budget, OutcomeOnly: true, ProofNumbers: proofNumbers})
		r := rows[p.PliesLeft]
		r.n++
		if res.Outcome == solver.Unknown {
			continue
		}
		for i, d := range limits {
			if res.Elapsed <= d {
				r.proven[i]++
			}
		}
	}
	fmt.Fprintf(w, "# solver reach: %s, %d games from seed %d, GOMAXPROCS=1, proof numbers %v\n", rules, games, seed, proofNumbers)
	fmt.Fprintf(w, "%-10s %-9s", "plies_left", "positions")
	for _, d := range limits {
		fmt.Fprintf(w, " %-10s", "<="+d.String())
	}
	fmt.Fprintln(w)
	for _, k := range plies {
		r := rows[k]
		fmt.Fprintf(w, "%-10d %-9d", k, r.n)
		for _, c := range r.proven {
			share := 0.0
			if r.n > 0 {
				share = 100 * float64(c) / float64(r.n)
			}
			fmt.Fprintf(w, " %-10s", fmt.Sprintf("%.1f%%", share))
		}
		fmt.Fprintln(w)
	}
	return nil
}
