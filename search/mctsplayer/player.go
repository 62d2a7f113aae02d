package mctsplayer

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// Player plays moves chosen by search (or, with Visits 0, by the
// evaluator's raw policy). It implements engine/player.Player. It keeps its
// tree between moves: it finds the opponent's moves by comparing positions,
// so the tree is reused and the evaluator sees the real history.
//
// In the setup phase it samples its placement in proportion to visits (or
// priors), so that matches between deterministic players still see varied
// games; in the play phase it plays the best move.
type Player struct {
	// Fresh makes every move a new search, as the service's analysis of
	// the position would be, in place of the subtree kept from the last
	// move.
	Fresh  bool
	spec   string
	eval   search.Evaluator
	cfg    search.Config
	policy bool
	// temp, for a policy player, is the temperature of its play-phase
	// moves: 0 plays the highest prior, T > 0 samples in proportion to
	// prior^(1/T) (weaker and more varied the higher T).
	temp float64
	rng  *rand.Rand
	s    *search.Search
	// history holds the positions of the game so far, most recent first.
	history []engine.Position
	last    engine.Position
}

// NewPlayer returns a search player with cfg (MaxVisits per move).
func NewPlayer(spec string, eval search.Evaluator, cfg search.Config) (*Player, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Player{spec: spec, eval: eval, cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x9A7E))}, nil
}

// NewPolicyPlayer returns a player that plays the evaluator's most likely
// move without searching.
func NewPolicyPlayer(spec string, eval search.Evaluator, seed uint64) *Player {
	cfg := search.DefaultConfig()
	cfg.MaxVisits, cfg.Seed = 1, seed
	return &Player{spec: spec, eval: eval, cfg: cfg, policy: true, rng: rand.New(rand.NewPCG(seed, 0x9A7E))}
}

// Spec returns the player's specification.
func (p *Player) Spec() string { return p.spec }

// ChooseMove implements engine/player.Player.
func (p *Player) ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	p.catchUp(*pos)
	if p.policy {
		return p.policyMove(ctx, pos)
	}
	if p.Fresh {
		p.s = nil
	}
	if p.s == nil {
		s, err := search.New(p.eval, p.cfg, *pos, p.history)
		if err != nil {
			return grid.Move{}, err
		}
		p.s = s
	}
	res, err := p.s.Run(ctx)
	if err != nil {
		return grid.Move{}, err
	}
	m := res.Best
	if pos.Phase() == engine.Setup {
		m = p.sample(res.Moves, func(mi search.MoveInfo) float64 { return float64(mi.Visits) })
	}
	p.played(*pos, m)
	if err := p.s.Advance(m); err != nil {
		return grid.Move{}, err
	}
	return m, nil
}

// NewPolicyPlayerTemp returns a policy player that samples its play-phase
// moves in proportion to prior^(1/temp) (temp 0: the most likely move, as
// NewPolicyPlayer): players of graded strength below the raw policy.
func NewPolicyPlayerTemp(spec string, eval search.Evaluator, seed uint64, temp float64) *Player {
	p := NewPolicyPlayer(spec, eval, seed)
	p.temp = temp
	return p
}

// policyMove evaluates pos once and plays the highest prior (or, with a
// temperature, samples by prior^(1/temp)).
func (p *Player) policyMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	req := &search.Request{Position: *pos, Moves: pos.LegalMoves(nil)}
	for i := 0; i < len(p.history) && i < search.HistoryLen; i++ {
		req.History[i] = p.history[i]
		req.HistoryCount++
	}
	if err := p.eval.Evaluate(ctx, []*search.Request{req}); err != nil {
		return grid.Move{}, err
	}
	infos := make([]search.MoveInfo, len(req.Moves))
	best := 0
	for i, m := range req.Moves {
		infos[i] = search.MoveInfo{Move: m, Prior: req.Out.Priors[i]}
		if req.Out.Priors[i] > req.Out.Priors[best] {
			best = i
		}
	}
	m := req.Moves[best]
	switch {
	case pos.Phase() == engine.Setup:
		m = p.sample(infos, func(mi search.MoveInfo) float64 { return float64(mi.Prior) })
	case p.temp > 0:
		top := float64(req.Out.Priors[best])
		m = p.sample(infos, func(mi search.MoveInfo) float64 {
			if top <= 0 {
				return 1
			}
			return math.Pow(float64(mi.Prior)/top, 1/p.temp)
		})
	}
	p.played(*pos, m)
	return m, nil
}

// sample draws a move with probability proportional to weight.
func (p *Player) sample(moves []search.MoveInfo, weight func(search.MoveInfo) float64) grid.Move {
	var total float64
	for _, mi := range moves {
		total += weight(mi)
	}
	if total <= 0 {
		return moves[0].Move
	}
	x := p.rng.Float64() * total
	for _, mi := range moves {
		if x -= weight(mi); x < 0 {
			return mi.Move
		}
	}
	return moves[len(moves)-1].Move
}

// played records that m was played from pos.
func (p *Player) played(pos engine.Position, m grid.Move) {
	p.history = append([]engine.Position{pos}, p.history...)
	if len(p.history) > search.HistoryLen {
		p.history = p.history[:search.HistoryLen]
	}
	p.last = pos
	p.last.Apply(m)
}

// catchUp brings the player's history and tree to pos by finding the
// opponents' moves since its own last move (up to two plies). If pos does
// not follow (a new game, or a longer gap), it starts afresh.
func (p *Player) catchUp(pos engine.Position) {
	if p.last.Hash() == pos.Hash() && p.last == pos {
		return
	}
	if d := pos.Ply() - p.last.Ply(); p.history == nil || d < 1 || d > 2 {
		p.history, p.s, p.last = nil, nil, pos
		return
	}
	if path, ok := connect(p.last, pos, pos.Ply()-p.last.Ply()); ok {
		cur := p.last
		for _, m := range path {
			p.history = append([]engine.Position{cur}, p.history...)
			if p.s != nil {
				if err := p.s.Advance(m); err != nil {
					p.s = nil
				}
			}
			cur.Apply(m)
		}
		if len(p.history) > search.HistoryLen {
			p.history = p.history[:search.HistoryLen]
		}
		p.last = pos
		return
	}
	p.history, p.s, p.last = nil, nil, pos
}

// connect finds moves leading from a to b in at most depth plies.
func connect(a, b engine.Position, depth int) ([]grid.Move, bool) {
	if a.Hash() == b.Hash() && a == b {
		return nil, true
	}
	if depth == 0 || a.IsOver() {
		return nil, false
	}
	for _, m := range a.LegalMoves(nil) {
		q := a
		q.Apply(m)
		if path, ok := connect(q, b, depth-1); ok {
			return append([]grid.Move{m}, path...), true
		}
	}
	return nil, false
}

// String describes the player.
func (p *Player) String() string { return fmt.Sprintf("%s (%d visits)", p.spec, p.cfg.MaxVisits) }
