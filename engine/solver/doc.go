// Package solver proves the outcome of two-player WallGo endgames exactly.
//
// It runs an alpha-beta search to the end of the game on one value that
// orders outcomes the way the rules do: the territory difference first and,
// under the largest-region tie break, the difference of the largest single
// regions second (see Value). The sign of the value is the result (win,
// draw or loss for the player to move); its territory part is the exact
// margin under play that maximises it.
//
// The search uses a transposition table keyed by the engine's Zobrist hash,
// move ordering (a caller-supplied prior such as a network policy, or a
// cheap heuristic) and the structure of the game: regions that hold stones
// of one player only are closed and scored as they stand, and when the
// player to move has more interchangeable tempo moves in its closed regions
// than the opponent can ever make moves, those tempo moves are counted and
// searched as a single move (see tempo.go for the proof). Searches are
// bounded by a node budget and a wall-clock budget; a search that runs out
// returns Unknown rather than a guess.
//
// The package imports engine only.
package solver
