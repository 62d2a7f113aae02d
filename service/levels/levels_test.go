package levels

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// one is a valid level; tests change one field at a time.
const one = `{"id": "club", "name": "Club", "spec": "voronoi-hard", "player": "voronoi-hard",
 "rating": {"elo": 0, "ci95": [0, 0], "games": 10, "anchorGames": 10}, "maxMoveMs": 1000, "players": [2, 3, 4]}`

func file(levels ...string) string {
	return `{"levels": [` + strings.Join(levels, ",") + `], "anchor": "voronoi-hard", "anchors": ["voronoi-hard"], "fitted": "2026-12-02", "command": "x"}`
}

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, data, err string // err: a substring of the error, "" for none
	}{
		{"valid", file(one), ""},
		{"two levels", file(one, strings.Replace(one, `"club"`, `"expert"`, 1)), ""},
		{"no levels", file(), "no levels"},
		{"unknown field", strings.Replace(file(one), `"anchor"`, `"anchr"`, 1), "unknown field"},
		{"duplicate id", file(one, one), "given twice"},
		{"bad id", file(strings.Replace(one, `"club"`, `"Club!"`, 1)), "levels[0].id"},
		{"no name", file(strings.Replace(one, `"Club"`, `" "`, 1)), "levels[0].name"},
		{"no spec", file(strings.Replace(one, `"spec": "voronoi-hard"`, `"spec": ""`, 1)), "levels[0].spec"},
		{"no budget", file(strings.Replace(one, `1000`, `0`, 1)), "maxMoveMs"},
		{"no players", file(strings.Replace(one, `[2, 3, 4]`, `[]`, 1)), "players"},
		{"five players", file(strings.Replace(one, `[2, 3, 4]`, `[2, 5]`, 1)), "players"},
		{"unordered players", file(strings.Replace(one, `[2, 3, 4]`, `[3, 2]`, 1)), "players"},
		{"not JSON", `{"levels": [`, "levels:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse([]byte(tc.data))
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("error %v, want one containing %q", err, tc.err)
			}
		})
	}
}

func TestLevelAccessors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec    string
		visits  int
		players []int
	}{
		{"voronoi-easy", 1, []int{2, 3, 4}},
		{"policy:model=models/wallzero.onnx", 1, []int{2}},
		{"mcts:visits=64,model=models/wallzero.onnx", 64, []int{2}},
		{"mcts:model=heuristic,visits=800", 800, []int{2, 3}},
		{"mcts:time=100ms", 1, []int{2}},
	}
	for _, tc := range tests {
		l := Level{Spec: tc.spec, Players: tc.players, MaxMoveMs: 250}
		if got := l.Visits(); got != tc.visits {
			t.Errorf("%s: Visits() = %d, want %d", tc.spec, got, tc.visits)
		}
		if got, want := l.Searches(), strings.HasPrefix(tc.spec, "mcts:"); got != want {
			t.Errorf("%s: Searches() = %v", tc.spec, got)
		}
		if !l.Plays(2) || l.Plays(5) || l.Plays(4) != (len(tc.players) == 3) {
			t.Errorf("%s: Plays wrong for players %v", tc.spec, tc.players)
		}
		if l.MaxMove() != 250*time.Millisecond {
			t.Errorf("MaxMove() = %v", l.MaxMove())
		}
	}
}

func TestLoadAndFind(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := Load(filepath.Join(dir, "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a missing file: %v, want os.ErrNotExist", err)
	}
	path := filepath.Join(dir, "levels.json")
	if err := os.WriteFile(path, []byte(file(one, strings.Replace(one, `"club"`, `"expert"`, 1))), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if ids := strings.Join(f.IDs(), ","); ids != "club,expert" {
		t.Errorf("IDs() = %s", ids)
	}
	if l, ok := f.Find("expert"); !ok || l.Name != "Club" {
		t.Errorf("Find(expert) = %+v, %v", l, ok)
	}
	if _, ok := f.Find("master"); ok {
		t.Error("found a level that is not there")
	}
}
