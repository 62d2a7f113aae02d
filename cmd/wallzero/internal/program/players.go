package program

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/search/ensemble"
	"github.com/wallzero/wallzero/search/mctsplayer"
)

// PlayerSpecHelp describes the player specifications match accepts.
const PlayerSpecHelp = "random, voronoi-easy, voronoi-medium, voronoi-hard, " +
	"mcts:visits=N|time=D[,model=PATH|heuristic][,gumbel=1][,batch=K][,calls=N][,cpuct=C][,fpu=F][,rootfpu=F][,score=U][,scorescale=S][,sym=S][,reuse=0] " +
	"or policy[:model=PATH][,sym=S][,temp=T] (temp: sample play-phase moves by prior^(1/T) rather than play the likeliest; sym: average the network over S = 1, 2, 4 or 8 board symmetries, " +
	"in place of the number its metadata names; " +
	"time: a wall-clock budget per move such as 100ms, alone or with visits, whichever ends first; " +
	"calls: the K leaves in flight split into N evaluator calls; " +
	"reuse=0: a new search every move, as the service analyses a position, in place of the subtree kept from the last); " +
	"slip=P+SPEC plays a random legal move with probability P and SPEC's move otherwise (a strong player that blunders now and then)"

// mctsOptions are the options of an mcts player spec.
var mctsOptions = []string{"visits", "time", "model", "gumbel", "batch", "calls", "cpuct", "fpu", "rootfpu", "score", "scorescale", "sym", "reuse"}

// parseSpec splits "kind:key=value,key=value" into the kind and options,
// rejecting keys not in allowed.
func parseSpec(spec string, allowed ...string) (kind string, opts map[string]string, err error) {
	kind, rest, _ := strings.Cut(spec, ":")
	opts = map[string]string{}
	if rest == "" {
		return kind, opts, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || v == "" {
			return "", nil, fmt.Errorf("player %q: option %q is not key=value", spec, kv)
		}
		known := false
		for _, a := range allowed {
			known = known || a == k
		}
		if !known {
			return "", nil, fmt.Errorf("player %q: unknown option %q (known: %s)", spec, k, strings.Join(allowed, ", "))
		}
		opts[k] = v
	}
	return kind, opts, nil
}

