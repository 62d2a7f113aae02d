package program

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/levels"
)

// repoRoot is the repository root seen from this package's directory.
var repoRoot = filepath.Join("..", "..", "..", "..")

// ratingList is the part of models/ratings.json the levels test reads:
// the ratings and the matches they were fitted on.
type ratingList struct {
	Anchor  string       `json:"anchor"`
	Players []ratedRow   `json:"players"`
	Matches []ratedMatch `json:"matches"`
}

// ratedRow is one player of the rating list.
type ratedRow struct {
	Player string     `json:"player"`
	Elo    float64    `json:"elo"`
	CI95   [2]float64 `json:"ci95"`
	Games  int        `json:"games"`
}

// ratedMatch is one match of models/ratings.json's "matches".
type ratedMatch struct {
	A     string `json:"a"`
	B     string `json:"b"`
	AWins int    `json:"a_wins"`
	BWins int    `json:"b_wins"`
	Draws int    `json:"draws"`
}

// TestShippedLevels: models/levels.json loads as serve loads it and agrees
// with the rating list it was written from (models/ratings.json: each
// level's rating, interval and games, its games against the anchors
// counted again from the fitted matches), so that it cannot silently go
// stale; every level rests on at least 100 anchor games, the levels rate
// strictly higher one after the other, every spec parses, and only
// model-free levels claim three or four players. With ONNX Runtime each
// level also plays a move.
func TestShippedLevels(t *testing.T) {
	t.Parallel()
	f, err := levels.Load(filepath.Join(repoRoot, "models", levelsFile))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(repoRoot, "models", "ratings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list ratingList
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	if f.Anchor != list.Anchor {
		t.Errorf("levels anchored on %q, the rating list on %q", f.Anchor, list.Anchor)
	}
	for i, l := range f.Levels {
		k := slices.IndexFunc(list.Players, func(r ratedRow) bool { return r.Player == l.Player })
		if k < 0 {
			t.Errorf("%s: %q is not on the rating list", l.ID, l.Player)
			continue
		}
		r := list.Players[k]
		if r.Elo != l.Rating.Elo || r.CI95 != l.Rating.CI95 || r.Games != l.Rating.Games {
			t.Errorf("%s: levels.json says %+v, ratings.json %v %v %d games: run `cd training && /usr/bin/python3 ratings.py levels`",
				l.ID, l.Rating, r.Elo, r.CI95, r.Games)
		}
		if n := anchorGames(l.Player, f.Anchors, list.Matches); n != l.Rating.AnchorGames {
			t.Errorf("%s: %d anchor games in levels.json, %d in ratings.json's matches", l.ID, l.Rating.AnchorGames, n)
		}
		if l.Rating.AnchorGames < 100 {
			t.Errorf("%s: rated on %d games against the anchors, at least 100 needed", l.ID, l.Rating.AnchorGames)
		}
		if i > 0 && l.Rating.Elo <= f.Levels[i-1].Rating.Elo {
			t.Errorf("%s (%.1f) does not rate above %s (%.1f)", l.ID, l.Rating.Elo, f.Levels[i-1].ID, f.Levels[i-1].Rating.Elo)
		}
		if err := checkLevelSpec(l); err != nil {
			t.Errorf("%s: %v", l.ID, err)
		}
	}
	playShippedLevels(t, f)
}

// anchorGames counts the games player played against the anchors.
func anchorGames(p string, anchors []string, ms []ratedMatch) int {
	n := 0
	for _, m := range ms {
		if m.A == p && slices.Contains(anchors, m.B) && m.B != p || m.B == p && slices.Contains(anchors, m.A) && m.A != p {
			n += m.AWins + m.BWins + m.Draws
		}
	}
	return n
}

// checkLevelSpec checks that a level's spec is one `wallzero match`
// accepts and that a level using the network plays two players only.
func checkLevelSpec(l levels.Level) error {
	kind, _, _ := strings.Cut(l.Spec, ":")
	var opts map[string]string
	var err error
	switch kind {
	case "mcts":
		_, opts, err = parseSpec(l.Spec, mctsOptions...)
	case "policy":
		_, opts, err = parseSpec(l.Spec, "model", "sym")
	default:
		if !slices.Contains(player.Specs, l.Spec) {
			return &specError{l.Spec, "not a player spec"}
		}
		return nil
	}
	if err != nil {
		return err
	}
	if opts["model"] != HeuristicModel && !slices.Equal(l.Players, []int{2}) {
		return &specError{l.Spec, "the network plays two-player games only"}
	}
	return nil
}

// specError is a level spec that cannot be played as given.
type specError struct{ spec, why string }

func (e *specError) Error() string { return "player " + e.spec + ": " + e.why }

// playShippedLevels builds every level's player as serve does and has it
// play the first move of a two-player game; skipped without ONNX Runtime
// (failed with WALLZERO_REQUIRE_ORT=1).
func playShippedLevels(t *testing.T, f *levels.File) {
	t.Helper()
	if err := inferencetest.StartRuntime(t); err != nil {
		t.Logf("levels not played: ONNX Runtime not available (run `make onnxruntime`): %v", err)
		return
	}
	ev := NewEvaluators(ModelFlags{Workers: 1, MaxBatch: 16})
	t.Cleanup(func() { _ = ev.Close() })
	build := rootedConstructor(PlayerConstructor(ev, nil), repoRoot)
	for _, l := range f.Levels {
		p, err := build(l.Spec, 1)
		if err != nil {
			t.Errorf("%s: %v", l.ID, err)
			continue
		}
		pos := engine.NewPosition(engine.DefaultRules())
		m, err := p.ChooseMove(context.Background(), &pos)
		if err == nil {
			err = pos.CheckMove(m)
		}
		if err != nil {
			t.Errorf("%s: its first move: %v", l.ID, err)
		}
	}
}

// TestRootedSpec: relative model paths of specs are read from the levels
// file's root; other specs and options stay as they are.
func TestRootedSpec(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ spec, want string }{
		{"voronoi-hard", "voronoi-hard"},
		{"policy", "policy"},
		{"policy:model=models/wallzero.onnx", "policy:model=/app/models/wallzero.onnx"},
		{"mcts:visits=64,model=models/wallzero.onnx,sym=2", "mcts:visits=64,model=/app/models/wallzero.onnx,sym=2"},
		{"mcts:visits=800,model=heuristic", "mcts:visits=800,model=heuristic"},
		{"mcts:model=/abs/net.onnx,visits=8", "mcts:model=/abs/net.onnx,visits=8"},
	} {
		if got := RootedSpec(tc.spec, "/app"); got != tc.want {
			t.Errorf("RootedSpec(%q) = %q, want %q", tc.spec, got, tc.want)
		}
	}
}

