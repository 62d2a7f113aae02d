// Package explain puts into words why a move was good or bad: the facts
// of the move played and of the engine's best move (engine/explain), the
// win rate the difference costs, both lines played out to the end, and
// one or two sentences. It returns the answer types (Explanation and its
// parts) that analyses and reviews carry; it imports only the engine and
// the wallzero conventions.
package explain
