// Package selfplay generates training data: games of a search player
// against itself, of two, three or four players, recorded as samples for
// the Python learner (training/wallzero) in .npz chunks.
//
// Each game samples its moves from the search (with root noise), uses
// playout-cap randomization (KataGo): a fraction of moves get a full search
// whose visit distribution becomes a policy target, the others a fast
// search that only moves the game on. Every recorded position is encoded
// in the input format of the game's player count (inference/format) under
// a random one of the eight board symmetries (augmentation). Its value
// targets come from the side to move's view: with two players the final
// result, the final ownership of every square, the territory margin and
// the search's own expected result (q); with three or four the result and
// the search's value per seat. records_two.go and records_multi.go lay out
// each format's chunks; one game loop, sample and writer serve both.
package selfplay
