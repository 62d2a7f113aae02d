package store_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/store"
)

// manyGames returns n games to import whose players come from a pool of
// 40 names (so names repeat across games, as in a class's games), each
// review with 3 attempts at the background priority.
func manyGames(n int) []store.NewGame {
	out := make([]store.NewGame, n)
	for i := range out {
		red, blue := fmt.Sprintf("Player %02d", i%40), fmt.Sprintf("Player %02d", (i+7)%40)
		out[i] = store.NewGame{Line: i + 1, Record: []byte(fmt.Sprintf(`{"moves":["C3"],"n":%d}`, i)), Winner: "red",
			Event: fmt.Sprintf("round %d", i/10), Players: map[string]string{"red": red, "blue": blue},
			Review: store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 2, Priority: store.PriorityBackground, MaxAttempts: 3,
				Args: func(id string) river.JobArgs { return wsArgs{JobID: id} }}}
	}
	return out
}

// importFunc is ImportGames or the per-row baseline it replaced.
type importFunc func(*store.Store) func(context.Context, int64, string, []store.NewGame) ([]store.ImportedGame, error)

var imports = []struct {
	name string
	call importFunc
}{
	{"per-row", func(s *store.Store) func(context.Context, int64, string, []store.NewGame) ([]store.ImportedGame, error) {
		return s.ImportGamesPerRow
	}},
	{"batched", func(s *store.Store) func(context.Context, int64, string, []store.NewGame) ([]store.ImportedGame, error) {
		return s.ImportGames
	}},
}

// TestImportGamesRoundTrips: an import takes the same few round trips
// whatever its number of games (the per-row baseline's are logged
// beside it).
func TestImportGamesRoundTrips(t *testing.T) {
	t.Parallel()
	url := storetest.URL(t)
	ctx := context.Background()
	st, rt, err := store.OpenCounting(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	// Begin, lock, River's insert, its notify (when its limiter lets it),
	// one batch, commit. River asks the server's version once per store:
	// the per-row imports, run first, already did.
	const maxRoundTrips = 6
	for _, imp := range imports {
		warm := map[int]int64{}
		for _, n := range []int{1, 2, 50, 500} {
			c, err := st.CreateCollection(ctx, 0, fmt.Sprintf("%s %d", imp.name, n))
			if err != nil {
				t.Fatal(err)
			}
			rt.Reset()
			if _, err := imp.call(st)(ctx, 0, c.ID, manyGames(n)); err != nil {
				t.Fatalf("%s import of %d games: %v", imp.name, n, err)
			}
			warm[n] = rt.Warm()
			t.Logf("%s import of %3d games: %5d round trips (%d with prepares)", imp.name, n, rt.Warm(), rt.Total())
		}
		if imp.name != "batched" {
			continue
		}
		for n, got := range warm {
			if got > maxRoundTrips {
				t.Errorf("batched import of %d games: %d round trips, want at most %d whatever the number of games", n, got, maxRoundTrips)
			}
		}
	}
}

// TestImportGames500: one import of 500 games stores every game, each
// colour's player link and each review job (linked to its River job,
// with its priority and attempts) exactly once, and returns them in order.
func TestImportGames500(t *testing.T) {
	t.Parallel()
	st, url := open(t)
	ctx := context.Background()
	c, err := st.CreateCollection(ctx, 0, "class")
	if err != nil {
		t.Fatal(err)
	}
	games := manyGames(500)
	ids, err := st.ImportGames(ctx, 0, c.ID, games)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 500 {
		t.Fatalf("%d ids, want 500", len(ids))
	}
	got, err := st.Games(ctx, 0, store.GameFilter{Collection: c.ID})
	if err != nil || len(got) != 500 {
		t.Fatalf("games: %d %v", len(got), err)
	}
	ps, err := st.Players(ctx, 0, c.ID)
	if err != nil || len(ps) != 40 {
		t.Fatalf("players: %d %v, want 40", len(ps), err)
	}
	names := map[string]string{} // id -> name
	for _, p := range ps {
		names[p.ID] = p.Name
	}
	for i, g := range got {
		want := games[i]
		if g.ID != ids[i].ID || g.JobID != ids[i].JobID || g.Line != want.Line || g.Event != want.Event ||
			names[g.Players["red"]] != want.Players["red"] || names[g.Players["blue"]] != want.Players["blue"] || len(g.Players) != 2 {
			t.Fatalf("game %d: %+v, want line %d, job %s, players %v", i, g, want.Line, ids[i].JobID, want.Players)
		}
	}
	for _, q := range []struct{ what, sql string }{
		{"games", `SELECT count(DISTINCT id) FROM ws_games WHERE collection_id = '` + c.ID + `'`},
		{"games' review jobs", `SELECT count(DISTINCT job_id) FROM ws_games`},
		{"jobs", `SELECT count(*) FROM jobs WHERE kind = 'review' AND status = 'queued' AND progress_total = 2`},
		{"River jobs", `SELECT count(*) FROM river_job`},
		{"jobs linked to their River job", `SELECT count(*) FROM jobs j JOIN river_job r ON r.id = j.river_job_id
			WHERE r.args->>'jobId' = j.id::text AND r.priority = 4 AND r.max_attempts = 3 AND r.kind = 'workspace_test'`},
		{"River jobs linked once", `SELECT count(DISTINCT river_job_id) FROM jobs`},
		{"games with their job", `SELECT count(*) FROM ws_games g JOIN jobs j ON j.id = g.job_id`},
		{"player links / 2", `SELECT count(*) / 2 FROM ws_game_players`},
		{"games with a red and a blue", `SELECT count(*) FROM ws_games g WHERE
			(SELECT count(*) FROM ws_game_players gp WHERE gp.game_id = g.id AND gp.colour IN ('red', 'blue')) = 2`},
	} {
		if n := storetest.QueryInt(t, url, q.sql); n != 500 {
			t.Errorf("%s: %d, want 500", q.what, n)
		}
	}
}

// BenchmarkImportGames times one import of 500 games, batched and by the
// per-row baseline, each into a new collection of the same database:
//
//	go test ./store -run '^$' -bench ImportGames -benchtime 5x -count 5
func BenchmarkImportGames(b *testing.B) {
	st, _ := open(b)
	ctx := context.Background()
	games := manyGames(500)
	for _, imp := range imports {
		b.Run(imp.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				c, err := st.CreateCollection(ctx, 0, fmt.Sprintf("%s %d", imp.name, i))
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := imp.call(st)(ctx, 0, c.ID, games); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