// TestAddLevels: serve loads a levels file given with -levels whole (a
// missing file or a bad spec stops start-up), leaves out the levels of the
// default file it cannot build, says why it has none when the default
// file is missing, and loads nothing for worker and bench api.
func TestAddLevels(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, specs ...string) string {
		var ls []string
		for i, s := range specs {
			ls = append(ls, `{"id": "l`+string(rune('a'+i))+`", "name": "L", "spec": "`+s+`", "player": "p", "rating": {}, "maxMoveMs": 500, "players": [2, 3]}`)
		}
		path := filepath.Join(dir, name, levelsFile)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(`{"levels": [`+strings.Join(ls, ",")+`], "anchor": "voronoi-hard"}`), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good", "voronoi-easy", "mcts:visits=8,model=heuristic")
	bad := write("bad", "voronoi-easy", "mcts:visits=8,model=missing.onnx")
	tests := []struct {
		name    string
		on      bool
		path    string // -levels
		model   string // -model; the default file is next to it
		err     string // start-up error (substring)
		ids     string // the levels served
		noteHas string // LevelsNote (substring) when none
	}{
		{name: "worker", on: false, path: good},
		{name: "explicit", on: true, path: good, ids: "la,lb"},
		{name: "explicit missing", on: true, path: filepath.Join(dir, "nope.json"), err: "nope.json"},
		{name: "explicit bad spec", on: true, path: bad, err: `level "lb"`},
		{name: "default next to the model", on: true, model: filepath.Join(dir, "good", "m.onnx"), ids: "la,lb"},
		{name: "default with a bad level", on: true, model: filepath.Join(dir, "bad", "m.onnx"), ids: "la"},
		{name: "default missing", on: true, model: HeuristicModel, noteHas: "not found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := &ServeConfig{Model: ModelFlags{Model: tc.model, Workers: 1, MaxBatch: 8}, Levels: LevelsConfig{path: tc.path, on: tc.on}}
			a := &App{Cfg: cfg, Log: slog.New(slog.DiscardHandler), Ev: NewServiceEvaluators(cfg.Model)}
			t.Cleanup(func() { _ = a.Ev.Close() })
			var d service.Deps
			err := a.addLevelsAt(&d, dir)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.ids == "" {
				if d.Levels != nil || !strings.Contains(d.LevelsNote, tc.noteHas) {
					t.Fatalf("levels %v, note %q; want none and a note containing %q", d.Levels, d.LevelsNote, tc.noteHas)
				}
				return
			}
			if d.Levels == nil || strings.Join(d.Levels.IDs(), ",") != tc.ids {
				t.Fatalf("levels %v, want %s", d.Levels, tc.ids)
			}
			for _, l := range d.Levels.Levels {
				if _, err := d.NewPlayer(l.Spec, 3); err != nil {
					t.Errorf("%s: %v", l.ID, err)
				}
			}
		})
	}
}
