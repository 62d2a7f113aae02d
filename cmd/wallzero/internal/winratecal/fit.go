package winratecal

import (
	"fmt"
	"sort"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/winrate"
)

// Ridge is the pull of a fitted map towards the identity (FitPlatt): weak
// enough that a group of a few hundred games fits freely.
const Ridge = 1e-2

// groupKey is the part of a position's kind a fitted group covers.
type groupKey struct {
	players int
	opening engine.Opening
	phase   engine.Phase
	stage   int
	mover   grid.Color
}

// FitOptions configure Fit.
type FitOptions struct {
	// Model and Visits are the games' model and visits (copied into the
	// file; a game analysed by another model is refused).
	Model  string
	Visits int
	// Rounds cut the play phase into groups by round (none: one group).
	Rounds []int
	// Shift fits each map's B (a lean towards a seat) as well as its A;
	// without it the maps only spread win rates (winrate.FitScale).
	Shift bool
	// ByMover fits a group per colour to move (winrate.Group.Mover).
	ByMover bool
}

// Fit fits a calibration on games: one group per player count, opening,
// phase and, in the play phase, stage (the rounds between consecutive
// cuts of o.Rounds; none: the whole play phase) and, with o.ByMover, the
// colour to move; in each group one map (two players, on Red's win rate)
// or one per seat, on the search's win rates against the games' results.
func Fit(games []*Game, o FitOptions) (*winrate.File, error) {
	model, visits, rounds := o.Model, o.Visits, o.Rounds
	if !sort.IntsAreSorted(rounds) || len(rounds) > 0 && rounds[0] <= 0 {
		return nil, fmt.Errorf("round cuts %v: want increasing positive rounds", rounds)
	}
	stageOf := func(k winrate.Kind) int {
		if k.Phase != engine.Play {
			return 0
		}
		return sort.SearchInts(rounds, k.Round+1)
	}
	type bucket struct {
		samples [][]winrate.Sample
		games   map[int]bool
		n       int
	}
	buckets := map[groupKey]*bucket{}
	for _, g := range games {
		if g.Model != "" && g.Model != model {
			return nil, fmt.Errorf("game %d was analysed by %s, not %s: a calibration describes one model", g.Index, g.Model, model)
		}
		for i := range g.Positions {
			p := &g.Positions[i]
			k := p.Kind()
			key := groupKey{k.Players, k.Opening, k.Phase, stageOf(k), grid.NoColor}
			if o.ByMover {
				key.mover = k.Mover
			}
			b := buckets[key]
			if b == nil {
				seats := k.Players
				if seats == 2 {
					seats = 1
				}
				b = &bucket{samples: make([][]winrate.Sample, seats), games: map[int]bool{}}
				buckets[key] = b
			}
			for c := range b.samples {
				b.samples[c] = append(b.samples[c], winrate.Sample{Game: g.Index, P: float64(p.Search[c]), Y: float64(p.Result[c])})
			}
			b.games[g.Index] = true
			b.n++
		}
	}
	keys := make([]groupKey, 0, len(buckets))
	for k := range buckets {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		switch {
		case a.players != b.players:
			return a.players < b.players
		case a.opening != b.opening:
			return a.opening < b.opening
		case a.phase != b.phase:
			return a.phase < b.phase
		case a.stage != b.stage:
			return a.stage < b.stage
		}
		return a.mover < b.mover
	})
	f := &winrate.File{Model: model, Visits: visits}
	for _, k := range keys {
		b := buckets[k]
		grp := winrate.Group{Players: k.players, Opening: k.opening, Phase: k.phase.String(), Games: len(b.games), Positions: b.n}
		if k.mover != grid.NoColor {
			grp.Mover = k.mover.String()
		}
		if k.phase == engine.Play && len(rounds) > 0 {
			if k.stage > 0 {
				grp.FromRound = rounds[k.stage-1]
			}
			if k.stage < len(rounds) {
				grp.ToRound = rounds[k.stage]
			}
		}
		for c, samples := range b.samples {
			fit := winrate.FitScale
			if o.Shift {
				fit = winrate.FitPlatt
			}
			m, err := fit(samples, Ridge)
			if err != nil {
				return nil, fmt.Errorf("%dp %s %s from round %d, %s: %w", k.players, k.opening, k.phase, grp.FromRound, grid.Color(c), err)
			}
			grp.Seats = append(grp.Seats, m)
		}
		f.Groups = append(f.Groups, grp)
	}
	return f, f.Check()
}
