package service_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/service/jobs"
)

// explorerService is the service with the heuristic evaluator and a
// fresh database.
// explorerService is the service with the heuristic evaluator on a
// fresh store: PostgreSQL under make test, else the memory store (the
// explorer's reads and writes need no River).
func explorerService(t *testing.T) *service.Service {
	t.Helper()
	an := analysis.NewAnalyzer(analysis.Evaluators{
		Network: inference.Heuristic{}, NetworkModel: inference.HeuristicModelID,
		Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID,
	}, analysis.DefaultLimits())
	return service.New(service.DefaultConfig(), service.Deps{Analyzer: an, Store: storetest.OpenFast(t)})
}

func explore(t *testing.T, svc *service.Service, opening string, moves ...string) *explorer.Result {
	t.Helper()
	res, err := svc.Explorer().Explore(context.Background(), &explorer.Query{Opening: opening, Moves: moves})
	if err != nil {
		t.Fatalf("explore %s %v: %v", opening, moves, err)
	}
	return res
}

// rot180 maps a square name by the half turn, which keeps the four-stone
// opening's preset stones.
func rot180(t *testing.T, name string) string {
	t.Helper()
	s, err := grid.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return grid.Rotate180.Square(s).String()
}

func TestExploreMissComputesStoresAndMapsBack(t *testing.T) {
	t.Parallel()
	svc := explorerService(t)
	first := explore(t, svc, "four-stone", "C3")
	if len(first.Steps) != 2 || !first.Steps[0].Computed || !first.Steps[1].Computed {
		t.Fatalf("a miss should compute both steps: %+v", first.Steps)
	}
	if got := first.PlacementOrder; len(got) != 4 || got[0] != "red" || got[1] != "blue" || got[2] != "blue" || got[3] != "red" {
		t.Fatalf("placement order %v", got)
	}
	again := explore(t, svc, "four-stone", "C3")
	if again.Steps[1].Computed || *again.Steps[1].RedWinrate != *first.Steps[1].RedWinrate {
		t.Fatalf("the second answer should come from the table: %+v", again.Steps[1])
	}
	// The half-turned path is the same canonical position: read from the
	// table, with every placement turned.
	turned := explore(t, svc, "four-stone", rot180(t, "C3"))
	if turned.Steps[1].Computed {
		t.Fatal("a symmetric path was searched again")
	}
	byMove := map[string]explorer.Placement{}
	for _, p := range first.Steps[1].Placements {
		byMove[p.Move] = p
	}
	if len(turned.Steps[1].Placements) != len(byMove) || len(byMove) != 44 {
		t.Fatalf("%d and %d placements, want 44", len(turned.Steps[1].Placements), len(byMove))
	}
	var sum float32
	for _, p := range turned.Steps[1].Placements {
		q, ok := byMove[rot180(t, p.Move)]
		if !ok || q.Prior != p.Prior || q.Visits != p.Visits || (q.RedWinrate == nil) != (p.RedWinrate == nil) {
			t.Fatalf("%s: %+v, turned back %+v", p.Move, p, q)
		}
		sum += p.Prior
	}
	if sum < 0.98 || sum > 1.02 {
		t.Fatalf("priors sum to %v", sum)
	}
	// The placement C3 in the start step gets the child's own search.
	for _, p := range first.Steps[0].Placements {
		if p.Move == "C3" && (p.ChildVisits == 0 || *p.RedWinrate != *first.Steps[1].RedWinrate) {
			t.Fatalf("C3 at the start: %+v, the child's win rate %v", p, *first.Steps[1].RedWinrate)
		}
	}
}

