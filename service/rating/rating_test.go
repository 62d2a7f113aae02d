package rating

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFeaturesOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		moves []Move
		want  Features
	}{
		{"none", nil, Features{}},
		{"all open", []Move{{Loss: 0, Best: true, BestWinrate: 0.5}, {Loss: 0.2, BestWinrate: 0.6}, {Loss: 0.04, BestWinrate: 0.4}, {Loss: 0, Best: true, BestWinrate: 0.5}},
			Features{Moves: 4, Open: 4, MeanLoss: 0.06, BestShare: 0.5, MistakeShare: 0.25}},
		{"decided moves left out", []Move{{Loss: 0.1, BestWinrate: 0.5}, {Loss: 0.01, BestWinrate: 0.99}, {Loss: 0, BestWinrate: 0.01}},
			Features{Moves: 3, Open: 1, MeanLoss: 0.1, MistakeShare: 1}},
		{"only decided: the mean over all", []Move{{Loss: 0.02, BestWinrate: 0.99}, {Loss: 0, Best: true, BestWinrate: 1}},
			Features{Moves: 2, MeanLoss: 0.01}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := FeaturesOf(tt.moves, 0, 200)
			if got.Moves != tt.want.Moves || got.Open != tt.want.Open || !near(got.MeanLoss, tt.want.MeanLoss) ||
				!near(got.BestShare, tt.want.BestShare) || !near(got.MistakeShare, tt.want.MistakeShare) {
				t.Errorf("FeaturesOf = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestFeaturesOfPoints: the points loss counts over every move, decided
// ones included, and the class shares and the review's accuracy come from
// the review's own fields.
func TestFeaturesOfPoints(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                                string
		moves                               []Move
		accuracy                            float64
		meanPoints, openPoints, good, worst float64
	}{
		{"none", nil, 0, 0, 0, 0, 0},
		{"decided moves count in the mean", []Move{
			{Loss: 0, Best: true, BestWinrate: 0.5, Class: "best"},
			{Loss: 0.02, BestWinrate: 0.5, PointsLoss: 2, Class: "inaccuracy"},
			{Loss: 0, BestWinrate: 0.99, PointsLoss: 6, Class: "blunder"},
			{Loss: 0, BestWinrate: 0.01, PointsLoss: 0, Class: "good"},
		}, 61.5, 2, 1, 0.5, 0.25},
		{"only decided: open points are the mean", []Move{{BestWinrate: 1, PointsLoss: 3, Class: "mistake"}}, 40, 3, 3, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := FeaturesOf(tt.moves, tt.accuracy, 200)
			if !near(f.MeanPoints, tt.meanPoints) || !near(f.OpenPoints, tt.openPoints) || !near(f.ClassGood, tt.good) ||
				!near(f.ClassBlunder, tt.worst) || f.ReviewAccuracy != tt.accuracy {
				t.Errorf("FeaturesOf = %+v", f)
			}
		})
	}
}

// TestFeaturesOfLevels: the missed moves' visits to find are averaged in
// logs over the moves the review measured; nothing missed reads as the
// review's own visits, and a missed move without a level leaves the
// levels unknown.
func TestFeaturesOfLevels(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name            string
		moves           []Move
		missed, leveled int
		logVisits       float64
		known           bool
	}{
		{"nothing missed: the review's visits", []Move{{Class: "best"}, {Class: "good"}}, 0, 0, math.Log(200), true},
		{"the mean of the logs", []Move{{Class: "mistake", VisitsToFind: 16}, {Class: "good"}, {Class: "blunder", VisitsToFind: 64}},
			2, 2, math.Log(32), true},
		{"a missed move without a level", []Move{{Class: "inaccuracy", VisitsToFind: 128}, {Class: "mistake"}},
			2, 1, math.Log(128), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := FeaturesOf(tt.moves, 0, 200)
			if f.Missed != tt.missed || f.Leveled != tt.leveled || !near(f.MissedLogVisits, tt.logVisits) || f.LevelsKnown() != tt.known {
				t.Errorf("FeaturesOf = %+v, want missed %d leveled %d log visits %.4f known %v", f, tt.missed, tt.leveled, tt.logVisits, tt.known)
			}
		})
	}
}

