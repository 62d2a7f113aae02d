package search

import (
	"math"

	"github.com/wallzero/wallzero/engine/grid"
)

// playerSums accumulates every player's utility over visits. A node keeps
// only its mover's utility (all that max-n selection reads); a search of
// three or four players also keeps the whole vector for the root and its
// children, so that a result can give each player's win rate, and beside
// it every seat's lead in squares over the visits whose leaf had one.
type playerSums struct {
	sum   [grid.MaxPlayers]float64
	n     int32
	leads [grid.MaxPlayers]float64
	leadN int32
}

// add counts one visit of value v.
func (p *playerSums) add(v *leafValue) {
	for c := range v.util {
		p.sum[c] += float64(v.util[c])
	}
	p.n++
	if v.hasLeads {
		for c := range v.leads {
			p.leads[c] += float64(v.leads[c])
		}
		p.leadN++
	}
}

// means returns each of the first players' mean utility, nil without
// visits.
func (p *playerSums) means(players int) []float32 {
	if p == nil {
		return nil
	}
	return meanOf(&p.sum, p.n, players)
}

// leadMeans returns each of the first players' mean lead, nil when no
// visit had one.
func (p *playerSums) leadMeans(players int) []float32 {
	if p == nil {
		return nil
	}
	return meanOf(&p.leads, p.leadN, players)
}

// meanOf returns the first players' entries of sum divided by n, nil when
// n is 0.
func meanOf(sum *[grid.MaxPlayers]float64, n int32, players int) []float32 {
	if n == 0 {
		return nil
	}
	out := make([]float32, players)
	for c := range out {
		out[c] = float32(sum[c] / float64(n))
	}
	return out
}

// SeatLeads returns each seat's land minus the best other seat's land,
// for the lands of three or four seats (Eval.Leads): what a seat is ahead
// by, or behind by when negative.
func SeatLeads(land []int) [grid.MaxPlayers]float32 {
	var out [grid.MaxPlayers]float32
	for c, own := range land {
		best := math.MinInt
		for o, v := range land {
			if o != c {
				best = max(best, v)
			}
		}
		out[c] = float32(own - best)
	}
	return out
}

// multiSums is what a multi-player search keeps of the vectors: each
// root child's, counted from the search's start or its last Advance (the
// nodes kept by Advance carry their own visits, so the means cover only
// the visits since). The root's vector is their total, over the same
// visits as Result.Winrate.
type multiSums struct {
	kids map[*node]*playerSums
}

// total returns the sums of the root's children together: the root's
// own over the same visits.
func (m *multiSums) total() *playerSums {
	var t playerSums
	for _, k := range m.kids {
		for c := range t.sum {
			t.sum[c] += k.sum[c]
			t.leads[c] += k.leads[c]
		}
		t.n += k.n
		t.leadN += k.leadN
	}
	return &t
}

// resetPlayerSums starts the per-player sums of the current root (a
// multi-player search only).
func (s *Search) resetPlayerSums() {
	if s.rootPos.Players() <= 2 {
		s.multi = nil
		return
	}
	s.multi = &multiSums{kids: map[*node]*playerSums{}}
}

// addPlayerSums adds a backed-up value to the sums of the root child on
// path (which starts at the root).
func (s *Search) addPlayerSums(path []*node, v *leafValue) {
	if len(path) < 2 || path[0] != s.root {
		return
	}
	k := s.multi.kids[path[1]]
	if k == nil {
		k = &playerSums{}
		s.multi.kids[path[1]] = k
	}
	k.add(v)
}
