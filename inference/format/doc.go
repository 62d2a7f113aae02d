// Package format holds the input and action formats of the WallZero
// networks: how a position becomes input planes, which policy entry a move
// is, how a value row becomes each player's utility, and how inputs and
// policies move under the board's symmetries. A model names its format in
// its metadata (feature set and action layout); inference runs the model
// through it and self-play records training samples in it.
//
//   - format.go: the Format interface, the formats this build knows and
//     how a model or a player count picks one.
//   - format_two.go: the two-player format, the WallZero paper's 49 planes with
//     history and 53x49 actions.
//   - format_multi.go: the three- and four-player format, 34 planes in seats from
//     the mover and 55x49 actions with the wall break.
//   - actions.go: the turn and placement action ids both formats share.
//   - symmetry.go: the gather tables of inputs and actions under a
//     symmetry.
package format