// TestUsableNeedsLevels: a mapping that reads the missed moves' levels
// gives no estimate for a review without them; one that does not, does.
func TestUsableNeedsLevels(t *testing.T) {
	t.Parallel()
	open := make([]Move, 6)
	for i := range open {
		open[i] = Move{BestWinrate: 0.5, Class: "good"}
	}
	open[0] = Move{Loss: 0.2, BestWinrate: 0.5, Class: "mistake"} // no level measured
	f := FeaturesOf(open, 0, 200)
	plain := &Calibration{Terms: []string{"const", "logLoss"}, Coef: []float64{0, 1}, MinOpen: 5, Range: [2]float64{-1000, 2000}}
	leveled := &Calibration{Terms: []string{"const", "missedLogVisits"}, Coef: []float64{0, 1}, MinOpen: 5, Range: [2]float64{-1000, 2000}}
	if !plain.Usable(f) {
		t.Error("a mapping without level terms refused a review without levels")
	}
	if leveled.Usable(f) {
		t.Error("a mapping on the levels estimated a review that has none")
	}
	if why := leveled.Unusable(f); !strings.Contains(why, "1 of 1 missed moves have no level") {
		t.Errorf("Unusable = %q, want the missed moves without a level named", why)
	}
	if why := plain.Unusable(FeaturesOf(open[:3], 0, 200)); why != "3 moves in open positions, at least 5 are needed" {
		t.Errorf("Unusable with 3 open moves = %q", why)
	}
	open[0].VisitsToFind = 32
	if f := FeaturesOf(open, 0, 200); !leveled.Usable(f) {
		t.Errorf("a mapping on the levels refused a review with them: %+v", f)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// synthetic makes games of players whose true rating is a known linear
// function of log(mean loss), with a per-player bias and per-game noise
// of known sizes.
func synthetic(seed uint64, players, games int, bias, noise float64) []Sample {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []Sample
	for p := range players {
		r := -600 + 2100*float64(p)/float64(players-1)
		b := rng.NormFloat64() * bias
		for range games {
			// rating = -1800 - 750 * log(loss+0.005) + bias + noise
			logLoss := (-1800 - r + b + rng.NormFloat64()*noise) / 750
			loss := max(0, math.Exp(logLoss)-0.005)
			out = append(out, Sample{Player: string(rune('A' + p)), Rating: r,
				Features: Features{Moves: 20, Open: 20, MeanLoss: loss, BestShare: 0.5}})
		}
	}
	return out
}

func TestFitRecoversTheMapping(t *testing.T) {
	t.Parallel()
	train := synthetic(1, 12, 40, 60, 200)
	c, err := Fit(train, FitOptions{Model: "m", Visits: 200, Terms: []string{"const", "logLoss"}, MinOpen: 5})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(c.Coef[1]+750) > 75 || math.Abs(c.Coef[0]+1800) > 300 {
		t.Errorf("coefficients %v, want about [-1800 -750]", c.Coef)
	}
	if math.Abs(c.Within-200) > 30 || c.Between > 150 {
		t.Errorf("within %.0f (want about 200), between %.0f (want about 60)", c.Within, c.Between)
	}
	if c.Z < 1.5 || c.Z > 2.5 || c.Range != [2]float64{-600, 1500} {
		t.Errorf("z %.2f, range %v", c.Z, c.Range)
	}
	// Fresh games of fresh players: the intervals hold, and combining
	// five games narrows them and lowers the error.
	held := synthetic(2, 12, 20, 60, 200)
	one, five := c.Check(held, 1), c.Check(held, 5)
	if one.Coverage < 0.9 || five.Coverage < 0.9 {
		t.Errorf("coverage %.3f alone, %.3f over five games; want >= 0.9", one.Coverage, five.Coverage)
	}
	if five.MeanWidth >= one.MeanWidth || five.MAE >= one.MAE {
		t.Errorf("five games: width %.0f, MAE %.0f; one game: width %.0f, MAE %.0f", five.MeanWidth, five.MAE, one.MeanWidth, one.MAE)
	}
	if one.Estimates != 240 || five.Estimates != 48 {
		t.Errorf("%d and %d estimates, want 240 and 48", one.Estimates, five.Estimates)
	}
}

func TestFitRefusesTooLittle(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		samples []Sample
		terms   []string
		want    string
	}{
		{"unknown term", synthetic(1, 6, 5, 0, 100), []string{"const", "luck"}, `unknown term "luck"`},
		{"too few players", synthetic(1, 3, 5, 0, 100), []string{"const", "logLoss"}, "too few"},
		{"a constant term twice", synthetic(1, 6, 5, 0, 100), []string{"const", "bestShare"}, "singular"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Fit(tt.samples, FitOptions{Model: "m", Visits: 1, Terms: tt.terms, MinOpen: 1})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want %q", err, tt.want)
			}
		})
	}
}

