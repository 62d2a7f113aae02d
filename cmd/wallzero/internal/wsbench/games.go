package wsbench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/loadgen"
)

// roster names the generated games' players, so that an import makes a
// class of players with several games each.
var roster = []string{"Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana"}

// Generate returns n import lines (JSON lines of the workspace's import):
// two-player games of lo..hi random legal moves from the default start,
// seeded, between two players of a fixed roster.
func Generate(n int, seed uint64, lo, hi int) []string {
	rng := rand.New(rand.NewPCG(seed, 11))
	out := make([]string, 0, n)
	for range n {
		moves := loadgen.RandomRecord(rng, lo, hi)
		red := rng.IntN(len(roster))
		blue := (red + 1 + rng.IntN(len(roster)-1)) % len(roster)
		line, _ := json.Marshal(map[string]any{
			"rules":   map[string]any{"players": 2},
			"moves":   moves,
			"players": map[string]string{"red": roster[red], "blue": roster[blue]},
			"event":   "bench",
		})
		out = append(out, string(line))
	}
	return out
}

// ReadGames returns the game lines of a JSON-lines file (`wallzero match
// -save-games` writes one): every non-empty line that is not a # comment.
func ReadGames(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 8<<20)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}
