package searchbench

import (
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/gameinput"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Engine implements `wallzero bench engine`: it plays uniformly random
// games on one goroutine, generating every legal move and testing for the
// end at every ply, and prints the rate.
func Engine(args []string, stdout, stderr io.Writer) error {
	fs := program.NewFlagSet("bench engine", stderr)
	var rf gameinput.RulesFlags
	rf.Register(fs)
	seconds := fs.Float64("seconds", 3, "how long to run")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rules, err := rf.Rules()
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]grid.Move, 0, engine.MaxMoves)
	deadline := time.Now().Add(time.Duration(*seconds * float64(time.Second)))
	start := time.Now()
	games, plies := 0, 0
	for time.Now().Before(deadline) {
		for range 64 {
			plies += engine.PlayRandomGame(engine.NewPosition(rules), rng, buf)
			games++
		}
	}
	el := time.Since(start).Seconds()
	fmt.Fprintf(stdout, "random_games_per_sec=%.0f\n", float64(games)/el)
	fmt.Fprintf(stdout, "plies_per_game=%.1f\n", float64(plies)/float64(games))
	return nil
}
