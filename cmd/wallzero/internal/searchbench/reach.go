package searchbench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver"
	"github.com/wallzero/wallzero/engine/solver/endgames"
)

// ReachConfig configures SolveReach (the flags of `wallzero solve -bench`).
type ReachConfig struct {
	// Rules are the rules of the games played.
	Rules engine.Rules
	// Games is the number of games; Seed the seed of the first.
	Games int
	Seed  uint64
	// Player, when set, plays the games against itself instead of the
	// ReachHeuristics; it must not think for a wall-clock time.
	Player string
	// Workers is the number of games played at once.
	Workers int
	// GamesFile, when set, is read for the games instead of playing them;
	// SaveGames, when set, receives the games played.
	GamesFile, SaveGames string
	// Plies (plies left before the end) and Limits (time limits, the last
	// one the budget of each solve) are comma-separated lists.
	Plies, Limits string
	// ProofNumbers hands the outcome to a proof-number search.
	ProofNumbers bool
	// Model holds the model flags of the players.
	Model program.ModelFlags
}

// SolveReach prints the solver's reach table (`wallzero solve -bench`):
// the share of self-play endgame positions proven within each time limit,
// by plies left, solving on one core.
func SolveReach(ctx context.Context, w io.Writer, c ReachConfig) error {
	if c.Games < 1 {
		return fmt.Errorf("-games %d: at least one game", c.Games)
	}
	if c.GamesFile != "" {
		if c.Player != "" || c.SaveGames != "" {
			return errors.New("-games-file: the games are read, not played: drop -player and -save-games")
		}
		played, err := endgames.ReadGamesFile(c.GamesFile)
		if err != nil {
			return fmt.Errorf("-games-file: %w", err)
		}
		played = played[:min(c.Games, len(played))]
		from := fmt.Sprintf("%d games of %s", len(played), c.GamesFile)
		return reachTable(w, from, played, c.Plies, c.Limits, c.ProofNumbers)
	}
	ev := program.NewEvaluators(c.Model)
	defer ev.Close()
	src := endgames.Source{Rules: c.Rules, Specs: ReachHeuristics, First: c.Seed, Games: c.Games, Workers: c.Workers, NewPlayer: program.PlayerConstructor(ev, nil)}
	if c.Player != "" {
		if program.IsTimedSpec(c.Player) {
			return fmt.Errorf("-player %q: a time budget would make the positions depend on the machine; give visits", c.Player)
		}
		src.Specs = []string{c.Player}
	}
	played, err := endgames.PlayGames(ctx, src)
	if err != nil {
		return err
	}
	if c.SaveGames != "" {
		if err := endgames.WriteGamesFile(c.SaveGames, played); err != nil {
			return fmt.Errorf("-save-games: %w", err)
		}
	}
	from := fmt.Sprintf("%s, %d games (%s) from seed %d", src.Rules, src.Games, strings.Join(src.Specs, " / "), src.First)
	return reachTable(w, from, played, c.Plies, c.Limits, c.ProofNumbers)
}

// ReachHeuristics are the players of the reach benchmark's default games.
var ReachHeuristics = []string{"voronoi-medium", "voronoi-hard", "voronoi-easy"}

// reachTable prints, per number of plies left, the share of endgame
// positions of the played games (described by from) whose result (win,
// draw or loss) is proven within each time limit, solving on one core, and
// how much is left to play in them: the median open wall slots inside
// contested regions.
func reachTable(w io.Writer, from string, played []endgames.Played, pliesText, limitsText string, proofNumbers bool) error {
	plies, err := program.PositiveInts("plies", pliesText)
	if err != nil {
		return err
	}
	var limits []time.Duration
	for _, f := range strings.Split(limitsText, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil || d <= 0 {
			return fmt.Errorf("-limits: %q is not a positive duration", f)
		}
		limits = append(limits, d)
	}
	positions := endgames.Pick(played, plies)
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	type row struct {
		n      int
		proven []int
		slots  []int
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
		r.slots = append(r.slots, solver.ContestedSlots(&p.Pos))
		if res.Outcome == solver.Unknown {
			continue
		}
		for i, d := range limits {
			if res.Elapsed <= d {
				r.proven[i]++
			}
		}
	}
	fmt.Fprintf(w, "# solver reach: %s, GOMAXPROCS=1, proof numbers %v\n", from, proofNumbers)
	fmt.Fprintf(w, "%-10s %-9s %-14s", "plies_left", "positions", "median_slots")
	for _, d := range limits {
		fmt.Fprintf(w, " %-10s", "<="+d.String())
	}
	fmt.Fprintln(w)
	for _, k := range plies {
		r := rows[k]
		fmt.Fprintf(w, "%-10d %-9d %-14s", k, r.n, medianText(r.slots))
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

// medianText formats the median of xs, or "-" when there are none.
func medianText(xs []int) string {
	if len(xs) == 0 {
		return "-"
	}
	return strconv.Itoa(stats.Median(xs))
}
