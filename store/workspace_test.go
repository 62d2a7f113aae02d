package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/store"
)

type wsArgs struct {
	JobID string `json:"jobId"`
}

func (wsArgs) Kind() string { return "workspace_test" }

// newGames returns n games to import, red and blue named by the callers.
func newGames(n int, red, blue string) []store.NewGame {
	out := make([]store.NewGame, n)
	for i := range out {
		out[i] = store.NewGame{Line: i + 1, Record: []byte(`{"moves":["C3"]}`), Winner: "red", Players: map[string]string{"red": red, "blue": blue},
			Review: store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 2, Priority: store.PriorityBackground,
				Args: func(id string) river.JobArgs { return wsArgs{JobID: id} }}}
	}
	return out
}

// TestWorkspaceOwners: every workspace row is its owner's; another
// owner's ids are ErrNotFound everywhere, and lists are per owner.
func TestWorkspaceOwners(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	const a, b = 0, 7 // the local owner and a key's id (no key row needed)
	c, err := st.CreateCollection(ctx, a, "class")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.ImportGames(ctx, a, c.ID, newGames(2, "Ana", "Ben")); err != nil {
		t.Fatal(err)
	}
	ps, err := st.Players(ctx, a, c.ID)
	if err != nil || len(ps) != 2 || ps[0].Name != "Ana" {
		t.Fatalf("players %+v %v", ps, err)
	}
	games, err := st.Games(ctx, a, store.GameFilter{Player: ps[0].ID})
	if err != nil || len(games) != 2 || games[0].Players["red"] != ps[0].ID || games[0].JobStatus != store.StatusQueued {
		t.Fatalf("games %+v %v", games, err)
	}
	for name, call := range map[string]func() error{
		"Collection":         func() error { _, err := st.Collection(ctx, b, c.ID); return err },
		"RenameCollection":   func() error { _, err := st.RenameCollection(ctx, b, c.ID, "x"); return err },
		"DeleteCollection":   func() error { return st.DeleteCollection(ctx, b, c.ID) },
		"Players":            func() error { _, err := st.Players(ctx, b, c.ID); return err },
		"CreatePlayer":       func() error { _, err := st.CreatePlayer(ctx, b, c.ID, "x"); return err },
		"Player":             func() error { _, err := st.Player(ctx, b, ps[0].ID); return err },
		"RenamePlayer":       func() error { _, err := st.RenamePlayer(ctx, b, ps[0].ID, "x"); return err },
		"DeletePlayer":       func() error { return st.DeletePlayer(ctx, b, ps[0].ID) },
		"ImportGames":        func() error { _, err := st.ImportGames(ctx, b, c.ID, newGames(1, "X", "Y")); return err },
		"CollectionProgress": func() error { _, err := st.CollectionProgress(ctx, b, c.ID); return err },
		"CancelCollection":   func() error { _, err := st.CancelCollection(ctx, b, c.ID); return err },
		"AddCards":           func() error { return st.AddCards(ctx, b, games[0].ID, nil) },
		"Cards":              func() error { _, err := st.Cards(ctx, b, ps[0].ID); return err },
		"AnswerCard": func() error {
			_, err := st.AnswerCard(ctx, b, ps[0].ID, "x", nil, []byte(`{}`), time.Now())
			return err
		},
		"malformed id": func() error { _, err := st.Collection(ctx, a, "not-a-uuid"); return err },
	} {
		if err := call(); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s by another owner: %v, want ErrNotFound", name, err)
		}
	}
	if games, err := st.Games(ctx, b, store.GameFilter{Collection: c.ID}); err != nil || len(games) != 0 {
		t.Errorf("another owner's games: %+v %v", games, err)
	}
	if cs, err := st.Collections(ctx, b); err != nil || len(cs) != 0 {
		t.Errorf("another owner's collections: %+v %v", cs, err)
	}
	if _, err := st.CreatePlayer(ctx, a, c.ID, "Ana"); !errors.Is(err, store.ErrExists) {
		t.Errorf("a second Ana: %v, want ErrExists", err)
	}
	if _, err := st.RenamePlayer(ctx, a, ps[1].ID, "Ana"); !errors.Is(err, store.ErrExists) {
		t.Errorf("renaming Ben to Ana: %v, want ErrExists", err)
	}
}

