package movelevel

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/wallzero/wallzero/service/levels"
)

// LadderLevel is one level of the ladder a review measures moves
// against, in the form the level of a move plays it: a heuristic player's
// deterministic choice, the raw policy's highest prior, or the best move
// of a search at a budget. The network levels are played by the review's
// own network, so that they and the review agree on what the network
// thinks.
type LadderLevel struct {
	// Name is the level's display name ("Club") and Rating its rating.
	Name   string
	Rating float64
	// Players are the player counts the level plays.
	Players []int
	// Player is the heuristic player spec whose choice the level makes
	// ("voronoi-hard"); empty for the network levels.
	Player string
	// Visits is a network level's search budget; 0 (with Player empty)
	// for the raw policy.
	Visits int
}

// plays reports whether the level plays games of n players.
func (l LadderLevel) plays(n int) bool { return slices.Contains(l.Players, n) }

// levelSeed seeds the heuristic players of the ladder, so that their
// choice among equally valued moves is the same in every review.
const levelSeed = 1

// probeStart is the first budget of the search that measures the visits
// a best move needs.
const probeStart = 16

// Ladder returns the levels of f that the level of a move can play
// deterministically, weakest (lowest rating) first:
//
//   - voronoi-medium and voronoi-hard as they are, ties broken by a fixed
//     seed;
//   - voronoi-easy by its choice without noise and without its random
//     moves, which is voronoi-medium's (so it finds what Casual finds);
//   - policy by the highest prior;
//   - mcts at visits=N by the best move of the review's search at N
//     visits; in the setup phase, where the policy and search players
//     sample their placement, by the most likely one (the highest prior,
//     the most visited).
//
// Levels that play at random (random, mcts with time=) are left out. A
// nil file gives no ladder.
func Ladder(f *levels.File) []LadderLevel {
	if f == nil {
		return nil
	}
	var out []LadderLevel
	for _, l := range f.Levels {
		ll := LadderLevel{Name: l.Name, Rating: l.Rating.Elo, Players: l.Players}
		kind, rest, _ := strings.Cut(l.Spec, ":")
		opts := map[string]string{}
		for kv := range strings.SplitSeq(rest, ",") {
			if k, v, ok := strings.Cut(kv, "="); ok {
				opts[k] = v
			}
		}
		switch kind {
		case "voronoi-easy", "voronoi-medium":
			ll.Player = "voronoi-medium"
		case "voronoi-hard":
			ll.Player = kind
		case "policy":
		case "mcts":
			n, err := strconv.Atoi(opts["visits"])
			if err != nil || n < 1 || opts["time"] != "" {
				continue
			}
			ll.Visits = n
		default:
			continue
		}
		out = append(out, ll)
	}
	slices.SortStableFunc(out, func(a, b LadderLevel) int { return cmp.Compare(a.Rating, b.Rating) })
	return out
}

// ladderFor returns the levels of ladder that play games of players
// and search no more than visits: a review cannot judge a search stronger
// than its own, so at 200 visits the 400-visit level is not checked.
func ladderFor(ladder []LadderLevel, players, visits int) []LadderLevel {
	var out []LadderLevel
	for _, l := range ladder {
		if l.plays(players) && l.Visits <= visits {
			out = append(out, l)
		}
	}
	return out
}
