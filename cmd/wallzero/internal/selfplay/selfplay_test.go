package selfplay

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/inference/format"
)

func TestFloat16(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   float32
		want uint16
	}{
		{0, 0}, {1, 0x3C00}, {0.5, 0x3800}, {-2, 0xC000}, {0.25, 0x3400},
		{65504, 0x7BFF}, {1e6, 0x7C00}, {float32(math.Pow(2, -24)), 0x0001}, {1.0 / 3, 0x3555},
	} {
		if got := float16(tc.in); got != tc.want {
			t.Errorf("float16(%v) = %#04x, want %#04x", tc.in, got, tc.want)
		}
	}
}

// TestGameSamples plays a short self-play game on the heuristic evaluator
// and checks the samples' targets against the final position.
func TestGameSamples(t *testing.T) {
	t.Parallel()
	cfg := Config{FullVisits: 16, FastVisits: 4, FullProb: 0.5, SampleMoves: 4, LeafBatch: 4}
	rules := engine.DefaultRules()
	g, err := PlayGame(context.Background(), inference.Heuristic{}, cfg, rules, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Samples) == 0 || g.Plies < 10 {
		t.Fatalf("%d samples over %d plies", len(g.Samples), g.Plies)
	}
	for i, s := range g.Samples {
		var sum float32
		for _, e := range s.policy {
			sum += e.prob
			if int(e.action) >= format.TwoPlayer.NumActions() || e.prob < 0 {
				t.Fatalf("sample %d: policy entry %d (p=%v) is not an action", i, e.action, e.prob)
			}
		}
		if math.Abs(float64(sum-1)) > 1e-3 {
			t.Errorf("sample %d: policy sums to %v", i, sum)
		}
		wantValue := float32(0)
		switch g.Winner {
		case s.toMove:
			wantValue = 1
		case 1 - s.toMove:
			wantValue = -1
		}
		if s.q[0] < 0 || s.q[0] > 1 {
			t.Errorf("sample %d: q %v outside [0, 1]", i, s.q[0])
		}
		if s.value[0] != wantValue || s.margin != float32(g.Score[s.toMove]-g.Score[1-s.toMove]) {
			t.Errorf("sample %d: value %v margin %v, game %v %v", i, s.value[0], s.margin, g.Winner, g.Score)
		}
		own := 0
		for _, o := range s.ownership {
			if o == 1 {
				own++
			}
		}
		if own != g.Score[s.toMove] {
			t.Errorf("sample %d: %d own squares, score %d", i, own, g.Score[s.toMove])
		}
	}
}

// TestGenerateStopAfter checks that Generate plays every game asked for
// without a deadline, starts none once StopAfter has passed, and still
// flushes the writer.
func TestGenerateStopAfter(t *testing.T) {
	t.Parallel()
	cfg := Config{FullVisits: 4, FastVisits: 2, FullProb: 1, LeafBatch: 1}
	rules := []engine.Rules{engine.DefaultRules()}
	for _, tc := range []struct {
		name      string
		stopAfter time.Time
		want      int
	}{
		{"no deadline", time.Time{}, 3},
		{"deadline passed", time.Now().Add(-time.Second), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w, err := NewWriter(t.TempDir(), 1000, format.TwoPlayer)
			if err != nil {
				t.Fatal(err)
			}
			c := cfg
			c.StopAfter = tc.stopAfter
			st, err := Generate(context.Background(), inference.Heuristic{}, c, rules, 3, 2, 1, w, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Games != tc.want {
				t.Errorf("games = %d, want %d", st.Games, tc.want)
			}
		})
	}
}
