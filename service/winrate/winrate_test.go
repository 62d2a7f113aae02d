package winrate

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// synthetic draws n games of m positions each whose true chance is
// sigmoid(a*logit(p) + b) for a prediction p drawn uniformly, each
// position's result drawn from its own chance.
func synthetic(n, m int, a, b float64, seed uint64) []Sample {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []Sample
	for g := range n {
		for range m {
			p := 0.02 + 0.96*rng.Float64()
			truth := sigmoid(a*logit(p) + b)
			y := 0.0
			if rng.Float64() < truth {
				y = 1
			}
			out = append(out, Sample{Game: g, P: p, Y: y})
		}
	}
	return out
}

func TestFitPlattRecoversTheMap(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		a, b float64
	}{
		{"identity", 1, 0},
		{"too close to one half", 2, 0},
		{"leaning to a seat", 1.5, -0.4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			samples := synthetic(400, 25, tc.a, tc.b, 7)
			m, err := FitPlatt(samples, 0)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(m.A-tc.a) > 0.1 || math.Abs(m.B-tc.b) > 0.1 {
				t.Errorf("fit a=%.3f b=%.3f, want a=%.2f b=%.2f", m.A, m.B, tc.a, tc.b)
			}
			before := Table(samples, 10, 0, 0).ECE
			after := Table(Applied(samples, m), 10, 0, 0).ECE
			if after > 0.02 {
				t.Errorf("ECE after the fit %.3f (before %.3f), want at most 0.02", after, before)
			}
			if tc.a != 1 && after >= before {
				t.Errorf("the fit did not improve the ECE: %.3f before, %.3f after", before, after)
			}
		})
	}
}

func TestFitPlattRefusesTooLittle(t *testing.T) {
	t.Parallel()
	if _, err := FitPlatt(synthetic(1, 10, 1, 0, 1), 0); err == nil || !strings.Contains(err.Error(), "at least 20") {
		t.Errorf("error %v, want one asking for more predictions", err)
	}
	flat := make([]Sample, 50)
	for i := range flat {
		flat[i] = Sample{Game: i, P: 0.5, Y: float64(i % 2)}
	}
	if _, err := FitPlatt(flat, 0); err == nil {
		t.Error("a fit on predictions that never vary succeeded")
	}
}

func TestTableBinsAndInterval(t *testing.T) {
	t.Parallel()
	samples := synthetic(300, 20, 2, 0, 3)
	r := Table(samples, 10, 400, 1)
	if r.N != len(samples) || r.Games != 300 {
		t.Fatalf("N %d games %d", r.N, r.Games)
	}
	n := 0
	for _, b := range r.Bins {
		n += b.N
		if b.N > 0 && (b.Predicted < b.Low || b.Predicted > b.High) {
			t.Errorf("bin %.1f-%.1f has mean prediction %.3f", b.Low, b.High, b.Predicted)
		}
	}
	if n != r.N {
		t.Errorf("bins hold %d of %d", n, r.N)
	}
	// Predictions too close to one half: low bins come true less often
	// than predicted, high bins more.
	if lo, hi := r.Bins[1], r.Bins[8]; !(lo.Observed < lo.Predicted) || !(hi.Observed > hi.Predicted) {
		t.Errorf("bins 1 and 8: %+v %+v", lo, hi)
	}
	if !(r.ECELow <= r.ECE && r.ECE <= r.ECEHigh) || r.ECEHigh-r.ECELow <= 0 {
		t.Errorf("ECE %.3f outside its interval [%.3f, %.3f]", r.ECE, r.ECELow, r.ECEHigh)
	}
	if r.ECE < 0.05 {
		t.Errorf("ECE %.3f of predictions twice too timid, want more than 0.05", r.ECE)
	}
}

