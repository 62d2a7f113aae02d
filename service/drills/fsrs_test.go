package drills

import (
	"math"
	"testing"
	"time"
)

// referenceWeights are the weights of the reference implementations'
// long-term scheduler test (the open-spaced-repetition implementations
// share it; the values below are those with the difficulty's linear
// damping, as in swift-fsrs's fixture).
var referenceWeights = Weights{0.4197, 1.1869, 3.0412, 15.2441, 7.1434, 0.6477, 1.0007, 0.0674, 1.6597, 0.1712,
	1.1178, 2.0225, 0.0904, 0.3025, 2.1214, 0.2498, 2.9466, 0.4891, 0.6468}

// TestLongTermReference: the published reference sequence (good six
// times, again twice, good five times, each answered when due) gives the
// reference intervals, stabilities and difficulties to four decimals.
func TestLongTermReference(t *testing.T) {
	t.Parallel()
	sc := NewScheduler()
	sc.W = referenceWeights
	ratings := []Rating{Good, Good, Good, Good, Good, Good, Again, Again, Good, Good, Good, Good, Good}
	wantDays := []int{3, 13, 48, 155, 445, 1158, 17, 3, 11, 37, 112, 307, 773}
	wantS := []float64{3.0412, 13.0913, 48.1585, 154.9373, 445.0556, 1158.0778, 16.6306, 3.0173, 11.4225, 37.3752, 111.8753, 306.5975, 772.9403}
	wantD := []float64{4.4909, 4.2666, 4.0575, 3.8624, 3.6804, 3.5108, 4.6983, 5.5596, 5.2632, 4.9869, 4.7292, 4.4888, 4.2646}
	now := time.Date(2022, 11, 29, 12, 30, 0, 0, time.UTC)
	var st *State
	for i, r := range ratings {
		next, due := sc.Next(st, r, now)
		if next.Days != wantDays[i] || round4(next.Stability) != wantS[i] || round4(next.Difficulty) != wantD[i] {
			t.Fatalf("answer %d (%s): days %d stability %.4f difficulty %.4f, want %d %.4f %.4f",
				i, r, next.Days, next.Stability, next.Difficulty, wantDays[i], wantS[i], wantD[i])
		}
		st, now = &next, due
	}
	if st.Reps != len(ratings) || st.Lapses != 2 {
		t.Errorf("reps %d lapses %d, want %d 2", st.Reps, st.Lapses, len(ratings))
	}
}

func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// TestIntervalsOrdered: for a new card and a reviewed one, again < hard <
// good < easy in days.
func TestIntervalsOrdered(t *testing.T) {
	t.Parallel()
	sc := NewScheduler()
	now := time.Date(2026, 12, 6, 0, 0, 0, 0, time.UTC)
	first, due := sc.Next(nil, Good, now)
	for _, prev := range []*State{nil, &first} {
		at := now
		if prev != nil {
			at = due
		}
		last := 0
		for g := Again; g <= Easy; g++ {
			st, _ := sc.Next(prev, g, at)
			if st.Days <= last {
				t.Errorf("prev %v: %s gives %d days, not more than the rating before (%d)", prev != nil, g, st.Days, last)
			}
			last = st.Days
		}
	}
}

func TestParseRating(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want Rating
		ok   bool
	}{{"again", Again, true}, {"hard", Hard, true}, {"good", Good, true}, {"easy", Easy, true}, {"Good", 0, false}, {"", 0, false}} {
		r, err := ParseRating(tc.in)
		if (err == nil) != tc.ok || r != tc.want {
			t.Errorf("ParseRating(%q) = %v, %v", tc.in, r, err)
		}
	}
}
