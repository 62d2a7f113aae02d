package search

import "github.com/wallzero/wallzero/engine/grid"

// playerSums accumulates every player's utility over visits. A node keeps
// only its mover's utility (all that max-n selection reads); a search of
// three or four players also keeps the whole vector for the root and its
// children, so that a result can give each player's win rate.
type playerSums struct {
	sum [grid.MaxPlayers]float64
	n   int32
}

// add counts one visit of value u.
func (p *playerSums) add(u *[grid.MaxPlayers]float32) {
	for c := range u {
		p.sum[c] += float64(u[c])
	}
	p.n++
}

// means returns each of the first players' mean utility, nil without
// visits.
func (p *playerSums) means(players int) []float32 {
	if p == nil || p.n == 0 {
		return nil
	}
	out := make([]float32, players)
	for c := range out {
		out[c] = float32(p.sum[c] / float64(p.n))
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

// rootMeans returns every player's mean utility over the visits of the
// root's children (nil before any).
func (m *multiSums) rootMeans(players int) []float32 {
	var total playerSums
	for _, k := range m.kids {
		for c := range total.sum {
			total.sum[c] += k.sum[c]
		}
		total.n += k.n
	}
	return total.means(players)
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
func (s *Search) addPlayerSums(path []*node, u *[grid.MaxPlayers]float32) {
	if len(path) < 2 || path[0] != s.root {
		return
	}
	k := s.multi.kids[path[1]]
	if k == nil {
		k = &playerSums{}
		s.multi.kids[path[1]] = k
	}
	k.add(u)
}