func TestExploreErrorsNameTheField(t *testing.T) {
	t.Parallel()
	svc := explorerService(t)
	for _, tc := range []struct {
		opening string
		moves   []string
		field   string
	}{
		{"three-stone", nil, "opening"},
		{"four-stone", []string{"Z9"}, "moves[0]"},
		{"four-stone", []string{"B6"}, "moves[0]"},
		{"four-stone", []string{"C3", "C3"}, "moves[1]"},
		{"four-stone", []string{"E5-E4:N"}, "moves[0]"},
		{"four-stone", []string{"C3", "D3", "E3", "C4", "D5"}, "moves[4]"},
		{"empty", []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7", "B1", "B2"}, "moves[8]"},
	} {
		_, err := svc.Explorer().Explore(context.Background(), &explorer.Query{Opening: tc.opening, Moves: tc.moves})
		var e *wallzero.Error
		if !errors.As(err, &e) || e.Code != wallzero.CodeInvalid || e.Field != tc.field || e.Message == "" {
			t.Errorf("%s %v: %v, want an invalid %s", tc.opening, tc.moves, err, tc.field)
		}
	}
}

func TestFillExplorerThenEveryChildIsInTheTable(t *testing.T) {
	t.Parallel()
	svc := explorerService(t)
	ctx := context.Background()
	st, err := svc.Explorer().FillExplorer(ctx, "four-stone", 1, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The start and its children up to the half turn and the two
	// diagonal mirrors that keep the preset stones.
	if st.Positions < 12 || st.Positions > 46 || st.Searched != st.Positions || st.Size.Positions != int64(st.Positions) || st.Size.ByPlaced[0] != 1 {
		t.Fatalf("fill: %+v", st)
	}
	again, err := svc.Explorer().FillExplorer(ctx, "four-stone", 1, 4, nil)
	if err != nil || again.Searched != 0 || again.Positions != st.Positions {
		t.Fatalf("refill: %+v %v", again, err)
	}
	res := explore(t, svc, "four-stone")
	if res.Steps[0].Computed || len(res.Steps[0].Placements) != 45 {
		t.Fatalf("start: %+v", res.Steps[0])
	}
	for _, p := range res.Steps[0].Placements {
		if p.ChildVisits != 4 || p.RedWinrate == nil {
			t.Fatalf("%s is not in the table: %+v", p.Move, p)
		}
	}
}

func TestFrequentOpeningsCountCanonically(t *testing.T) {
	t.Parallel()
	svc := explorerService(t)
	ctx := context.Background()
	game := func(winner grid.Color, moves ...string) explorer.SelfplayOpening {
		g := explorer.SelfplayOpening{Winner: winner}
		for _, m := range moves {
			mv, _, err := grid.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			g.Moves = append(g.Moves, mv)
		}
		return g
	}
	games := []explorer.SelfplayOpening{
		game(grid.Red, "C3", "D3", "E3", "C4"),
		game(grid.NoColor, rot180(t, "C3"), rot180(t, "D3"), rot180(t, "E3"), rot180(t, "C4")),
		game(grid.Blue, "D4", "D3", "E3", "C4"),
	}
	if err := svc.Explorer().RecordSelfplayOpenings(ctx, "four-stone", 16, games); err != nil {
		t.Fatal(err)
	}
	// A second batch adds up.
	if err := svc.Explorer().RecordSelfplayOpenings(ctx, "four-stone", 16, games[:1]); err != nil {
		t.Fatal(err)
	}
	bad := []explorer.SelfplayOpening{game(grid.Red, "C3")}
	if err := svc.Explorer().RecordSelfplayOpenings(ctx, "four-stone", 16, bad); err == nil {
		t.Fatal("an incomplete placement phase was counted")
	}
	res := explore(t, svc, "four-stone")
	if res.SelfplayGames != 4 || res.SelfplayVisits != 16 || len(res.Frequent) != 2 {
		t.Fatalf("frequent: %d games, %+v", res.SelfplayGames, res.Frequent)
	}
	top := res.Frequent[0]
	if top.Games != 3 || top.Frequency != 0.75 || top.RedScore < 0.8333 || top.RedScore > 0.8334 {
		t.Fatalf("top: %+v", top)
	}
	if len(top.Moves) != 4 || top.Moves[0] != "C3" {
		t.Fatalf("top moves %v", top.Moves)
	}
}

func TestExplorerFillJobWorksInSteps(t *testing.T) {
	t.Parallel()
	// Steps of a millisecond: every step searches a little and hands the
	// job back; the next one skips what is stored.
	svc, url := newJobService(t, time.Millisecond)
	ctx := context.Background()
	if _, err := svc.Jobs().SubmitExplorerFill(ctx, &explorer.FillRequest{Opening: "four-stone", Depth: 9}); err == nil {
		t.Fatal("depth 9 was accepted")
	}
	j, err := svc.Jobs().SubmitExplorerFill(ctx, &explorer.FillRequest{Opening: "empty", Depth: 1, Visits: 4})
	if err != nil {
		t.Fatal(err)
	}
	if j.Kind != jobs.KindExplorerFill || j.Progress.Total < 2 {
		t.Fatalf("job %+v", j)
	}
	done := waitJob(t, svc, j.ID)
	if done.Status != "succeeded" || done.Progress.Done != done.Progress.Total {
		t.Fatalf("job ended %+v", done)
	}
	var st explorer.FillStats
	if err := json.Unmarshal(done.Result, &st); err != nil {
		t.Fatal(err)
	}
	rows := storetest.QueryInt(t, url, "SELECT count(*) FROM explorer_positions")
	if st.Positions != j.Progress.Total || rows != j.Progress.Total || st.Size.Positions != int64(rows) {
		t.Fatalf("stats %+v, %d rows, %d positions counted at submit", st, rows, j.Progress.Total)
	}
}
