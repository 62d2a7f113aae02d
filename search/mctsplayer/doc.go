// Package mctsplayer is the player that chooses its moves by the search
// of package search (or by the evaluator's raw policy): it keeps its tree
// between moves, finds the opponent's moves by comparing positions, can
// start in the middle of a game with its history, and samples its setup
// placements so that matches between deterministic players vary. It
// implements engine/player.Player; the service's levels and the match
// and self-play commands build it from a spec.
package mctsplayer
