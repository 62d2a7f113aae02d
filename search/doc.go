// Package search runs Monte Carlo tree search (PUCT, with Gumbel root
// selection for small budgets) over the rules engine.
//
// The search does not know how positions are evaluated: it talks to an
// Evaluator, which the inference package implements with a neural network
// behind a batching queue, and which tests implement with deterministic
// fakes. One Search is driven by one goroutine; it keeps several leaves in
// flight at once (virtual loss) and sends them to the Evaluator as one
// request batch, so many searches running in parallel fill large network
// batches while each search stays deterministic for a given seed and
// evaluator.
//
// Values are utilities in [0, 1] per player: 1 for a win, 0 for a loss, 0.5
// for a two-player draw. Every node keeps the statistics of the player who
// made the move leading to it (max-n backup), so the same code searches two-
// to four-player games.
package search
