package winratecal

import (
	"fmt"
	"sort"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/winrate"
)

// Ridge is the pull of a fitted map towards the identity (FitPlatt): weak
// enough that a group of a few hundred games fits freely.
const Ridge = 1e-2

// Fit fits a calibration on games: one group per kind of position
// (player count, opening, phase) and in it one map (two players, on Red's
// win rate) or one per seat, each on the search's win rates against the
// games' results.
func Fit(games []*Game, model string, visits int) (*winrate.File, error) {
	kinds := map[winrate.Kind]bool{}
	for _, g := range games {
		for k := range g.Positions {
			kinds[g.Positions[k].Kind()] = true
		}
	}
	order := make([]winrate.Kind, 0, len(kinds))
	for k := range kinds {
		order = append(order, k)
	}
	sort.Slice(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.Players != b.Players {
			return a.Players < b.Players
		}
		if a.Opening != b.Opening {
			return a.Opening < b.Opening
		}
		return a.Phase < b.Phase
	})
	f := &winrate.File{Model: model, Visits: visits}
	for _, k := range order {
		grp := winrate.Group{Players: k.Players, Opening: k.Opening, Phase: k.Phase.String()}
		seats := k.Players
		if seats == 2 {
			seats = 1
		}
		gameSet := map[int]bool{}
		for c := range seats {
			var samples []winrate.Sample
			for _, g := range games {
				for i := range g.Positions {
					p := &g.Positions[i]
					if p.Kind() != k {
						continue
					}
					samples = append(samples, winrate.Sample{Game: g.Index, P: float64(p.Search[c]), Y: float64(p.Result[c])})
					gameSet[g.Index] = true
					if c == 0 {
						grp.Positions++
					}
				}
			}
			m, err := winrate.FitPlatt(samples, Ridge)
			if err != nil {
				return nil, fmt.Errorf("%dp %s %s, %s: %w", k.Players, k.Opening, k.Phase, engine.Color(c), err)
			}
			grp.Seats = append(grp.Seats, m)
		}
		grp.Games = len(gameSet)
		f.Groups = append(f.Groups, grp)
	}
	return f, f.Check()
}