// TestWorkspaceImportAtomic: an import with a bad game leaves nothing,
// whether the game is turned down before anything is sent (naming its
// line and field) or by the database midway.
func TestWorkspaceImportAtomic(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		bad  func(*store.NewGame)
		want string // in the error
	}{
		{"empty name", func(g *store.NewGame) { g.Players = map[string]string{"red": "Ana", "blue": ""} }, "line 4: player of blue"},
		{"record not JSON", func(g *store.NewGame) { g.Record = []byte(`{`) }, "line 4: record"},
		{"negative total", func(g *store.NewGame) { g.Review.Total = -1 }, "line 4: review total"},
		{"kind the jobs table refuses", func(g *store.NewGame) { g.Review.Kind = "bogus" }, "import: jobs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, url := open(t)
			ctx := context.Background()
			c, err := st.CreateCollection(ctx, 0, "class")
			if err != nil {
				t.Fatal(err)
			}
			games := newGames(5, "Ana", "Ben")
			tc.bad(&games[3])
			if _, err := st.ImportGames(ctx, 0, c.ID, games); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("import with a bad game: %v, want an error with %q", err, tc.want)
			}
			for _, table := range []string{"ws_games", "ws_players", "ws_game_players", "jobs", "river_job"} {
				if n := storetest.QueryInt(t, url, "SELECT count(*) FROM "+table); n != 0 {
					t.Errorf("%s has %d rows after a failed import", table, n)
				}
			}
		})
	}
}

// TestWorkspaceCardsAndCancel: cards are added once, answered only from
// the state read (a concurrent answer loses), listed by due time; a
// collection's cancel cancels its queued reviews; pruning keeps a game's
// review.
func TestWorkspaceCardsAndCancel(t *testing.T) {
	t.Parallel()
	st, url := open(t)
	ctx := context.Background()
	c, _ := st.CreateCollection(ctx, 0, "class")
	ids, err := st.ImportGames(ctx, 0, c.ID, newGames(3, "Ana", "Ben"))
	if err != nil {
		t.Fatal(err)
	}
	ps, _ := st.Players(ctx, 0, c.ID)
	ana := ps[0].ID
	cards := []store.NewCard{{PlayerID: ana, Card: "k1", Puzzle: []byte(`{"ply":1}`)}, {PlayerID: ana, Card: "k2", Puzzle: []byte(`{"ply":2}`)}}
	for range 2 {
		if err := st.AddCards(ctx, 0, ids[0].ID, cards); err != nil {
			t.Fatal(err)
		}
	}
	got, err := st.Cards(ctx, 0, ana)
	if err != nil || len(got) != 2 || got[0].State != nil {
		t.Fatalf("cards %+v %v", got, err)
	}
	later := time.Now().Add(72 * time.Hour)
	first, err := st.AnswerCard(ctx, 0, ana, "k1", nil, []byte(`{"reps":1}`), later)
	if err != nil || first.Answers != 1 {
		t.Fatalf("answer: %+v %v", first, err)
	}
	if _, err := st.AnswerCard(ctx, 0, ana, "k1", nil, []byte(`{"reps":1}`), later); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an answer from a stale state: %v, want ErrNotFound", err)
	}
	if got, _ := st.Cards(ctx, 0, ana); got[0].Card != "k2" || got[1].Card != "k1" {
		t.Errorf("order after an answer: %s %s", got[0].Card, got[1].Card)
	}
	n, err := st.CancelCollection(ctx, 0, c.ID)
	if err != nil || n != 3 {
		t.Fatalf("cancel: %d %v", n, err)
	}
	p, err := st.CollectionProgress(ctx, 0, c.ID)
	if err != nil || p.Games != 3 || p.Cancelled != 3 || p.PositionsTotal != 6 {
		t.Errorf("progress %+v %v", p, err)
	}
	storetest.QueryInt(t, url, "WITH u AS (UPDATE jobs SET finished_at = now() - interval '30 days' RETURNING 1) SELECT count(*) FROM u")
	if _, _, err := st.PruneJobs(ctx, time.Hour); err != nil {
		t.Fatal(err)
	}
	if n := storetest.QueryInt(t, url, "SELECT count(*) FROM jobs"); n != 3 {
		t.Errorf("pruning deleted the games' reviews: %d left", n)
	}
	if err := st.DeleteCollection(ctx, 0, c.ID); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"ws_collections", "ws_games", "ws_players", "ws_cards", "jobs", "river_job"} {
		if n := storetest.QueryInt(t, url, fmt.Sprintf("SELECT count(*) FROM %s", table)); n != 0 {
			t.Errorf("%s has %d rows after the delete", table, n)
		}
	}
}

// TestWorkspaceReviewsOutsideQuota: a key's queued background reviews do
// not count against its quota of active jobs.
func TestWorkspaceReviewsOutsideQuota(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	k, err := st.CreateKey(ctx, "coach", make([]byte, 32), store.KeyQuotas{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := st.CreateCollection(ctx, k.ID, "class")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.ImportGames(ctx, k.ID, c.ID, newGames(3, "Ana", "Ben")); err != nil {
		t.Fatal(err)
	}
	nj := newGames(1, "", "")[0].Review
	nj.Owner, nj.MaxActive, nj.Priority = k.ID, 1, 0
	if _, err := st.CreateJob(ctx, nj); err != nil {
		t.Fatalf("a review asked beside 3 background ones: %v", err)
	}
	if _, err := st.CreateJob(ctx, nj); err == nil {
		t.Error("a second review over the quota of 1 was accepted")
	}
}