// PlayerConstructor builds players from specs; search and policy players
// share the evaluators of ev. With a tracker, every player's thinking time
// and evaluations are counted under its spec.
func PlayerConstructor(ev *Evaluators, tr *ThinkTracker) player.Constructor {
	var build func(spec string, seed uint64, st *thinkStats) (player.Player, error)
	build = func(spec string, seed uint64, st *thinkStats) (player.Player, error) {
		counted := func(e search.Evaluator) search.Evaluator {
			if st == nil {
				return e
			}
			return search.Observed(e, func(n int) { st.evals.Add(int64(n)) })
		}
		switch {
		case strings.HasPrefix(spec, player.SlipPrefix):
			p, inner, ok := player.CutSlip(spec)
			prob, err := strconv.ParseFloat(p, 64)
			if !ok || err != nil {
				return nil, fmt.Errorf("player %q: want slip=P+SPEC, P a probability", spec)
			}
			in, err := build(inner, seed, st)
			if err != nil {
				return nil, err
			}
			sp, err := player.Slip(in, prob, seed^0x51)
			if err != nil {
				return nil, fmt.Errorf("player %q: %w", spec, err)
			}
			return sp, nil
		case strings.HasPrefix(spec, "mcts"):
			_, opts, err := parseSpec(spec, mctsOptions...)
			if err != nil {
				return nil, err
			}
			cfg := search.DefaultConfig()
			cfg.Seed = seed
			if v, ok := opts["time"]; ok {
				if cfg.MaxTime, err = time.ParseDuration(v); err != nil || cfg.MaxTime <= 0 {
					return nil, fmt.Errorf("player %q: time must be a positive duration such as 100ms", spec)
				}
				cfg.MaxVisits = 0 // the clock alone, unless visits= is given too
			}
			if v, ok := opts["visits"]; ok {
				if cfg.MaxVisits, err = strconv.Atoi(v); err != nil || cfg.MaxVisits < 1 {
					return nil, fmt.Errorf("player %q: visits must be a positive integer", spec)
				}
			}
			if v, ok := opts["batch"]; ok {
				if cfg.LeafBatch, err = strconv.Atoi(v); err != nil || cfg.LeafBatch < 1 {
					return nil, fmt.Errorf("player %q: batch must be a positive integer", spec)
				}
				cfg.MultiLeafBatch = cfg.LeafBatch // batch= sets the leaves in flight for every player count
			}
			if v, ok := opts["calls"]; ok {
				if cfg.LeafCalls, err = strconv.Atoi(v); err != nil || cfg.LeafCalls < 1 || cfg.LeafCalls > cfg.LeafBatch {
					return nil, fmt.Errorf("player %q: calls must be a positive integer no larger than batch (%d)", spec, cfg.LeafBatch)
				}
			}
			cfg.Gumbel = opts["gumbel"] == "1" || opts["gumbel"] == "true"
			for key, dst := range map[string]*float32{"cpuct": &cfg.CPuct, "fpu": &cfg.FPUReduction, "rootfpu": &cfg.RootFPUReduction, "score": &cfg.ScoreUtility, "scorescale": &cfg.ScoreScale} {
				if v, ok := opts[key]; ok {
					f, err := strconv.ParseFloat(v, 32)
					if err != nil || f < 0 {
						return nil, fmt.Errorf("player %q: %s must be a non-negative number", spec, key)
					}
					*dst = float32(f)
				}
			}
			if _, ok := opts["cpuct"]; ok { // cpuct= sets the constant for every player count
				cfg.MultiCPuct = cfg.CPuct
			}
			eval, err := playerEvaluator(ev, spec, opts)
			if err != nil {
				return nil, err
			}
			p, err := mctsplayer.NewPlayer(spec, counted(eval), cfg)
			if err != nil {
				return nil, err
			}
			switch opts["reuse"] {
			case "", "1", "true":
			case "0", "false":
				p.Fresh = true
			default:
				return nil, fmt.Errorf("player %q: reuse must be 0 or 1", spec)
			}
			return p, nil
		case spec == "policy" || strings.HasPrefix(spec, "policy:"):
			_, opts, err := parseSpec(spec, "model", "sym", "temp")
			if err != nil {
				return nil, err
			}
			var temp float64
			if v, ok := opts["temp"]; ok {
				if temp, err = strconv.ParseFloat(v, 64); err != nil || temp <= 0 || temp > 10 {
					return nil, fmt.Errorf("player %q: temp must be a number in (0, 10]", spec)
				}
			}
			eval, err := playerEvaluator(ev, spec, opts)
			if err != nil {
				return nil, err
			}
			return mctsplayer.NewPolicyPlayerTemp(spec, counted(eval), seed, temp), nil
		}
		return player.New(spec, seed)
	}
	return func(spec string, seed uint64) (player.Player, error) {
		if tr == nil {
			return build(spec, seed, nil)
		}
		st := tr.stats(spec)
		p, err := build(spec, seed, st)
		if err != nil {
			return nil, err
		}
		return timedPlayer{p, st}, nil
	}
}

// IsTimedSpec reports whether a player spec thinks for a wall-clock time
// per move (time=D).
func IsTimedSpec(spec string) bool {
	_, opts, err := parseSpec(spec, mctsOptions...)
	_, timed := opts["time"]
	return err == nil && timed
}

// playerEvaluator returns the evaluator a player spec asks for: its model
// (or the default one), averaged over sym=S symmetries when given, else
// over the symmetries its metadata names (Served).
func playerEvaluator(ev *Evaluators, spec string, opts map[string]string) (search.Evaluator, error) {
	eval, info, err := ev.Get(opts["model"])
	if err != nil {
		return nil, fmt.Errorf("player %q: %w", spec, err)
	}
	v, ok := opts["sym"]
	if !ok {
		return Served(eval, info), nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return nil, fmt.Errorf("player %q: sym must be 1, 2, 4 or 8", spec)
	}
	sym, err := ensemble.NewSymmetric(eval, n)
	if err != nil {
		return nil, fmt.Errorf("player %q: %w", spec, err)
	}
	return sym, nil
}
