package drills

import (
	"fmt"
	"math"
	"time"
)

// Rating is an answer to a card.
type Rating int

// The four answers, as FSRS numbers them.
const (
	Again Rating = 1
	Hard  Rating = 2
	Good  Rating = 3
	Easy  Rating = 4
)

// ParseRating reads "again", "hard", "good" or "easy".
func ParseRating(s string) (Rating, error) {
	for r, name := range ratingNames {
		if s == name {
			return Rating(r + 1), nil
		}
	}
	return 0, fmt.Errorf("%q: want again, hard, good or easy", s)
}

var ratingNames = [...]string{"again", "hard", "good", "easy"}

// String returns the rating's name.
func (r Rating) String() string {
	if r < Again || r > Easy {
		return fmt.Sprintf("rating(%d)", int(r))
	}
	return ratingNames[r-1]
}

// Weights are FSRS-5's 19 parameters (w0..w18; this long-term scheduler
// reads w0..w16).
type Weights [19]float64

// DefaultWeights are FSRS-5's published defaults.
var DefaultWeights = Weights{0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192,
	1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621}

// Scheduler turns answers into memory states and due dates.
type Scheduler struct {
	// W are the model's weights.
	W Weights
	// Retention is the recall probability a card is due at (0.9).
	Retention float64
	// MaxDays caps an interval (36500).
	MaxDays int
}

// NewScheduler returns the scheduler with the default weights, 90%
// retention and intervals of at most 100 years.
func NewScheduler() *Scheduler {
	return &Scheduler{W: DefaultWeights, Retention: 0.9, MaxDays: 36500}
}

// The forgetting curve's shape: R(t, S) = (1 + factor t / S)^decay, so
// that R(S, S) = 0.9.
const (
	decay  = -0.5
	factor = 19.0 / 81
)

// State is a card's memory after its last answer.
type State struct {
	// Stability is the days until recall falls to 90%; Difficulty is 1..10.
	Stability  float64 `json:"stability" example:"3.17"`
	Difficulty float64 `json:"difficulty" example:"5.28"`
	// Reps counts the answers, Lapses the answers "again" after the first.
	Reps   int `json:"reps" example:"1"`
	Lapses int `json:"lapses" example:"0"`
	// Last is when the card was last answered; Days the interval then set.
	Last time.Time `json:"last"`
	Days int       `json:"days" example:"3"`
} // @name drills.State

// Retrievability is the probability of recall after elapsed days at
// stability s.
func Retrievability(elapsed, s float64) float64 {
	return math.Pow(1+factor*elapsed/s, decay)
}

// Next returns the card's state after answer r at now, from prev (nil: a
// new card), with its due time.
func (sc *Scheduler) Next(prev *State, r Rating, now time.Time) (State, time.Time) {
	var next [4]State // the state after each rating, to keep their intervals ordered
	var elapsed float64
	for g := Again; g <= Easy; g++ {
		st := &next[g-1]
		if prev == nil {
			st.Stability, st.Difficulty = sc.W[g-1], clampD(sc.initDifficulty(g))
			continue
		}
		*st = *prev
		elapsed = math.Max(0, float64(now.Sub(prev.Last).Hours())/24)
		elapsed = math.Floor(elapsed + 1e-9)
		rr := Retrievability(elapsed, prev.Stability)
		st.Difficulty = sc.nextDifficulty(prev.Difficulty, g)
		if g == Again {
			st.Stability = sc.forgetStability(prev.Difficulty, prev.Stability, rr)
			st.Lapses++
		} else {
			st.Stability = sc.recallStability(prev.Difficulty, prev.Stability, rr, g)
		}
	}
	var days [4]int
	for g := range next {
		days[g] = sc.interval(next[g].Stability)
	}
	days[0] = min(days[0], days[1])
	days[1] = max(days[1], days[0]+1)
	days[2] = max(days[2], days[1]+1)
	days[3] = max(days[3], days[2]+1)
	out := next[r-1]
	out.Reps++
	out.Last, out.Days = now, days[r-1]
	return out, now.Add(time.Duration(out.Days) * 24 * time.Hour)
}

// interval is the days after which recall falls to the retention asked
// at stability s, rounded, within 1..MaxDays.
func (sc *Scheduler) interval(s float64) int {
	d := s / factor * (math.Pow(sc.Retention, 1/decay) - 1)
	return min(max(int(math.Round(d)), 1), sc.MaxDays)
}

// initDifficulty is D0(G) = w4 - e^(w5 (G-1)) + 1.
func (sc *Scheduler) initDifficulty(g Rating) float64 {
	return sc.W[4] - math.Exp(sc.W[5]*float64(g-1)) + 1
}

// nextDifficulty moves d by -w6 (G-3), damped linearly towards 10, then
// reverts it towards D0(easy) by w7.
func (sc *Scheduler) nextDifficulty(d float64, g Rating) float64 {
	delta := -sc.W[6] * float64(g-3)
	damped := d + delta*(10-d)/9
	return clampD(sc.W[7]*sc.initDifficulty(Easy) + (1-sc.W[7])*damped)
}

// recallStability is the stability after a successful recall at
// retrievability r.
func (sc *Scheduler) recallStability(d, s, r float64, g Rating) float64 {
	hard, easy := 1.0, 1.0
	if g == Hard {
		hard = sc.W[15]
	}
	if g == Easy {
		easy = sc.W[16]
	}
	return s * (1 + math.Exp(sc.W[8])*(11-d)*math.Pow(s, -sc.W[9])*(math.Exp((1-r)*sc.W[10])-1)*hard*easy)
}

// forgetStability is the stability after a lapse at retrievability r.
func (sc *Scheduler) forgetStability(d, s, r float64) float64 {
	return sc.W[11] * math.Pow(d, -sc.W[12]) * (math.Pow(s+1, sc.W[13]) - 1) * math.Exp((1-r)*sc.W[14])
}

func clampD(d float64) float64 { return math.Min(math.Max(d, 1), 10) }
