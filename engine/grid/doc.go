// Package grid is the vocabulary of the WallGo board, below the rules and
// without a game state: squares (row-major from A1, index 0, to G7, 48)
// and their sides, sets of squares (Bitboard), walls (Walls: the steps
// they leave open, flood fill, distances), the eight symmetries of the
// square, the players' colours, moves with their notation (ParseMove,
// Move.String), and the Zobrist keys a position's hash is made of.
//
// Package engine, the rules, stands on it: a Position holds bitboards and
// walls of this package, and everything above the engine names squares,
// colours and moves by it. It imports nothing of the project.
package grid
