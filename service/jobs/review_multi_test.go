package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/jobs/reviewrow"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// testGame loads a game record from testdata/, cut to its first n moves
// (0: all of them).
func testGame(t testing.TB, name string, n int) *engine.Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var rec engine.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	if n > 0 {
		rec.Moves = rec.Moves[:n]
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBuildMultiPlayerReview checks the review of three- and four-player
// games on made-up analyses: every position has each player's win rate,
// each move's loss is its mover's (best move against the position after
// the move, for the mover), a wall break is reviewed like any move by
// the player who then moves again, and key moves follow the mover's
// swings.
func TestBuildMultiPlayerReview(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		file  string
		moves int
		// losses maps plies to the loss made up for the move there (the
		// others lose nothing), and wants the classification.
		losses map[int]float32
		class  map[int]string
		breaks []int
	}{
		{"three players with wall breaks", "three-player-game.json", 19,
			map[int]float32{15: 0.12, 16: 0.06, 18: 0.2}, map[int]string{15: "mistake", 16: "inaccuracy", 18: "blunder", 17: "good"}, []int{15, 17}},
		{"three players to the end, a player skipped", "three-player-game.json", 0,
			map[int]float32{25: 0.05, 47: 0.15}, map[int]string{25: "inaccuracy", 47: "blunder"}, []int{15, 17, 25}},
		{"four players to the end", "four-player-game.json", 0,
			map[int]float32{9: 0.1, 60: 0.16}, map[int]string{9: "mistake", 60: "blunder", 10: "good"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g := testGame(t, tc.file, tc.moves)
			n := g.Rules.Players
			// Position i: the player to move's win rate rises with i, the
			// others share the rest; finished positions as the result.
			rates := make([]map[string]float32, len(g.Moves)+1)
			for i := range rates {
				rates[i] = map[string]float32{}
				for c := 0; c < n; c++ {
					rates[i][grid.Color(c).String()] = float32(math.Round(float64(0.2+0.01*float32((i+c)%20))*1e4) / 1e4)
				}
			}
			analyses := make([]*analysis.Analysis, len(rates))
			for i := range analyses {
				a := &analysis.Analysis{RootInfo: analysis.RootInfo{Winrates: seats(rates[i], n)}, MoveInfos: []analysis.MoveInfo{}}
				if i < len(g.Moves) {
					mover := g.Movers[i].String()
					after := rates[i+1][mover]
					best := g.Moves[i].String()
					if l, ok := tc.losses[i]; ok || tc.class[i] == "good" {
						best = "A1-A1:N"
						after += l
					}
					a.MoveInfos = []analysis.MoveInfo{{Move: mv(best), Winrate: after, PV: mvs(best)}}
				}
				analyses[i] = a
			}
			res := buildReview(g, analyses, 3)
			if len(res.Players) != n || len(res.WinrateCurve) != len(g.Moves)+1 || len(res.Accuracy) != n {
				t.Fatalf("players %v, %d curve points, accuracy %v", res.Players, len(res.WinrateCurve), res.Accuracy)
			}
			for i, p := range res.WinrateCurve {
				if len(p.Winrates) != n || p.RedWinrate() != rates[i]["red"] {
					t.Fatalf("point %d: %+v", i, p)
				}
			}
			for i, mr := range res.Moves {
				mover := g.Movers[i].String()
				if mr.Player != g.Movers[i] || mr.PlayedWinrate != rates[i+1][mover] {
					t.Errorf("move %d %s: player %s played %v, want %s %v", i, mr.Move, mr.Player, mr.PlayedWinrate, mover, rates[i+1][mover])
				}
				want := "best"
				if c, ok := tc.class[i]; ok {
					want = c
				}
				if mr.Classification != want || math.Abs(float64(mr.Loss-tc.losses[i])) > 1e-4 || mr.Accuracy != review.MultiPlayerThresholds.MoveAccuracy(mr.Loss, 0) || mr.PointsLoss != 0 || mr.BestScoreLead != nil {
					t.Errorf("move %d %s: %s loss %v accuracy %v, want %s %v", i, mr.Move, mr.Classification, mr.Loss, mr.Accuracy, want, tc.losses[i])
				}
			}
			for _, b := range tc.breaks {
				if mr := res.Moves[b]; mr.Move.Kind != grid.Break || res.Moves[b+1].Player != mr.Player {
					t.Errorf("ply %d: %s by %s, then %s: want a break followed by the same player's turn", b, mr.Move, mr.Player, res.Moves[b+1].Player)
				}
			}
			for k, km := range res.KeyMoves {
				mover := res.Moves[km.Ply].Player
				want := float32(math.Round(float64(rates[km.Ply+1][mover.String()]-rates[km.Ply][mover.String()])*1e4) / 1e4)
				if km.Player != mover || km.Swing != want {
					t.Errorf("key move %d: %+v, want %s's swing %v", k, km, mover, want)
				}
				if k > 0 && math.Abs(float64(km.Swing)) > math.Abs(float64(res.KeyMoves[k-1].Swing)) {
					t.Errorf("key moves out of order: %+v", res.KeyMoves)
				}
			}
		})
	}
}

