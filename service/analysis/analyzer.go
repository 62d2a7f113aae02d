package analysis

import (
	"context"
	"slices"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/service/winrate"
)

// Evaluators are the evaluators the analyzer searches with: Network for
// two-player games (a model behind the batching queue, or a model-free one
// in tests), Multi for three and four players where a multi-player model
// is loaded for the count, and Heuristic for the counts no model plays.
type Evaluators struct {
	Network      search.Evaluator
	NetworkModel string
	// Multi are the networks of three- and four-player games; a game goes
	// to the first whose Players holds its count, so one network may play
	// both counts or each count have its own.
	Multi          []CountEvaluator
	Heuristic      search.Evaluator
	HeuristicModel string
}

// CountEvaluator is a network for the player counts it is served for.
type CountEvaluator struct {
	// Players are the counts whose games it analyses.
	Players []int
	// Eval evaluates the positions; Info describes its model.
	Eval search.Evaluator
	Info inference.ModelInfo
}

// Analyzer runs analyses. It is safe for concurrent use.
type Analyzer struct {
	eval   Evaluators
	limits Limits
	// LeafBatch is the number of leaves one search keeps in flight.
	LeafBatch int
	// InteractiveLeafCalls splits the leaves of a search at interactive
	// priority (a synchronous /analyze) into this many evaluator calls
	// (search.Config.LeafCalls) when its evaluator is asynchronous, so that
	// a lone request keeps the network busy while its tree is worked on.
	// Jobs (batch priority) always use one call. 0 or 1 (the default):
	// one call for all. docs/performance.md ("Several calls in flight")
	// has the measurements and the trade-off.
	InteractiveLeafCalls int
	// Calibrations are the win-rate calibrations of the models
	// (winrate.File, docs/calibration.md): a game's analyses are
	// calibrated by the one whose Model is the model that analyses the
	// game; without one, win rates are the search's own.
	Calibrations []*winrate.File
}

// calibrationFor returns the calibration of the model that analyses
// games of players, or nil.
func (a *Analyzer) calibrationFor(players int) *winrate.File {
	_, model := a.evaluatorFor(players)
	for _, f := range a.Calibrations {
		if f != nil && f.Model == model {
			return f
		}
	}
	return nil
}

// multiPlayerRows marks the cache rows of three- and four-player
// analyses that carry every seat's lead (RootInfo.ScoreLeads), so that
// rows made before the search gave leads are searched again rather than
// served without them.
const multiPlayerRows = "+leads"

// CacheModel names the model and calibration whose analyses the cache
// keeps for games of players: the model ID, and the calibration's ID
// after a "+" when one applies, so that a new calibration never serves
// win rates mapped by the old one (and multiPlayerRows with three or
// four players).
func (a *Analyzer) CacheModel(players int) string {
	_, model := a.evaluatorFor(players)
	if f := a.calibrationFor(players); f != nil {
		model += "+" + f.ID()
	}
	if players > 2 {
		model += multiPlayerRows
	}
	return model
}

// NewAnalyzer returns an analyzer over the evaluators: 16 leaves in
// flight in one call.
func NewAnalyzer(eval Evaluators, limits Limits) *Analyzer {
	return &Analyzer{eval: eval, limits: limits, LeafBatch: 16, InteractiveLeafCalls: 1}
}

// leafCalls returns the evaluator calls of a search with eval at the
// priority of ctx.
func (a *Analyzer) leafCalls(ctx context.Context, eval search.Evaluator) int {
	if _, async := eval.(search.AsyncEvaluator); !async || inference.PriorityOf(ctx) != inference.Interactive {
		return 1
	}
	return min(max(a.InteractiveLeafCalls, 1), a.LeafBatch)
}

// Limits returns the analyzer's limits.
func (a *Analyzer) Limits() Limits { return a.limits }

// evaluatorFor returns the evaluator and model id for a game.
func (a *Analyzer) evaluatorFor(players int) (search.Evaluator, string) {
	if players == 2 && a.eval.Network != nil {
		return a.eval.Network, a.eval.NetworkModel
	}
	if players > 2 {
		for _, m := range a.eval.Multi {
			if slices.Contains(m.Players, players) {
				return m.Eval, m.Info.ID
			}
		}
	}
	return a.eval.Heuristic, a.eval.HeuristicModel
}

// ModelFor returns the model id that analyses games of the given number
// of players.
func (a *Analyzer) ModelFor(players int) string {
	_, id := a.evaluatorFor(players)
	return id
}

// Prepare validates a query and replays its record once. Errors are
// *wallzero.Error values naming the field.
func (a *Analyzer) Prepare(q *Query) (*Prepared, []int, error) {
	if len(q.Moves) > a.limits.MaxMoves {
		return nil, nil, wallzero.Invalid("moves", "too many moves")
	}
	p, err := replay(q.Record())
	if err != nil {
		return nil, nil, wallzero.RecordError(err)
	}
	turns, err := a.Turns(q, p)
	if err != nil {
		return nil, nil, err
	}
	return p, turns, nil
}

// Turns validates a query whose record the caller has replayed already
// (p is q's record replayed) and returns the turns to analyse, as Prepare
// does without the replay.
func (a *Analyzer) Turns(q *Query, p *Prepared) ([]int, error) {
	if len(q.Moves) > a.limits.MaxMoves {
		return nil, wallzero.Invalid("moves", "too many moves")
	}
	return q.validate(a.limits, len(p.Game.Moves))
}

// Analyze runs the query: one Analysis per analysed turn, in the order
// asked. A finished position gets an analysis with no moves.
func (a *Analyzer) Analyze(ctx context.Context, q *Query) ([]*Analysis, error) {
	p, turns, err := a.Prepare(q)
	if err != nil {
		return nil, err
	}
	out := make([]*Analysis, 0, len(turns))
	for _, t := range turns {
		res, err := a.AnalyzeTurn(ctx, q, p.Positions, t, RunOptions{})
		if err != nil {
			return nil, err
		}
		out = append(out, res)
	}
	return out, nil
}

// Visits returns the visit budget for a query's maxVisits: the asked
// visits, or the limits' default when none are asked.
func (a *Analyzer) Visits(asked int) int {
	if asked > 0 {
		return asked
	}
	return a.limits.DefaultVisits
}
