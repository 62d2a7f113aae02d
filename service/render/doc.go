// Package render draws WallGo pictures as standalone SVG documents: board
// diagrams with optional overlays (reachability as in the WallZero paper's
// Figure 4, settled territory, predicted ownership, candidate moves as
// arrows, step distances as in its Figure 6) and win-rate curves of
// reviewed games.
//
// Every function is pure: the same input gives byte-identical output
// (numbers are formatted with at most two decimals), so the pictures can be
// cached and golden-tested. The package imports the engine and the
// standard library only.
package render
