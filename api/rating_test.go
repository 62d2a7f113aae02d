package api_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/rating"
)

// testRatings is a rating calibration for the heuristic evaluator's
// reviews at 24 visits: the route's plumbing is tested here, the
// estimate's accuracy in service/rating and service/jobs.
const testRatings = `{"calibrations": [{"model": "heuristic-voronoi-v1", "visits": 24, "inaccuracyPoints": 0.9, "terms": ["const", "logLoss"],
 "coef": [-1800, -750], "minOpen": 2, "range": [-670, 1850], "within": 300, "between": 150, "z": 2}]}`

func loadTestRatings(t *testing.T) *rating.File {
	t.Helper()
	path := filepath.Join(t.TempDir(), rating.FileName)
	if err := os.WriteFile(path, []byte(testRatings), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := rating.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestRatingEstimate reviews two games and one at other visits, reads
// each review's ratingEstimate and combines the games of one player.
func TestRatingEstimate(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{jobParallel: 2, ratings: loadTestRatings(t)})
	ts.needsPostgres()
	other := reviewGame[:8]
	var ids []string
	for _, req := range []map[string]any{
		{"moves": reviewGame, "maxVisits": 24},
		{"moves": other, "maxVisits": 24},
		{"moves": reviewGame, "maxVisits": 16},
	} {
		var j jobs.Job
		if code := ts.do("POST", "/v1/reviews", req, &j); code != 202 {
			t.Fatalf("POST /v1/reviews: %d", code)
		}
		ts.waitJob(j.ID, time.Minute, "succeeded")
		ids = append(ids, j.ID)
	}
	var singles []rating.Estimate
	for i, id := range ids {
		var rj wire.ReviewJob
		if code := ts.do("GET", "/v1/reviews/"+id, nil, &rj); code != 200 {
			t.Fatalf("GET review: %d", code)
		}
		est := rj.Result.RatingEstimate
		if i == 2 {
			if est != nil {
				t.Errorf("a review at 16 visits, which no calibration covers, has an estimate: %+v", est)
			}
			continue
		}
		red, ok := est["red"]
		if !ok || est["blue"].Games != 1 || red.Games != 1 || red.Interval[0] >= red.Rating || red.Interval[1] <= red.Rating {
			t.Fatalf("review %d: ratingEstimate %+v", i, est)
		}
		singles = append(singles, red)
	}
	var res jobs.RatingResult
	body := map[string]any{"games": []map[string]string{{"review": ids[0], "player": "red"}, {"review": ids[1], "player": "red"}}}
	if code := ts.do("POST", "/v1/ratings/estimate", body, &res); code != 200 {
		t.Fatalf("POST /v1/ratings/estimate: %d", code)
	}
	width := func(e rating.Estimate) float64 { return e.Interval[1] - e.Interval[0] }
	// The combination averages the games' predictions before clamping
	// them to the calibrated range, so it lies between the two games'.
	lo, hi := min(singles[0].Rating, singles[1].Rating), max(singles[0].Rating, singles[1].Rating)
	if res.Estimate.Games != 2 || width(res.Estimate) >= width(singles[0]) || res.Estimate.Rating < lo || res.Estimate.Rating > hi ||
		len(res.Games) != 2 || res.Games[0].Estimate == nil || *res.Games[0].Estimate != singles[0] || res.Visits != 24 {
		t.Errorf("combined %+v from %+v", res, singles)
	}

	unknown := "00000000-0000-0000-0000-000000000000"
	tests := []struct {
		name  string
		body  any
		code  int
		field string
	}{
		{"no games", map[string]any{"games": []any{}}, 400, "games"},
		{"a colour that is not", map[string]any{"games": []map[string]string{{"review": ids[0], "player": "green"}}}, 400, "games[0].player"},
		{"an unknown review", map[string]any{"games": []map[string]string{{"review": ids[0], "player": "red"}, {"review": unknown, "player": "blue"}}}, 404, "games[1].review"},
		{"another number of visits", map[string]any{"games": []map[string]string{{"review": ids[0], "player": "red"}, {"review": ids[2], "player": "red"}}}, 400, "games[1].review"},
		{"no calibration", map[string]any{"games": []map[string]string{{"review": ids[2], "player": "red"}}}, 400, "games[0].review"},
		{"an unknown field", map[string]any{"games": []map[string]string{{"review": ids[0], "player": "red", "colour": "red"}}}, 400, "games[0].colour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e api.ErrorResponse
			if code := ts.do("POST", "/v1/ratings/estimate", tt.body, &e); code != tt.code || e.Error.Field != tt.field {
				t.Errorf("%d %+v, want %d naming %s", code, e.Error, tt.code, tt.field)
			}
		})
	}
}
