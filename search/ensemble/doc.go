// Package ensemble has the symmetry ensemble: a search.Evaluator that
// evaluates a position in several orientations of the board and averages
// the answers, as AlphaGo Zero and Leela did to smooth a network's
// orientation-dependent errors. The program wraps a model in it when the
// model's metadata asks for more than one symmetry.
package ensemble
