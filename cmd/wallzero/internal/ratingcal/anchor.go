package ratingcal

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
)

// MatchResult is the summary line `wallzero match` prints: the two specs
// and the games each won.
type MatchResult struct {
	A     string `json:"a"`
	B     string `json:"b"`
	AWins int    `json:"a_wins"`
	BWins int    `json:"b_wins"`
	Draws int    `json:"draws"`
}

// eloScale is the Elo points per natural-log unit of odds (400 points =
// 10:1), the rating list's scale.
var eloScale = 400 / math.Ln10

// RateAgainstList rates the players of results that the rating lists do
// not know against those they do, holding the known ratings fixed: the
// Bradley-Terry (Elo) likelihood of the results, a draw half a win, with
// one virtual draw added to every pairing as training/ratings.py adds it
// (a weak prior that keeps a clean sweep finite), maximised for each new
// player alone. The 95% interval is ±1.96 standard errors from the
// likelihood's curvature; it leaves out the opponents' own uncertainty,
// which the list gives with their ratings. A result between two unknown
// players is an error: each new player must meet the list.
func RateAgainstList(results []MatchResult, ps Players) ([]ListEntry, error) {
	type game struct {
		opp        float64
		oppName    string
		wins, lost float64
	}
	byPlayer := map[string][]game{}
	for i, r := range results {
		a, okA := ps[r.A]
		b, okB := ps[r.B]
		if !okA || !okB {
			return nil, fmt.Errorf("result %d (%s vs %s): both players must be in the players table", i+1, r.A, r.B)
		}
		switch {
		case a.Rated && b.Rated:
			continue // both known: nothing to rate
		case !a.Rated && !b.Rated:
			return nil, fmt.Errorf("result %d (%s vs %s): neither player is on a rating list", i+1, r.A, r.B)
		case b.Rated:
			byPlayer[a.Name] = append(byPlayer[a.Name], game{b.Rating, b.Name, float64(r.AWins) + float64(r.Draws)/2, float64(r.BWins) + float64(r.Draws)/2})
		default:
			byPlayer[b.Name] = append(byPlayer[b.Name], game{a.Rating, a.Name, float64(r.BWins) + float64(r.Draws)/2, float64(r.AWins) + float64(r.Draws)/2})
		}
	}
	if len(byPlayer) == 0 {
		return nil, errors.New("no result of a player the rating lists lack")
	}
	var out []ListEntry
	for name, gs := range byPlayer {
		// Pool the results by opponent, then add the virtual draw.
		pooled := map[string]*game{}
		for _, g := range gs {
			if p, ok := pooled[g.oppName]; ok {
				p.wins, p.lost = p.wins+g.wins, p.lost+g.lost
			} else {
				c := g
				pooled[g.oppName] = &c
			}
		}
		var opps []string
		n := 0.0
		for o, p := range pooled {
			opps = append(opps, o)
			n += p.wins + p.lost
			p.wins, p.lost = p.wins+0.5, p.lost+0.5
		}
		sort.Strings(opps)
		// The score's derivative in the rating falls as the rating rises:
		// bisect for its zero.
		grad := func(r float64) (g, info float64) {
			for _, p := range pooled {
				e := 1 / (1 + math.Exp((p.opp-r)/eloScale))
				g += p.wins - (p.wins+p.lost)*e
				info += (p.wins + p.lost) * e * (1 - e)
			}
			return g, info
		}
		lo, hi := -4000.0, 6000.0
		for range 100 {
			mid := (lo + hi) / 2
			if g, _ := grad(mid); g > 0 {
				lo = mid
			} else {
				hi = mid
			}
		}
		r := (lo + hi) / 2
		_, info := grad(r)
		se := eloScale / math.Sqrt(info)
		out = append(out, ListEntry{Player: name, Elo: math.Round(r*10) / 10, Games: int(n), Opponents: opps,
			CI95: [2]float64{math.Round((r-1.96*se)*10) / 10, math.Round((r+1.96*se)*10) / 10}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Elo < out[j].Elo })
	return out, nil
}

// ParseMatchResults reads match summary lines (JSON, one per input).
func ParseMatchResults(lines map[string][]byte) ([]MatchResult, error) {
	names := make([]string, 0, len(lines))
	for n := range lines {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []MatchResult
	for _, n := range names {
		var r MatchResult
		if err := json.Unmarshal(lines[n], &r); err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		if r.A == "" || r.B == "" {
			return nil, fmt.Errorf("%s: a and b are required (a match summary line)", n)
		}
		out = append(out, r)
	}
	return out, nil
}
