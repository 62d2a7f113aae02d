package solver

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/solver/endgames"
)

// update regenerates testdata/small.txt.gz: go test ./engine/solver/ -run TestSmall -update
var update = flag.Bool("update", false, "regenerate testdata/small.txt.gz")

// smallFile holds small endgame positions with their brute-force values.
const smallFile = "testdata/small.txt.gz"

// refLimit bounds the brute-force tree of a small position.
const refLimit = 3000

// variants are the rules the small positions are drawn under.
var variants = []engine.Rules{
	engine.DefaultRules(),
	{Players: 2, Opening: engine.OpeningFourStone, Stay: engine.StayStepOut, TieBreak: engine.TieBreakLargestRegion},
	{Players: 2, Opening: engine.OpeningFourStone, Stay: engine.StayAlways, TieBreak: engine.TieBreakNone},
}

// smallCase is one line of smallFile.
type smallCase struct {
	variant int
	value   Value
	moves   []string
}

// position replays the case's moves.
func (c smallCase) position(t testing.TB) engine.Position {
	pos := engine.NewPosition(variants[c.variant])
	for _, text := range c.moves {
		m, _, err := grid.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := pos.Play(m); err != nil {
			t.Fatalf("%v: %v", c.moves, err)
		}
	}
	return pos
}

// shrink plays random moves that do not end the game from pos (rng-driven)
// and returns the positions passed whose full game tree the reference solves
// within refLimit nodes, with their values and move lists.
func shrink(pos engine.Position, moves []string, rng *rand.Rand, emit func(engine.Position, []string, Value)) {
	for !pos.IsOver() {
		r := reference{limit: refLimit}
		if v, err := r.value(&pos); err == nil {
			emit(pos, moves, v)
			return
		}
		keep := lastingMoves(&pos)
		if len(keep) == 0 {
			return
		}
		m := keep[rng.IntN(len(keep))]
		pos.Apply(m)
		moves = append(moves[:len(moves):len(moves)], m.String())
	}
}

// shrinkEnd appends to lines a small case (shrink) for each position 1 to
// 8 plies before the end of a game, in the play phase.
func shrinkEnd(lines *[]string, vi int, history []engine.Position, played []grid.Move, rng *rand.Rand) {
	end := len(history) - 1
	for k := 1; k <= 8 && k <= end; k++ {
		if history[end-k].Phase() != engine.Play {
			continue
		}
		var texts []string
		for _, m := range played[:end-k] {
			texts = append(texts, m.String())
		}
		shrink(history[end-k], texts, rng, func(_ engine.Position, ms []string, v Value) {
			*lines = append(*lines, fmt.Sprintf("%d %d %s", vi, v, strings.Join(ms, " ")))
		})
	}
}

// generateSmall writes smallFile from heuristic self-play games and the
// agent's self-play games.
func generateSmall(t *testing.T) {
	var lines []string
	specs := [][2]string{{"voronoi-medium", "voronoi-easy"}, {"voronoi-easy", "voronoi-hard"}, {"random", "voronoi-medium"}, {"voronoi-hard", "voronoi-hard"}}
	for g := range 400 {
		vi := g % len(variants)
		history, played, err := endgames.Game(variants[vi], specs[g%len(specs)], uint64(1000+g))
		if err != nil {
			t.Fatal(err)
		}
		shrinkEnd(&lines, vi, history, played, rand.New(rand.NewPCG(uint64(g), 7)))
	}
	heuristic := len(lines)
	// Then the agent's own self-play games (the network's search players,
	// saved by `wallzero solve -bench -save-games`), which only the
	// saved records can replay.
	for g, game := range loadAgentGames(t) {
		vi := slices.Index(variants, game.Positions[0].Rules())
		if vi < 0 {
			t.Fatalf("agent game %d: rules %v are not a variant", g, game.Positions[0].Rules())
		}
		shrinkEnd(&lines, vi, game.Positions, game.Moves, rand.New(rand.NewPCG(uint64(g), 8)))
	}
	header := fmt.Sprintf("# variant value moves: small endgames with brute-force values, shrunk by random non-ending moves from positions 1-8 plies before the end of heuristic self-play games (%d lines) and then of the agent's self-play games in %s (%d lines)\n",
		heuristic, agentGamesFile, len(lines)-heuristic)
	f, err := os.Create(smallFile)
	if err != nil {
		t.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	if _, err := zw.Write([]byte(header + strings.Join(lines, "\n") + "\n")); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// agentGamesFile holds self-play games of the shipped network's search
// players: bin/wallzero solve -bench -games 100 -seed 1
// -player mcts:visits=200,model=models/wallzero-int8.onnx -save-games FILE.
const agentGamesFile = "endgames/testdata/agent-games.jsonl"

// loadAgentGames reads agentGamesFile.
func loadAgentGames(t testing.TB) []endgames.Played {
	games, err := endgames.ReadGamesFile(agentGamesFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) < 100 {
		t.Fatalf("%s: only %d games", agentGamesFile, len(games))
	}
	return games
}

// smallHeader returns the first line of smallFile, which says where its
// positions come from.
func smallHeader(t *testing.T) string {
	line, err := bufio.NewReader(openSmall(t)).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	return line
}

// openSmall opens smallFile for reading, closed when the test ends.
func openSmall(t *testing.T) io.Reader {
	f, err := os.Open(smallFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	return zr
}

// loadSmall reads smallFile.
func loadSmall(t *testing.T) []smallCase {
	zr := openSmall(t)
	var out []smallCase
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fields := strings.Fields(line)
		vi, err1 := strconv.Atoi(fields[0])
		v, err2 := strconv.Atoi(fields[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", line)
		}
		out = append(out, smallCase{variant: vi, value: Value(v), moves: fields[2:]})
	}
	return out
}

// TestSmallAgreesWithReference checks the solver against the brute-force
// reference on every small endgame: the stored value is recomputed by the
// reference and must equal the solver's exact value, in all configurations.
func TestSmallAgreesWithReference(t *testing.T) {
	t.Parallel()
	if *update {
		generateSmall(t)
	}
	cases := loadSmall(t)
	if len(cases) < 3900 {
		t.Fatalf("only %d small positions", len(cases))
	}
	if h := smallHeader(t); !strings.Contains(h, agentGamesFile) {
		t.Fatalf("%s was not drawn from the agent's games too: %q", smallFile, h)
	}
	configs := []Options{{}, {NoTempo: true}, {NoBounds: true}, {OutcomeOnly: true}}
	const shards = 4
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for sh := range shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			solvers := make([]*Solver, len(configs))
			for i, o := range configs {
				solvers[i] = New(o)
			}
			for i := sh; i < len(cases); i += shards {
				c := cases[i]
				pos := c.position(t)
				r := reference{limit: refLimit}
				ref, err := r.value(&pos)
				if err != nil || ref != c.value {
					errs <- fmt.Sprintf("case %d: reference %v (%v), stored %v", i, ref, err, c.value)
					return
				}
				for j, s := range solvers {
					res := s.Solve(&pos)
					if res.Outcome != ref.Outcome() || (!configs[j].OutcomeOnly && (!res.Exact || res.Value != ref)) {
						errs <- fmt.Sprintf("case %d %v: solver %+v gives %v %v, reference %v", i, c.moves, configs[j], res.Outcome, res.Value, ref)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	t.Logf("%d small positions agree", len(cases))
}
