// Package selfplay generates training data: games of a search player
// against itself, recorded as samples for the Python learner
// (training/wallzero) in .npz chunks.
//
// Each game samples its moves from the search (with root noise), uses
// playout-cap randomization (KataGo): a fraction of moves get a full search
// whose visit distribution becomes a policy target, the others a fast
// search that only moves the game on. Every recorded position is written
// under a random one of the eight board symmetries (augmentation), with its
// final result, final ownership of every square, final territory margin and
// the search's own expected result (q), all from the side to move's view.
package selfplay
