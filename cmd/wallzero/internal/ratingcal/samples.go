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
	// Check marks a player used only to check the estimate, never to fit
	// it (the table's third column "check"); Rated is false for such a
	// player that no rating list knows (its Rating is then meaningless).
	Check bool
	Rated bool
	// Order is the player's row in the table (weakest first).
	Order int
}

// LoadPlayers reads the spec-to-name table (scripts/rating/players.tsv:
// spec, a tab, the rating list's name, optionally a tab and "check") and
// looks each name up in the rating lists (models/ratings.json, then lists
// of players rated against it such as `rating anchor` writes), the first
// list that knows it counting. A player no list knows is an error unless
// it is marked check.
func LoadPlayers(tablePath string, ratingsPaths ...string) (Players, error) {
	return loadPlayers(false, tablePath, ratingsPaths)
}

// LoadPlayersToRate is LoadPlayers letting players that no list knows
// through unrated: the players `rating anchor` is to rate.
func LoadPlayersToRate(tablePath string, ratingsPaths ...string) (Players, error) {
	return loadPlayers(true, tablePath, ratingsPaths)
}

// loadPlayers reads the table; unrated says whether a player no list
// knows is let through.
func loadPlayers(unrated bool, tablePath string, ratingsPaths []string) (Players, error) {
	elo := map[string]float64{}
	for _, path := range ratingsPaths {
		list, err := readList(path)
		if err != nil {
			return nil, err
		}
		for _, p := range list.Players {
			if _, ok := elo[p.Player]; !ok {
				elo[p.Player] = p.Elo
			}
		}
	}
	t, err := os.ReadFile(tablePath)
	if err != nil {
		return nil, err
	}
	out := Players{}
	for i, line := range strings.Split(strings.TrimSpace(string(t)), "\n") {
		cols := strings.Split(line, "\t")
		if len(cols) < 2 || len(cols) > 3 || (len(cols) == 3 && cols[2] != "check") {
			return nil, fmt.Errorf("%s:%d: want SPEC<tab>NAME[<tab>check]", tablePath, i+1)
		}
		spec, name := cols[0], cols[1]
		p := ListPlayer{Name: name, Check: len(cols) == 3, Order: i}
		p.Rating, p.Rated = elo[name]
		if !p.Rated && !p.Check && !unrated {
			return nil, fmt.Errorf("%s:%d: %q is not on the rating lists %s", tablePath, i+1, name, strings.Join(ratingsPaths, ", "))
		}
		out[spec] = p
	}
	return out, nil
}

// ratingList is the part of a rating list (models/ratings.json) read here.
type ratingList struct {
	Players []ListEntry `json:"players"`
}

// ListEntry is one player of a rating list.
type ListEntry struct {
	Player string     `json:"player"`
	Elo    float64    `json:"elo"`
	CI95   [2]float64 `json:"ci95"`
	Games  int        `json:"games"`
	// Opponents, in lists `rating anchor` writes, name the rated players
	// the rating was measured against.
	Opponents []string `json:"opponents,omitempty"`
}

// readList reads a rating list.
func readList(path string) (*ratingList, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var list ratingList
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &list, nil
}

// legacyInaccuracyPoints is the points threshold of an inaccuracy of the
// reviewed lines that do not carry one (written before reviews carried
// their thresholds in them): two-player reviews then called 1.5 points
// lost an inaccuracy.
const legacyInaccuracyPoints = 1.5

// ReadReviewed reads `rating review` lines. A line with the whole review
// has its moves and accuracy read again from the review, so that the
// features follow the review's current fields whatever version of the
// command wrote the line.
func ReadReviewed(r io.Reader) ([]Reviewed, error) {
	var out []Reviewed
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for line := 1; sc.Scan(); line++ {
		var g Reviewed
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if g.Review != nil {
			res, err := g.Review.Typed()
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			g.Moves, g.Accuracy = byName(res)
			g.InaccuracyPoints = res.Thresholds.InaccuracyPoints
		}
		if g.InaccuracyPoints == 0 {
			g.InaccuracyPoints = legacyInaccuracyPoints
		}
		out = append(out, g)
	}
	return out, sc.Err()
}

// Samples turns reviewed games into samples, one per side, of the players
// the table knows and does not mark check; a game of an unknown player is
// an error, so that a calibration cannot silently lose its data.
func (ps Players) Samples(games []Reviewed) ([]rating.Sample, error) {
	all, err := ps.AllSamples(games)
	if err != nil {
		return nil, err
	}
	var out []rating.Sample
	for _, s := range all {
		if !s.Check {
			out = append(out, s.Sample)
		}
	}
	return out, nil
}

// Side is one side of a reviewed game with what the table says of its
// player.
type Side struct {
	rating.Sample
	// Spec is the player's spec, Game the game's index in its file and
	// Colour the side's colour.
	Spec   string
	Game   int
	Colour string
	Check  bool
	Rated  bool
	Order  int
}

// AllSamples is Samples with the check players' sides too, each side
// marked.
func (ps Players) AllSamples(games []Reviewed) ([]Side, error) {
	var out []Side
	for i, g := range games {
		for _, side := range []struct{ colour, spec string }{{"red", g.Players.Red}, {"blue", g.Players.Blue}} {
			p, ok := ps[side.spec]
			if !ok {
				return nil, fmt.Errorf("game %d: player %q is not in the players table", i+1, side.spec)
			}
			out = append(out, Side{Sample: rating.Sample{Player: p.Name, Rating: p.Rating,
				Features: rating.FeaturesOf(g.Moves[side.colour], g.Accuracy[side.colour], g.Visits)},
				Spec: side.spec, Game: i, Colour: side.colour, Check: p.Check, Rated: p.Rated, Order: p.Order})
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
		if p.Check {
			continue
		}
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
