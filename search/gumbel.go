package search

import (
	"math"
	"math/rand/v2"
	"sort"
)

// gumbelState runs sequential halving at the root (Danihelka et al. 2022,
// "Policy improvement by planning with Gumbel"): m candidates drawn by
// Gumbel-top-k from the priors, the visit budget split evenly over
// log2(m) phases, and after each phase the better half kept by
// g + logit + sigma(q).
type gumbelState struct {
	g         []float32 // Gumbel sample per root child
	remaining []int     // indices of root children still in the race
	target    int32     // visits each remaining child gets in this phase
	budget    int       // visits of this run
	phases    int
}

// newGumbelState samples the Gumbel variables and picks the candidates.
func newGumbelState(s *Search, budget int) *gumbelState {
	children := s.root.kids
	st := &gumbelState{g: make([]float32, len(children)), budget: max(budget, 1)}
	order := make([]int, len(children))
	for i := range children {
		st.g[i] = float32(gumbel(s.rng))
		order[i] = i
	}
	score := func(i int) float32 { return st.g[i] + logit(s.rootPriors[i]) }
	sort.SliceStable(order, func(a, b int) bool { return score(order[a]) > score(order[b]) })
	m := min(s.cfg.GumbelCandidates, len(children))
	st.remaining = order[:m]
	st.phases = max(1, int(math.Ceil(math.Log2(float64(m)))))
	st.nextPhase(s)
	return st
}

// nextPhase raises the per-child visit target for the remaining children.
func (st *gumbelState) nextPhase(s *Search) {
	per := max(1, st.budget/(st.phases*len(st.remaining)))
	st.target = 0
	for _, i := range st.remaining {
		st.target = max(st.target, s.root.kids[i].visits)
	}
	st.target += int32(per)
	if len(st.remaining) == 1 {
		st.target = math.MaxInt32
	}
}

// pick returns the root child to visit next: the remaining child furthest
// below the phase target; when all have reached it, the better half goes on.
func (st *gumbelState) pick(s *Search) *node {
	for {
		best := -1
		var bestN int32
		for _, i := range st.remaining {
			c := s.root.kids[i]
			if n := c.visits + c.inflight; n < st.target && (best < 0 || n < bestN) {
				best, bestN = i, n
			}
		}
		if best >= 0 {
			return s.root.kids[best]
		}
		st.halve(s)
	}
}

// halve keeps the better half of the remaining children.
func (st *gumbelState) halve(s *Search) {
	keep := max(1, (len(st.remaining)+1)/2)
	sort.SliceStable(st.remaining, func(a, b int) bool {
		return st.score(s, st.remaining[a]) > st.score(s, st.remaining[b])
	})
	st.remaining = st.remaining[:keep]
	st.nextPhase(s)
}

// score is g + logit + sigma(q) of root child i.
func (st *gumbelState) score(s *Search, i int) float32 {
	c := s.root.kids[i]
	return st.g[i] + logit(s.rootPriors[i]) + sigma(s, c.q(s.root.valueToMove))
}

// best returns the chosen root child: the best remaining by score.
func (st *gumbelState) best(s *Search) *node {
	bi := st.remaining[0]
	for _, i := range st.remaining[1:] {
		if st.score(s, i) > st.score(s, bi) {
			bi = i
		}
	}
	return s.root.kids[bi]
}

// sigma is the monotone transform of a utility in the Gumbel score.
func sigma(s *Search, q float32) float32 {
	var maxN int32
	for _, c := range s.root.kids {
		maxN = max(maxN, c.visits)
	}
	return (s.cfg.GumbelCVisit + float32(maxN)) * s.cfg.GumbelCScale * q
}

// logit returns log p, floored for zero priors.
func logit(p float32) float32 {
	return float32(math.Log(math.Max(float64(p), 1e-12)))
}

// gumbel draws a standard Gumbel variable.
func gumbel(rng *rand.Rand) float64 {
	u := rng.Float64()
	for u == 0 {
		u = rng.Float64()
	}
	return -math.Log(-math.Log(u))
}
