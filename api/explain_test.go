package api_test

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/api"
)

// TestAnalyzeExplanations: /v1/analyze accepts includeExplanations and
// explains the move played at each asked turn, with both lines played out;
// a wrong type for the flag is refused naming the field.
func TestAnalyzeExplanations(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	moves := []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-E2:S", "E4-D4:W"}
	q := map[string]any{"moves": moves, "maxVisits": 16, "analyzeTurns": []int{4, 7}, "includeExplanations": true}
	var res analyzeResponse
	if code := ts.do("POST", "/v1/analyze", q, &res); code != 200 || len(res.Analyses) != 2 {
		var why api.ErrorResponse
		ts.do("POST", "/v1/analyze", q, &why)
		t.Fatalf("analyze: %d %+v", code, why)
	}
	e := res.Analyses[0].Explanation
	if e == nil || e.Played.Move != "E5-E4:N" || e.Text == "" || e.Played.Playout == nil || len(e.Played.Playout.Moves) == 0 {
		t.Fatalf("turn 4: explanation %+v", e)
	}
	if e.Best != nil && (e.Best.Playout == nil || !strings.Contains(e.Text, e.Best.Move[:2])) {
		t.Errorf("turn 4: best %+v in %q", e.Best, e.Text)
	}
	if e := res.Analyses[1].Explanation; e == nil || e.Played.Move != res.Analyses[1].MoveInfos[0].Move || e.Best != nil {
		t.Errorf("turn 7 (end of the record): %+v, want the best move alone", e)
	}
	q["includeExplanations"] = "yes"
	var bad api.ErrorResponse
	if code := ts.do("POST", "/v1/analyze", q, &bad); code != 400 || bad.Error.Field != "includeExplanations" {
		t.Errorf("a string flag: %d %+v", code, bad)
	}
}
