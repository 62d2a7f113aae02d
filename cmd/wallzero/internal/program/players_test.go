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

// TestPolicySpecTemp: temp=T makes a policy player sample; values outside
// (0, 10] are refused by name.
func TestPolicySpecTemp(t *testing.T) {
	t.Parallel()
	build := PlayerConstructor(NewEvaluators(ModelFlags{}), nil)
	for _, tc := range []struct {
		spec    string
		wantErr string
	}{
		{"policy:model=heuristic,temp=0.5", ""},
		{"policy:model=heuristic,temp=2", ""},
		{"policy:model=heuristic,temp=0", "temp must be a number in (0, 10]"},
		{"policy:model=heuristic,temp=hot", "temp must be"},
		{"policy:model=heuristic,heat=1", `unknown option "heat"`},
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

// TestSlipSpec: slip=P+SPEC wraps any player spec, a search's included,
// and keeps the whole spec as its name; a missing inner spec, a
// probability that is not one and an unknown inner player are refused.
func TestSlipSpec(t *testing.T) {
	t.Parallel()
	build := PlayerConstructor(NewEvaluators(ModelFlags{}), nil)
	for _, tc := range []struct {
		spec    string
		wantErr string
	}{
		{"slip=0.25+voronoi-hard", ""},
		{"slip=0.1+mcts:visits=10,model=heuristic,score=1", ""},
		{"slip=0+random", ""},
		{"slip=0.25", "want slip=P+SPEC"},
		{"slip=often+voronoi-hard", "want slip=P+SPEC"},
		{"slip=1.5+voronoi-hard", "want 0..1"},
		{"slip=0.2+nobody", `unknown player "nobody"`},
	} {
		p, err := build(tc.spec, 1)
		switch {
		case tc.wantErr == "" && (err != nil || p == nil || p.Spec() != tc.spec):
			t.Errorf("%s: %v (spec %v)", tc.spec, err, p)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: error %v, want %q", tc.spec, err, tc.wantErr)
		}
	}
}