// reviewMulti reviews g with the heuristic analyzer (the deterministic
// test evaluator) at visits per position, as a review job assembles it.
func reviewMulti(t testing.TB, g *engine.Game, visits int) *ReviewResult {
	t.Helper()
	positions := g.Positions()
	analyses := make([]*analysis.Analysis, len(positions))
	an := heuristicAnalyzer()
	for i := range positions {
		a, err := an.AnalyzeTurn(context.Background(), analysis.FullQuery(visits), positions, i, analysis.RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		analyses[i] = a
	}
	res := assembleReview(g, positions, analyses, 3, true)
	res.Visits, res.Model = visits, an.ModelFor(g.Rules.Players)
	res.RatingEstimate = review.EstimateRatings(nil, res)
	return res
}

// TestReviewMultiPlayerGames reviews a whole three-player game (three wall
// breaks, Green skipped once settled) and a four-player game (players
// skipped at the end) with the max-n search: every point has each
// player's win rate in [0, 1], the curve's last point is the game's
// result, every move is classified and explained, the turning points are
// the multi-player kinds, and nothing is proven or rated.
func TestReviewMultiPlayerGames(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"three-player-game.json", "four-player-game.json"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			g := testGame(t, file, 0)
			res := reviewMulti(t, g, 12)
			n := g.Rules.Players
			for _, p := range res.WinrateCurve {
				if len(p.Winrates) != n {
					t.Fatalf("ply %d: %v", p.Ply, p.Winrates)
				}
				for c, v := range p.Winrates {
					if v < 0 || v > 1 {
						t.Fatalf("ply %d: seat %d %v", p.Ply, c, v)
					}
				}
			}
			last := res.WinrateCurve[len(res.WinrateCurve)-1].Winrates
			if w := g.Final.Result().Winner(); w != grid.NoColor && last[w] != 1 {
				t.Errorf("the final point %v does not give the winner %s 1", last, w)
			}
			for _, mr := range res.Moves {
				if mr.Classification == "" || mr.BestMove == (grid.Move{}) || mr.Proof != nil {
					t.Errorf("move %d %s: %+v", mr.Ply, mr.Move, mr)
				}
				if mr.Explanation == nil && mr.Move.Kind != grid.Break {
					t.Errorf("move %d %s has no explanation", mr.Ply, mr.Move)
				}
			}
			for _, tp := range res.TurningPoints {
				if tp.Proof != nil || tp.Summary == "" || tp.Kind == "" {
					t.Errorf("turning point %+v", tp)
				}
			}
			if len(res.Accuracy) != n || res.RatingEstimate != nil || len(res.KeyMoves) != 3 {
				t.Errorf("accuracy %v, rating %v, key moves %v", res.Accuracy, res.RatingEstimate, res.KeyMoves)
			}
		})
	}
}

// TestReviewThreePlayerGolden pins the review JSON of a short
// three-player game with two wall breaks under the heuristic analyzer
// (go test ./service/jobs -run TestReviewThreePlayerGolden -update
// rewrites it).
func TestReviewThreePlayerGolden(t *testing.T) {
	t.Parallel()
	res := reviewMulti(t, testGame(t, "three-player-game.json", 19), 16)
	got, err := json.MarshalIndent(reviewrow.From(res), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "review-three-players.golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the review differs from %s (-update rewrites it):\n%s", path, got)
	}
}
