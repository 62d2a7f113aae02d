package winratecal

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/player"
)

// Share is one seat's share of the results of a set of games: the mean
// of its results (a win 1, a loss 0, a drawn seat its part), with its
// Wilson 95% interval, as match reports a score.
type Share struct {
	Seat      grid.Color
	Mean      float64
	Low, High float64
}

// Results is how a set of games of one kind (player count and opening)
// ended: each seat's share of the results, and the mean of the search's
// and the network's win rates at the first position, the engine's own
// guess at the shares.
type Results struct {
	Players int
	Opening engine.Opening
	Games   int
	// Distinct counts the games whose move lists differ: the service plays
	// its best move, so two games with the same placements repeat.
	Distinct int
	Shares   []Share
	// StartSearch and StartRaw are each seat's mean predicted win rate at
	// the first position (the search's and the network's).
	StartSearch, StartRaw []float64
}

// SeatResults groups games by player count and opening and returns each
// group's results, in the order of player count then opening.
func SeatResults(games []*Game) []Results {
	type key struct {
		players int
		opening engine.Opening
	}
	groups := map[key][]*Game{}
	for _, g := range games {
		if len(g.Positions) == 0 {
			continue
		}
		k := key{g.Record.Rules.Players, g.Record.Rules.Opening}
		groups[k] = append(groups[k], g)
	}
	keys := make([]key, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].players != keys[j].players {
			return keys[i].players < keys[j].players
		}
		return keys[i].opening < keys[j].opening
	})
	out := make([]Results, 0, len(keys))
	for _, k := range keys {
		out = append(out, resultsOf(k.players, k.opening, groups[k]))
	}
	return out
}

// resultsOf computes the results of games of one kind.
func resultsOf(players int, opening engine.Opening, games []*Game) Results {
	r := Results{Players: players, Opening: opening, Games: len(games), StartSearch: make([]float64, players), StartRaw: make([]float64, players)}
	distinct := map[string]bool{}
	for _, g := range games {
		distinct[strings.Join(g.Record.Moves, " ")] = true
	}
	r.Distinct = len(distinct)
	n := float64(len(games))
	for c := range players {
		var sum float64
		for _, g := range games {
			first := g.Positions[0]
			sum += float64(at(first.Result, c))
			r.StartSearch[c] += float64(at(first.Search, c)) / n
			r.StartRaw[c] += float64(at(first.Raw, c)) / n
		}
		ci := player.Wilson95(sum/n, len(games))
		r.Shares = append(r.Shares, Share{Seat: grid.Color(c), Mean: sum / n, Low: ci[0], High: ci[1]})
	}
	return r
}

// at returns v[i], or 0 where v is too short (a file that lacks a field).
func at(v []float32, i int) float32 {
	if i < len(v) {
		return v[i]
	}
	return 0
}

// PrintResults writes each kind of game's results: every seat's share
// of them with its 95% interval, against the mean win rate the search and
// the network gave it at the first position.
func PrintResults(w io.Writer, games []*Game) {
	fmt.Fprintln(w, "| games | distinct | rules | seat | share of the results [95%] | first position: search | network |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | --- |")
	for _, r := range SeatResults(games) {
		for c, s := range r.Shares {
			fmt.Fprintf(w, "| %d | %d | %dp %s | %s | %.3f [%.3f, %.3f] | %.3f | %.3f |\n",
				r.Games, r.Distinct, r.Players, r.Opening, s.Seat, s.Mean, s.Low, s.High, r.StartSearch[c], r.StartRaw[c])
		}
	}
	fmt.Fprintln(w)
}
