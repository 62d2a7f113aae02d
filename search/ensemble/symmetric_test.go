package ensemble

import (
	"context"
	"math"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/internal/testkit/gametest"
	"github.com/wallzero/wallzero/search"
)

// skewedEval is deliberately not symmetric: priors, utilities, margin,
// seat leads and ownership all depend on absolute squares.
func skewedEval(req *search.Request) {
	req.Out.Priors = make([]float32, len(req.Moves))
	var sum float32
	for i, m := range req.Moves {
		req.Out.Priors[i] = 1 + float32(m.To) + 0.5*float32(m.Side+1)
		sum += req.Out.Priors[i]
	}
	for i := range req.Out.Priors {
		req.Out.Priors[i] /= sum
	}
	var x float32
	for _, s := range req.Position.Stones(grid.Red).Squares() {
		x += float32(s) / 49
	}
	req.Out.Utility[0] = 0.5 + 0.1*float32(math.Sin(float64(x)))
	req.Out.Utility[1] = 1 - req.Out.Utility[0]
	req.Out.Margin, req.Out.HasMargin = x-3, true
	req.Out.Leads, req.Out.HasLeads = [grid.MaxPlayers]float32{x, -x, 2 * x, 1 - x}, true
	own := new([grid.NumSquares]float32)
	for s := range own {
		own[s] = float32(s)/100 - 0.25 + x/100
	}
	for _, s := range req.Position.Stones(grid.Red).Squares() {
		own[s] = 1 // stones own their square in every orientation
	}
	req.Out.Ownership = own
}

func request(p engine.Position, t grid.Symmetry) *search.Request {
	r := &search.Request{Position: p.Transformed(t)}
	for _, m := range p.LegalMoves(nil) {
		r.Moves = append(r.Moves, t.Move(m))
	}
	return r
}

// TestSymmetricIsEquivariant checks that the 8-symmetry average answers the
// same for a position in every orientation (moves, ownership mapped), while
// the skewed evaluator alone does not, and that one symmetry is the inner
// evaluator itself.
func TestSymmetricIsEquivariant(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sym8, err := NewSymmetric(evalFunc(skewedEval), 8)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []engine.Position{gametest.Midgame(), engine.NewPosition(engine.DefaultRules())} {
		base := request(p, grid.Identity)
		if err := sym8.Evaluate(ctx, []*search.Request{base}); err != nil {
			t.Fatal(err)
		}
		var total float32
		for _, x := range base.Out.Priors {
			total += x
		}
		if math.Abs(float64(total-1)) > 1e-5 {
			t.Fatalf("priors sum to %v", total)
		}
		raw := request(p, grid.Identity)
		skewedEval(raw)
		differs := false
		for _, tr := range grid.AllSymmetries {
			r := request(p, tr)
			direct := request(p, tr)
			if err := sym8.Evaluate(ctx, []*search.Request{r}); err != nil {
				t.Fatal(err)
			}
			skewedEval(direct)
			for i := range r.Moves {
				if d := math.Abs(float64(r.Out.Priors[i] - base.Out.Priors[i])); d > 1e-6 {
					t.Fatalf("%v: prior of %v differs by %g", tr, base.Moves[i], d)
				}
				differs = differs || math.Abs(float64(direct.Out.Priors[i]-raw.Out.Priors[i])) > 1e-4
			}
			if d := math.Abs(float64(r.Out.Utility[0] - base.Out.Utility[0])); d > 1e-6 {
				t.Fatalf("%v: utility differs by %g", tr, d)
			}
			if d := math.Abs(float64(r.Out.Margin - base.Out.Margin)); d > 1e-5 || !r.Out.HasMargin {
				t.Fatalf("%v: margin differs by %g (has %v)", tr, d, r.Out.HasMargin)
			}
			for c := range r.Out.Leads {
				if d := math.Abs(float64(r.Out.Leads[c] - base.Out.Leads[c])); d > 1e-5 || !r.Out.HasLeads {
					t.Fatalf("%v: lead of seat %d differs by %g (has %v)", tr, c, d, r.Out.HasLeads)
				}
			}
			for s := range grid.NumSquares {
				if d := math.Abs(float64(r.Out.Ownership[tr.Square(grid.Square(s))] - base.Out.Ownership[s])); d > 1e-5 {
					t.Fatalf("%v: ownership of %v differs by %g", tr, grid.Square(s), d)
				}
			}
		}
		for _, s := range p.Stones(grid.Red).Squares() {
			if d := math.Abs(float64(base.Out.Ownership[s] - 1)); d > 1e-6 {
				t.Fatalf("ownership of the Red stone on %v is %v, want 1", s, base.Out.Ownership[s])
			}
		}
		if !differs {
			t.Fatal("the skewed evaluator is symmetric: the test shows nothing")
		}
	}

	one, err := NewSymmetric(evalFunc(skewedEval), 1)
	if err != nil {
		t.Fatal(err)
	}
	p := gametest.Midgame()
	a, b := request(p, grid.Identity), request(p, grid.Identity)
	if err := one.Evaluate(ctx, []*search.Request{a}); err != nil {
		t.Fatal(err)
	}
	skewedEval(b)
	for i := range a.Out.Priors {
		if math.Abs(float64(a.Out.Priors[i]-b.Out.Priors[i])) > 1e-7 {
			t.Fatalf("one symmetry changed prior %d: %v vs %v", i, a.Out.Priors[i], b.Out.Priors[i])
		}
	}
	for _, n := range []int{0, 3, 9} {
		if _, err := NewSymmetric(evalFunc(skewedEval), n); err == nil {
			t.Errorf("NewSymmetric(%d) accepted", n)
		}
	}
	// An inner evaluator without leads gives none.
	sym4, err := NewSymmetric(evalFunc(uniformEval), 4)
	if err != nil {
		t.Fatal(err)
	}
	c := request(p, grid.Identity)
	if err := sym4.Evaluate(ctx, []*search.Request{c}); err != nil {
		t.Fatal(err)
	}
	if c.Out.HasLeads || c.Out.Leads != ([grid.MaxPlayers]float32{}) {
		t.Errorf("leads %v (has %v) from an evaluator that gives none", c.Out.Leads, c.Out.HasLeads)
	}
}

// uniformEval gives uniform priors and an even value, and no margin or
// leads.
func uniformEval(req *search.Request) {
	req.Out.Priors = make([]float32, len(req.Moves))
	for i := range req.Out.Priors {
		req.Out.Priors[i] = 1 / float32(len(req.Moves))
	}
	for c := 0; c < req.Position.Players(); c++ {
		req.Out.Utility[c] = 1 / float32(req.Position.Players())
	}
}

// evalFunc evaluates each request with a function.
type evalFunc func(req *search.Request)

// Evaluate implements search.Evaluator.
func (f evalFunc) Evaluate(ctx context.Context, reqs []*search.Request) error {
	for _, r := range reqs {
		f(r)
	}
	return nil
}
