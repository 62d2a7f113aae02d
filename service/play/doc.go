// Package play lets a person play against the named levels (GET
// /v1/levels, POST /v1/play): it picks the level, builds its player,
// charges the caller and admits a searching level like an interactive
// analysis, and returns the level's move. It imports the analysis package
// (limits, replay, the Admission interface and the gate) and the levels
// data package.
package play
