package api_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/levels"
)

// TestReviewLevels runs a review job with the shipped ladder at 24
// visits: every inaccuracy, mistake and blunder has a level, checked
// against the levels a 24-visit review can judge (the Voronoi levels and
// the policy, not the searches at 64 and 400 visits), said in its
// explanation; best and good moves have none.
func TestReviewLevels(t *testing.T) {
	t.Parallel()
	f, err := levels.Load("../models/levels.json")
	if err != nil {
		t.Fatal(err)
	}
	ts := start(t, newDatabase(t), options{jobParallel: 2, reviewLevels: f})
	ts.needsPostgres()
	var j jobs.Job
	if code := ts.do("POST", "/v1/reviews", map[string]any{"moves": reviewGame, "maxVisits": 24}, &j); code != 202 {
		t.Fatalf("POST /v1/reviews: %d", code)
	}
	ts.waitJob(j.ID, time.Minute, "succeeded")
	var rj wire.ReviewJob
	if code := ts.do("GET", "/v1/reviews/"+j.ID, nil, &rj); code != 200 {
		t.Fatalf("GET review: %d", code)
	}
	leveled := 0
	for _, mr := range rj.Result.Moves {
		switch mr.Classification {
		case "best", "good":
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
		if !slices.Equal(l.Checked, []string{"Beginner", "Casual", "Club", "Strong"}) || (l.VisitsToFind != 16 && l.VisitsToFind != 24) ||
			!strings.Contains(mr.Explanation.Text, "visits to prefer it") {
			t.Errorf("move %d: level %+v, explanation %q", mr.Ply, l, mr.Explanation.Text)
		}
	}
	if leveled == 0 {
		t.Error("no move of the game has a level: the test game needs an inaccuracy")
	}
}
