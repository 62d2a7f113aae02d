package analysis

import "github.com/wallzero/wallzero/search"

// Proof is a proven game result (the exact solver, inside the search) from
// the mover's point of view: the player who made the move for a moveInfo,
// the player to move for rootInfo.
type Proof struct {
	// Result is win, draw or loss.
	Result string `json:"result"`
	// Margin is the final territory difference under best play, when the
	// proof reached it.
	Margin *int `json:"margin,omitempty"`
} // @name service.Proof

// ProofOf converts a search proof; nil stays nil (unproven).
func ProofOf(p *search.Proof) *Proof {
	if p == nil {
		return nil
	}
	out := &Proof{Result: p.Outcome.String()}
	if p.Exact {
		m := p.Margin
		out.Margin = &m
	}
	return out
}
