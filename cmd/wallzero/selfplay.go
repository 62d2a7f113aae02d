package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/selfplay"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/inference/format"
)

// runSelfplay implements `wallzero selfplay`: it plays games of a search
// player against itself and writes training samples (see
// training/README.md for the format).
func runSelfplay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("selfplay", stderr)
	var mf program.ModelFlags
	mf.Register(fs)
	def := selfplay.DefaultConfig()
	games := fs.Int("games", 100, "number of games")
	out := fs.String("out", "training/data/selfplay", "directory for the .npz chunks")
	modes := fs.String("modes", "empty,four-stone", "openings, comma-separated; games cycle through them (two players)")
	players := fs.String("players", "2", "player counts, comma-separated: 2, or 3 and 4 for the multi-player network's samples (docs/multiplayer-network.md); games cycle through them")
	fs.IntVar(&def.FullVisits, "visits", def.FullVisits, "visits of a full search (recorded as a policy target)")
	fs.IntVar(&def.FastVisits, "fast-visits", def.FastVisits, "visits of a fast search (not recorded)")
	fs.Float64Var(&def.FullProb, "full-prob", def.FullProb, "share of moves with a full search (playout-cap randomization)")
	fs.BoolVar(&def.Gumbel, "gumbel", false, "Gumbel root selection, improved-policy targets")
	fs.IntVar(&def.SampleMoves, "sample-moves", def.SampleMoves, "plies sampled in proportion to visits")
	fs.IntVar(&def.LeafBatch, "leaf-batch", def.LeafBatch, "leaves in flight per search")
	score := fs.Float64("score-utility", 0, "the searches' score utility (0: win rate alone; the training loop passes 1, docs/reinforcement.md)")
	parallel := fs.Int("parallel", 16, "games in flight at once (they share the network's batches)")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "seed of game 0 (game i uses seed+i)")
	chunk := fs.Int("chunk", 4096, "samples per .npz chunk")
	seconds := fs.Float64("seconds", 0, "start no new game after this many seconds (0: no limit); -games still caps the count")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *score < 0 || *score > 4 {
		return fmt.Errorf("-score-utility %v is outside 0..4", *score)
	}
	def.ScoreUtility = float32(*score)
	if *seconds > 0 {
		def.StopAfter = time.Now().Add(time.Duration(*seconds * float64(time.Second)))
	}
	counts, err := program.PositiveInts("players", *players)
	if err != nil {
		return err
	}
	rules, err := selfplayRules(counts, *modes)
	if err != nil {
		return err
	}
	ev := program.NewEvaluators(mf)
	defer ev.Close()
	eval, info, err := ev.Get("")
	if err != nil {
		return err
	}
	f, err := selfplayFormat(info, counts)
	if err != nil {
		return err
	}
	ctx := inference.WithPriority(context.Background(), inference.Batch)
	w, err := selfplay.NewWriter(*out, *chunk, f)
	if err != nil {
		return err
	}
	start := time.Now()
	st, err := selfplay.Generate(ctx, eval, def, rules, *games, *parallel, *seed, w, func(done int) {
		if done%max(1, *games/10) == 0 {
			fmt.Fprintf(stderr, "selfplay: %d/%d games, %.1f s\n", done, *games, time.Since(start).Seconds())
		}
	})
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(struct {
		Model   string  `json:"model"`
		Seconds float64 `json:"seconds"`
		selfplay.Stats
	}{info.ID, time.Since(start).Seconds(), st})
}

// selfplayRules returns the rules games cycle through: the openings of
// -modes for two players, the empty opening of each count of three or
// four.
func selfplayRules(counts []int, modes string) ([]engine.Rules, error) {
	if len(counts) == 1 && counts[0] == 2 {
		var rules []engine.Rules
		for _, m := range strings.Split(modes, ",") {
			r, err := engine.Rules{Opening: engine.Opening(strings.TrimSpace(m))}.Normalize()
			if err != nil {
				return nil, fmt.Errorf("-modes: %w", err)
			}
			rules = append(rules, r)
		}
		return rules, nil
	}
	var rules []engine.Rules
	for _, n := range counts {
		r, err := engine.Rules{Players: n, Opening: engine.OpeningEmpty}.Normalize()
		if err != nil {
			return nil, fmt.Errorf("-players: %w", err)
		}
		rules = append(rules, r)
	}
	return rules, nil
}

// selfplayFormat returns the format the samples are written in: the
// model's (its metadata names it), or for the heuristic the format of the
// first player count. Every count must be one the format encodes: two
// players and three or four have formats of their own, which one chunk
// cannot mix.
func selfplayFormat(info inference.ModelInfo, counts []int) (format.Format, error) {
	f := info.Format()
	if info.Features == "" {
		var err error
		if f, err = format.For(counts[0]); err != nil {
			return nil, fmt.Errorf("-players: %w", err)
		}
	}
	for _, n := range counts {
		if !f.Serves(n) {
			return nil, fmt.Errorf("-players: %d-player games are not in the format %s of %v-player games (two players and three or four have formats of their own; model %s)",
				n, f.FeatureSet(), f.Players(), info.ID)
		}
	}
	return f, nil
}
