package jobs

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/movelevel"
	"github.com/wallzero/wallzero/service/jobs/turning"
	"github.com/wallzero/wallzero/service/levels"
)

// randomGame plays a two-player game of uniformly random moves, to plies
// moves at most, from a fixed seed.
func randomGame(t *testing.T, seed uint64, plies int) *engine.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed))
	rules := engine.DefaultRules()
	pos := engine.NewPosition(rules)
	var moves []string
	for len(moves) < plies && !pos.IsOver() {
		legal := pos.LegalMoves(nil)
		m := legal[rng.IntN(len(legal))]
		moves = append(moves, m.String())
		pos.Apply(m)
	}
	g, err := engine.Record{Rules: rules, Moves: moves}.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestReviewGameLevels reviews a short game of random moves with the
// heuristic analyzer and the shipped ladder's shape: every inaccuracy,
// mistake and blunder has a level (every level the review's 32 visits
// allow checked, the visits to find at most 32) said in its explanation
// and on its turning point, and no other move has one.
func TestReviewGameLevels(t *testing.T) {
	t.Parallel()
	g := randomGame(t, 7, 30)
	prep := &analysis.Prepared{Game: g, Positions: g.Positions()}
	c := analysis.NewCached(analysis.CacheConfig{Analyzer: heuristicAnalyzer()})
	f, err := levels.Load("../../models/levels.json")
	if err != nil {
		t.Fatal(err)
	}
	ladder := movelevel.Ladder(f)
	ladder[4].Visits = 16 // a search level the review's budget allows
	res, err := ReviewGame(context.Background(), c, prep, ReviewOptions{Visits: 32, Parallel: 2, Explain: true, Levels: ladder})
	if err != nil {
		t.Fatal(err)
	}
	leveled := 0
	for _, mr := range res.Moves {
		if !movelevel.Needed(mr.Classification) {
			if mr.Level != nil {
				t.Errorf("move %d (%s) has a level %+v", mr.Ply, mr.Classification, mr.Level)
			}
			continue
		}
		leveled++
		l := mr.Level
		if l == nil {
			t.Fatalf("move %d (%s) has no level", mr.Ply, mr.Classification)
		}
		if len(l.Checked) != 5 || l.VisitsToFind < 16 || l.VisitsToFind > 32 || l.BestPrior <= 0 || l.BestPrior > 1 {
			t.Errorf("move %d: level %+v", mr.Ply, l)
		}
		if (l.Lowest == nil) != (len(l.Finders) == 0) || l.Lowest != nil && l.LowestName != l.Finders[0] {
			t.Errorf("move %d: lowest %q, finders %v", mr.Ply, l.LowestName, l.Finders)
		}
		if !strings.Contains(mr.Explanation.Text, "the search needs") || !strings.Contains(mr.Explanation.Text, mr.BestMove.String()) {
			t.Errorf("move %d: explanation %q", mr.Ply, mr.Explanation.Text)
		}
	}
	if leveled == 0 {
		t.Fatal("the random game has no inaccuracy")
	}
	t.Logf("%d of %d moves leveled", leveled, len(res.Moves))
	for _, tp := range res.TurningPoints {
		mr := res.Moves[tp.Ply]
		if tp.Level != mr.Level || tp.Kind == turning.Missed && tp.Level == nil || tp.Level != nil && tp.Text != mr.Explanation.Text {
			t.Errorf("turning point %+v, move level %+v", tp, mr.Level)
		}
	}
	// Without a ladder the review is as before.
	plain, err := ReviewGame(context.Background(), c, prep, ReviewOptions{Visits: 32, Parallel: 2, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, mr := range plain.Moves {
		if mr.Level != nil || mr.Explanation != nil && strings.Contains(mr.Explanation.Text, "the search needs") {
			t.Errorf("move %d has a level without a ladder", mr.Ply)
		}
	}
}