func TestSeats(t *testing.T) {
	t.Parallel()
	f := &File{Model: "m", Groups: []Group{
		{Players: 2, Opening: engine.OpeningFourStone, Phase: "play", Seats: []Platt{{A: 2, B: 0}}},
		{Players: 3, Phase: "play", Seats: []Platt{{A: 1, B: 0.5}, {A: 1, B: 0}, {A: 1, B: 0}}},
	}}
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	two := Kind{Players: 2, Opening: engine.OpeningFourStone, Phase: engine.Play}
	v := []float32{0.6, 0.4}
	f.Seats(two, v)
	want := sigmoid(2 * logit(0.6))
	if math.Abs(float64(v[0])-want) > 1e-6 || math.Abs(float64(v[0]+v[1])-1) > 1e-6 {
		t.Errorf("two players: %v, want red %.4f and the two summing to one", v, want)
	}
	if got := f.Seat(two, grid.Blue, 0.4); math.Abs(float64(got)-(1-want)) > 1e-6 {
		t.Errorf("Blue's 0.4: %.4f, want %.4f", got, 1-want)
	}
	if got := f.Seat(two, grid.Red, 1); got != 1 {
		t.Errorf("a proven win became %v", got)
	}
	empty := Kind{Players: 2, Opening: engine.OpeningEmpty, Phase: engine.Play}
	if f.Covers(empty) || f.Seat(empty, grid.Red, 0.6) != 0.6 {
		t.Error("a kind without a group was mapped")
	}
	three := []float32{0.4, 0.3, 0.3}
	f.Seats(Kind{Players: 3, Phase: engine.Play}, three)
	if sum := three[0] + three[1] + three[2]; math.Abs(float64(sum)-1) > 1e-6 || !(three[0] > 0.4) {
		t.Errorf("three players: %v, want red raised and a sum of one", three)
	}
}

func TestLoadChecks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		name, body, want string
	}{
		{"no model", `{"groups":[]}`, "model is required"},
		{"bad phase", `{"model":"m","groups":[{"players":2,"phase":"over","seats":[{"a":1,"b":0}]}]}`, "phase"},
		{"seats", `{"model":"m","groups":[{"players":3,"phase":"play","seats":[{"a":1,"b":0}]}]}`, "want 3"},
		{"reversing map", `{"model":"m","groups":[{"players":2,"phase":"play","seats":[{"a":-1,"b":0}]}]}`, "positive"},
		{"not json", `{`, "unexpected end"},
	} {
		path := filepath.Join(dir, tc.name+Suffix)
		if err := os.WriteFile(path, []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want one naming the file and %q", tc.name, err, tc.want)
		}
	}
	good := filepath.Join(dir, "good"+Suffix)
	if err := os.WriteFile(good, []byte(`{"model":"m","visits":200,"groups":[{"players":2,"phase":"play","seats":[{"a":1.3,"b":0.1}]}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Load(good)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(f.ID(), "m/") || len(f.ID()) != len("m/")+8 {
		t.Errorf("ID %q, want the model and an 8-digit digest", f.ID())
	}
	if PathFor("models/wallzero-int8.onnx") != "models/wallzero-int8"+Suffix {
		t.Errorf("PathFor: %s", PathFor("models/wallzero-int8.onnx"))
	}
}

func TestGroupsByRound(t *testing.T) {
	t.Parallel()
	f := &File{Model: "m", Groups: []Group{
		{Players: 2, Phase: "play", ToRound: 12, Seats: []Platt{{A: 2, B: 0}}},
		{Players: 2, Phase: "play", FromRound: 12, Seats: []Platt{{A: 1.2, B: 0}}},
	}}
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		round int
		a     float64
	}{{0, 2}, {11, 2}, {12, 1.2}, {40, 1.2}} {
		k := Kind{Players: 2, Opening: engine.OpeningEmpty, Phase: engine.Play, Round: tc.round}
		want := sigmoid(tc.a * logit(0.7))
		if got := f.Seat(k, grid.Red, 0.7); math.Abs(float64(got)-want) > 1e-6 {
			t.Errorf("round %d: %.4f, want %.4f (a = %.1f)", tc.round, got, want, tc.a)
		}
	}
	bad := &File{Model: "m", Groups: []Group{{Players: 2, Phase: "play", FromRound: 12, ToRound: 12, Seats: []Platt{{A: 1, B: 0}}}}}
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "rounds 12 to 12") {
		t.Errorf("an empty range of rounds: %v", err)
	}
}

func TestFitScaleHoldsNoLean(t *testing.T) {
	t.Parallel()
	samples := synthetic(400, 25, 2, 0.3, 5)
	m, err := FitScale(samples, 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.B != 0 || math.Abs(m.A-2) > 0.25 {
		t.Errorf("scale fit a=%.3f b=%.3f, want b 0 and a near 2", m.A, m.B)
	}
}
