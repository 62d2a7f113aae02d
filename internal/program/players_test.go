package program

import (
	"strings"
	"testing"
)

// TestMCTSSpecCalls: calls=N splits a search player's leaves into N
// evaluator calls, at most one per leaf; other values are refused by name.
func TestMCTSSpecCalls(t *testing.T) {
	t.Parallel()
	build := PlayerConstructor(NewEvaluators(ModelFlags{}), nil)
	for _, tc := range []struct {
		spec    string
		wantErr string
	}{
		{"mcts:visits=10,model=heuristic,calls=2", ""},
		{"mcts:visits=10,model=heuristic,batch=16,calls=16", ""},
		{"mcts:visits=10,model=heuristic,calls=9", "calls must be a positive integer no larger than batch (8)"},
		{"mcts:visits=10,model=heuristic,batch=4,calls=8", "no larger than batch (4)"},
		{"mcts:visits=10,model=heuristic,calls=0", "calls must be"},
		{"mcts:visits=10,model=heuristic,calls=two", "calls must be"},
	} {
		p, err := build(tc.spec, 1)
		switch {
		case tc.wantErr == "" && (err != nil || p == nil):
			t.Errorf("%s: %v", tc.spec, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: error %v, want %q", tc.spec, err, tc.wantErr)
		}
	}
}
