// Package player provides the heuristic computer opponents of WallGo and a
// match runner that plays them against each other.
//
// Every built-in player (see New) rests on the same guess that seed 002's
// rule page describes: who will get each square is whoever can reach it
// first (see Voronoi and Evaluate).
//
//   - random plays a uniformly random legal move.
//   - voronoi-easy is noisy and sometimes plays at random.
//   - voronoi-medium plays the move with the best evaluation.
//   - voronoi-hard also checks the best reply to its best candidates.
//
// Match plays many games between two players, in parallel, and summarizes
// the results. MultiMatch does the same for three or four players: the
// candidate holds one seat, rotating game by game, and its opponent every
// other seat.
package player
