// Package explorer is the opening explorer: the placement tree of an
// opening with each position's search (read from the opening table, or
// searched and stored on a miss), the fill of that table to a depth, and
// the frequent end-of-placement states of self-play. The table is the
// ExplorerStore declared here. It imports the analysis package (analyzer,
// Admission, gate, metrics), never the job runner: the fill job calls
// Fill with hooks.
package explorer
