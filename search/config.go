package search

import (
	"fmt"
	"time"
)

// Config sets how a search runs. The zero value is not useful: start from
// DefaultConfig.
type Config struct {
	// MaxVisits stops the search when the root has this many visits
	// (visits carried over by tree reuse count). 0 means no visit limit.
	MaxVisits int
	// MaxTime stops the search after this long. 0 means no time limit.
	// At least one of MaxVisits and MaxTime must be set.
	MaxTime time.Duration
	// LeafBatch is how many leaves one search keeps in flight (sends to the
	// evaluator at once), using virtual loss to spread them.
	LeafBatch int
	// MultiLeafBatch replaces LeafBatch in games of three or four players
	// (0: LeafBatch there too). Virtual loss costs those searches more
	// strength per leaf in flight than it costs two-player ones: at 200
	// visits a max-n search with 4 leaves in flight beat itself with 8 in
	// seat-rotated matches (docs/search.md), so their searches keep fewer
	// leaves in flight and lean on other searches (games, jobs) to fill
	// the network's batches.
	MultiLeafBatch int
	// LeafCalls splits the leaves in flight into this many evaluator
	// calls of LeafBatch/LeafCalls leaves each (0 and 1: one call). While
	// the oldest call is evaluated the search backs up the one before and
	// selects the next, so a lone search keeps the evaluator busy instead
	// of leaving it idle during its tree work. Visits are backed up in the
	// same order whatever the timing, so the search stays deterministic.
	LeafCalls int
	// CPuct is the exploration constant of PUCT.
	CPuct float32
	// MultiCPuct replaces CPuct in games of three or four players (0:
	// CPuct there too). A player's value there is a win share whose fair
	// level is a third or a quarter, so the values the search compares lie
	// closer together than with two players and the same constant leans
	// too far toward the priors; seat-rotated matches chose a lower one
	// (docs/search.md).
	MultiCPuct float32
	// FPUReduction is subtracted from the parent's value for children not
	// yet visited (first-play urgency).
	FPUReduction float32
	// RootFPUReduction is the same at the root, where trying every move
	// once matters more (analysis wants every candidate looked at).
	RootFPUReduction float32
	// VirtualLoss is how many lost visits an in-flight leaf counts as.
	VirtualLoss int
	// Seed makes the search's random choices (noise, Gumbel samples, ties)
	// reproducible.
	Seed uint64
	// DirichletAlpha and DirichletWeight add Dirichlet noise to the root
	// priors (self-play); weight 0 disables it.
	DirichletAlpha  float32
	DirichletWeight float32
	// Gumbel selects root moves by Gumbel sampling with sequential halving
	// (Danihelka et al. 2022) instead of PUCT: better with few visits.
	Gumbel bool
	// GumbelCandidates is how many root moves sequential halving starts
	// with (m in the paper).
	GumbelCandidates int
	// GumbelCVisit and GumbelCScale scale Q in the Gumbel score
	// sigma(q) = (CVisit + max visits) * CScale * q.
	GumbelCVisit float32
	GumbelCScale float32
	// LCBStdDevs is how many standard errors the lower confidence bound of
	// a move lies below its mean.
	LCBStdDevs float32
	// Proofs turns the MCTS-solver on (two players): finished games and
	// positions the exact solver proves carry proven results, which the
	// search uses and reports (see proof.go).
	Proofs bool
	// ProofNodes is the solver's node budget at each expansion, and
	// RootProofNodes at the root (the larger of the two); 0 leaves only
	// finished games proven.
	ProofNodes     int
	RootProofNodes int
	// ProofMaxSlots calls the solver only near the end: when at most this
	// many open wall slots remain inside contested regions.
	ProofMaxSlots int
	// ScoreUtility weighs the territory margin in selection (0: off), as
	// KataGo's score utility does: a move's value is its mean utility plus
	// ScoreUtility * (2/pi) * atan((margin - center) / ScoreScale), where
	// margin is its mean margin and center the root's mean margin when the
	// run starts, both from the mover's view. Among moves of equal winning
	// chances it prefers the one that wins (or loses) by more. Reported
	// win rates stay the pure utility.
	ScoreUtility float32
	// ScoreScale is the margin, in squares, at which the score utility
	// reaches half its range.
	ScoreScale float32
}

// DefaultConfig returns settings for analysis: 400 visits, PUCT, 8 leaves in
// flight, no noise. The first-play reductions (0.3 below the root, 0.2 at
// it) and the score utility (weight 1, scale 5 squares) were chosen by
// matches of mcts:visits=200 against fixed opponents: with no reduction at
// the root the search spreads its visits over every move and plays
// weaker, and the score utility wins clearly at equal visits
// (docs/search.md links the matches).
func DefaultConfig() Config {
	return Config{
		MaxVisits:        400,
		LeafBatch:        8,
		MultiLeafBatch:   4,
		CPuct:            1.5,
		MultiCPuct:       1.0,
		FPUReduction:     0.3,
		RootFPUReduction: 0.2,
		VirtualLoss:      1,
		GumbelCandidates: 16,
		GumbelCVisit:     50,
		GumbelCScale:     1,
		LCBStdDevs:       1.96,
		Proofs:           true,
		ProofNodes:       200,
		RootProofNodes:   10000,
		ProofMaxSlots:    40,
		ScoreUtility:     1,
		ScoreScale:       5,
	}
}

// Validate reports the first invalid field.
func (c Config) Validate() error {
	switch {
	case c.MaxVisits < 0:
		return fmt.Errorf("search: MaxVisits %d is negative", c.MaxVisits)
	case c.MaxVisits == 0 && c.MaxTime <= 0:
		return fmt.Errorf("search: set MaxVisits or MaxTime")
	case c.LeafBatch < 1:
		return fmt.Errorf("search: LeafBatch %d must be at least 1", c.LeafBatch)
	case c.MultiLeafBatch < 0:
		return fmt.Errorf("search: MultiLeafBatch %d must not be negative", c.MultiLeafBatch)
	case c.LeafCalls < 0 || c.LeafCalls > c.LeafBatch:
		return fmt.Errorf("search: LeafCalls %d must be between 0 and LeafBatch (%d)", c.LeafCalls, c.LeafBatch)
	case c.CPuct <= 0:
		return fmt.Errorf("search: CPuct %v must be positive", c.CPuct)
	case c.MultiCPuct < 0:
		return fmt.Errorf("search: MultiCPuct %v must not be negative", c.MultiCPuct)
	case c.DirichletWeight < 0 || c.DirichletWeight > 1:
		return fmt.Errorf("search: DirichletWeight %v must be in [0, 1]", c.DirichletWeight)
	case c.DirichletWeight > 0 && c.DirichletAlpha <= 0:
		return fmt.Errorf("search: DirichletAlpha %v must be positive", c.DirichletAlpha)
	case c.ProofNodes < 0 || c.RootProofNodes < 0:
		return fmt.Errorf("search: ProofNodes %d and RootProofNodes %d must not be negative", c.ProofNodes, c.RootProofNodes)
	case c.ScoreUtility < 0 || c.ScoreUtility > 4:
		return fmt.Errorf("search: ScoreUtility %v must be in [0, 4]", c.ScoreUtility)
	case c.ScoreUtility > 0 && !(c.ScoreScale > 0):
		return fmt.Errorf("search: ScoreScale %v must be positive", c.ScoreScale)
	case c.Gumbel && c.GumbelCandidates < 1:
		return fmt.Errorf("search: GumbelCandidates %d must be at least 1", c.GumbelCandidates)
	}
	return nil
}
