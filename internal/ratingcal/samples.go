package ratingcal

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/wallzero/wallzero/service/rating"
)

// Players maps the calibration players' specs (as match plays them) to
// their names and ratings on the rating list.
type Players map[string]ListPlayer

// ListPlayer is a calibration player on the rating list.
type ListPlayer struct {
	Name   string
	Rating float64
}

// LoadPlayers reads the spec-to-name table (scripts/rating/players.tsv:
// spec, a tab, the rating list's name) and looks each name up in the
// rating list (models/ratings.json).
func LoadPlayers(tablePath, ratingsPath string) (Players, error) {
	b, err := os.ReadFile(ratingsPath)
	if err != nil {
		return nil, err
	}
	var list struct {
		Players []struct {
			Player string  `json:"player"`
			Elo    float64 `json:"elo"`
		} `json:"players"`
	}
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("%s: %w", ratingsPath, err)
	}
	elo := map[string]float64{}
	for _, p := range list.Players {
		elo[p.Player] = p.Elo
	}
	t, err := os.ReadFile(tablePath)
	if err != nil {
		return nil, err
	}
	out := Players{}
	for i, line := range strings.Split(strings.TrimSpace(string(t)), "\n") {
		spec, name, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want SPEC<tab>NAME", tablePath, i+1)
		}
		r, ok := elo[name]
		if !ok {
			return nil, fmt.Errorf("%s:%d: %q is not on the rating list %s", tablePath, i+1, name, ratingsPath)
		}
		out[spec] = ListPlayer{Name: name, Rating: r}
	}
	return out, nil
}

// ReadReviewed reads `rating review` lines.
func ReadReviewed(r io.Reader) ([]Reviewed, error) {
	var out []Reviewed
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		var g Reviewed
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, g)
	}
	return out, sc.Err()
}

// Samples turns reviewed games into samples, one per side, of the players
// the table knows; a game of an unknown player is an error, so that a
// calibration cannot silently lose its data.
func (ps Players) Samples(games []Reviewed) ([]rating.Sample, error) {
	var out []rating.Sample
	for i, g := range games {
		for _, side := range []struct{ colour, spec string }{{"red", g.Players.Red}, {"blue", g.Players.Blue}} {
			p, ok := ps[side.spec]
			if !ok {
				return nil, fmt.Errorf("game %d: player %q is not in the players table", i+1, side.spec)
			}
			out = append(out, rating.Sample{Player: p.Name, Rating: p.Rating, Features: rating.FeaturesOf(g.Moves[side.colour])})
		}
	}
	return out, nil
}

// Pairs counts the games of each pairing (by list names, in the order
// first seen) in the training and held-out games.
func (ps Players) Pairs(train, heldout []Reviewed) []rating.PairCount {
	index := map[[2]string]int{}
	var out []rating.PairCount
	add := func(g Reviewed, held bool) {
		a, b := ps[g.Players.Red].Name, ps[g.Players.Blue].Name
		if ps[g.Players.Red].Rating > ps[g.Players.Blue].Rating {
			a, b = b, a
		}
		k := [2]string{a, b}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, rating.PairCount{A: a, B: b})
		}
		if held {
			out[i].HeldoutGames++
		} else {
			out[i].TrainGames++
		}
	}
	for _, g := range train {
		add(g, false)
	}
	for _, g := range heldout {
		add(g, true)
	}
	return out
}

// PlayerCounts lists the calibration players, weakest first, with their
// usable sides and their held-out figures under c.
func (ps Players) PlayerCounts(c *rating.Calibration, train, heldout []rating.Sample) []rating.PlayerCount {
	var out []rating.PlayerCount
	for spec, p := range ps {
		pc := rating.PlayerCount{Player: p.Name, Spec: spec, Rating: p.Rating}
		var mine []rating.Sample
		for _, s := range train {
			if s.Player == p.Name && c.Usable(s.Features) {
				pc.TrainSides++
			}
		}
		for _, s := range heldout {
			if s.Player == p.Name {
				mine = append(mine, s)
			}
		}
		ch := c.Check(mine, 1)
		pc.HeldoutSides, pc.HeldoutMAE, pc.HeldoutCoverage = ch.Estimates, ch.MAE, ch.Coverage
		out = append(out, pc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Rating < out[j].Rating })
	return out
}