func TestEstimate(t *testing.T) {
	t.Parallel()
	c := &Calibration{Model: "m", Visits: 200, Terms: []string{"const", "logLoss"}, Coef: []float64{-1800, -750}, MinOpen: 5,
		Range: [2]float64{-700, 1900}, Within: 200, Between: 100, Z: 2}
	strong := Features{Moves: 20, Open: 20, MeanLoss: 0.01}
	weak := Features{Moves: 20, Open: 20, MeanLoss: 0.10}
	s, ok1 := c.Estimate(strong)
	w, ok2 := c.Estimate(weak)
	if !ok1 || !ok2 || s.Rating <= w.Rating {
		t.Fatalf("strong %+v, weak %+v", s, w)
	}
	// One game: ±2·sqrt(100²+200²) = ±447.
	if want := 2 * math.Sqrt(100*100+200*200); math.Abs((s.Interval[1]-s.Interval[0])/2-want) > 1 || s.Games != 1 {
		t.Errorf("one game: %+v, want ±%.0f", s, want)
	}
	four, _ := c.Combine([]Features{strong, strong, strong, strong})
	if want := 2 * math.Sqrt(100*100+200*200/4.0); math.Abs((four.Interval[1]-four.Interval[0])/2-want) > 1 || four.Games != 4 || four.Rating != s.Rating {
		t.Errorf("four games: %+v, want %v ±%.0f", four, s.Rating, want)
	}
	// Clamped to the calibrated range.
	if e, _ := c.Estimate(Features{Open: 20, MeanLoss: 0.9}); e.Rating != -700 {
		t.Errorf("a hopeless game: %+v, want the range's bottom", e)
	}
	if e, _ := c.Estimate(Features{Open: 20, MeanLoss: 0}); e.Rating != 1900 {
		t.Errorf("a flawless game: %+v, want the range's top", e)
	}
	// Too few open moves: no estimate, and left out of a combination.
	short := Features{Moves: 4, Open: 4, MeanLoss: 0.5}
	if _, ok := c.Estimate(short); ok {
		t.Error("an estimate from 4 open moves")
	}
	if e, ok := c.Combine([]Features{short, strong}); !ok || e.Games != 1 || e.Rating != s.Rating {
		t.Errorf("combined with a short game: %+v %v", e, ok)
	}
}

func TestLoad(t *testing.T) {
	t.Parallel()
	good := `{"calibrations":[{"model":"m","visits":200,"inaccuracyPoints":0.9,"terms":["const","logLoss"],"coef":[3000,600],"minOpen":5,"range":[-700,1900],"within":200,"between":100,"z":2}]}`
	tests := []struct{ name, body, want string }{
		{"good", good, ""},
		{"unknown term", strings.Replace(good, `"logLoss"`, `"luck"`, 1), `calibrations[0]: unknown term "luck"`},
		{"terms and coefficients", strings.Replace(good, `[3000,600]`, `[3000]`, 1), "2 terms and 1 coefficients"},
		{"no model", strings.Replace(good, `"m"`, `""`, 1), "model, visits and inaccuracyPoints are required"},
		{"bad spread", strings.Replace(good, `"within":200`, `"within":0`, 1), "within, z and the range"},
		{"not json", "{", "unexpected end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), FileName)
			if err := os.WriteFile(path, []byte(tt.body), 0o600); err != nil {
				t.Fatal(err)
			}
			f, err := Load(path)
			if tt.want == "" {
				if err != nil || f.For("m", 200, 0.9) == nil || f.For("m", 100, 0.9) != nil || f.For("other", 200, 0.9) != nil || f.For("m", 200, 1.5) != nil {
					t.Errorf("Load: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want %q", err, tt.want)
			}
		})
	}
	var none *File
	if none.For("m", 200, 0.9) != nil {
		t.Error("a nil file has a calibration")
	}
}
