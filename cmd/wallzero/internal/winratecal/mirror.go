package winratecal

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/service/winrate"
)

// MirrorResult is the colour test of an evaluator: its value of Red in
// play-phase positions against its value of the same player once the
// colours are exchanged (engine.Position.ColoursSwapped). A fair evaluator
// gives both the same; a positive Bias means it favours whoever plays Red.
type MirrorResult struct {
	// Positions and Games count the positions tested.
	Positions, Games int
	// Bias is the mean of Red's value minus the swapped position's value of
	// the same player (now Blue), with its 95% interval by bootstrap over
	// games; RedToMove and BlueToMove split it by the original mover.
	Bias, BiasLow, BiasHigh float64
	RedToMove, BlueToMove   float64
	// MeanAbs is the mean absolute difference.
	MeanAbs float64
	// Raw is the reliability of the evaluator's value of Red in the
	// original positions against the games' results: the same positions
	// for every evaluator, so that two models compare directly.
	Raw winrate.Reliability
}

// Mirror evaluates every play-phase position of two-player games whose
// history is all in the play phase, as it is and with the colours
// exchanged (history included), with eval, in batches.
func Mirror(ctx context.Context, eval search.Evaluator, games []*Game) (MirrorResult, error) {
	type diff struct {
		game   int
		red    bool
		d      float64
		result float64
	}
	var diffs []diff
	var raw []winrate.Sample
	var batch []*search.Request
	var meta []diff
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := eval.Evaluate(ctx, batch); err != nil {
			return err
		}
		for i := 0; i < len(batch); i += 2 {
			m := meta[i/2]
			m.d = float64(batch[i].Out.Utility[grid.Red]) - float64(batch[i+1].Out.Utility[grid.Blue])
			diffs = append(diffs, m)
			raw = append(raw, winrate.Sample{Game: m.game, P: float64(batch[i].Out.Utility[grid.Red]), Y: m.result})
		}
		batch, meta = batch[:0], meta[:0]
		return nil
	}
	for _, g := range games {
		rec, err := g.Record.Game()
		if err != nil {
			return MirrorResult{}, fmt.Errorf("game %d: %w", g.Index, err)
		}
		if rec.Rules.Players != 2 {
			return MirrorResult{}, fmt.Errorf("game %d: %d players; the colour test takes two-player games", g.Index, rec.Rules.Players)
		}
		positions := rec.Positions()
		for turn := search.HistoryLen; turn < len(positions); turn++ {
			pos := positions[turn]
			if pos.Phase() != engine.Play || positions[turn-search.HistoryLen].Phase() != engine.Play {
				continue
			}
			a := &search.Request{Position: pos, Moves: pos.LegalMoves(nil), HistoryCount: search.HistoryLen}
			sw, _ := pos.ColoursSwapped()
			b := &search.Request{Position: sw, Moves: sw.LegalMoves(nil), HistoryCount: search.HistoryLen}
			for k := range search.HistoryLen {
				a.History[k] = positions[turn-1-k]
				b.History[k], _ = positions[turn-1-k].ColoursSwapped()
			}
			batch = append(batch, a, b)
			meta = append(meta, diff{game: g.Index, red: pos.ToMove() == grid.Red, result: float64(g.Positions[0].Result[grid.Red])})
			if len(batch) >= 128 {
				if err := flush(); err != nil {
					return MirrorResult{}, err
				}
			}
		}
	}
	if err := flush(); err != nil {
		return MirrorResult{}, err
	}
	if len(diffs) == 0 {
		return MirrorResult{}, fmt.Errorf("no play-phase position with four moves of play before it")
	}
	r := MirrorResult{Positions: len(diffs)}
	byGame := map[int][]float64{}
	var red, blue []float64
	for _, d := range diffs {
		r.Bias += d.d
		r.MeanAbs += math.Abs(d.d)
		byGame[d.game] = append(byGame[d.game], d.d)
		if d.red {
			red = append(red, d.d)
		} else {
			blue = append(blue, d.d)
		}
	}
	r.Bias /= float64(len(diffs))
	r.MeanAbs /= float64(len(diffs))
	r.RedToMove, r.BlueToMove = mean(red), mean(blue)
	r.Games = len(byGame)
	keys := make([]int, 0, len(byGame))
	for k := range byGame {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	rng := rand.New(rand.NewPCG(1, 2))
	means := make([]float64, 1000)
	for i := range means {
		var sum float64
		n := 0
		for range keys {
			for _, d := range byGame[keys[rng.IntN(len(keys))]] {
				sum += d
				n++
			}
		}
		means[i] = sum / float64(max(n, 1))
	}
	sort.Float64s(means)
	r.BiasLow, r.BiasHigh = means[25], means[974]
	r.Raw = winrate.Table(raw, 10, 1000, 1)
	return r, nil
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Print writes the colour test's figures.
func (r MirrorResult) Print(w io.Writer, model string) {
	fmt.Fprintf(w, "colour test of %s over %d play-phase positions of %d games:\n", model, r.Positions, r.Games)
	fmt.Fprintf(w, "  Red's value minus the same player's value with the colours exchanged: mean %+.4f [95%%: %+.4f, %+.4f], mean absolute %.4f\n", r.Bias, r.BiasLow, r.BiasHigh, r.MeanAbs)
	fmt.Fprintf(w, "  Red to move %+.4f, Blue to move %+.4f\n", r.RedToMove, r.BlueToMove)
	fmt.Fprintf(w, "  the raw value of Red in these positions against the results: ECE %.3f [95%%: %.3f, %.3f], log loss %.4f\n", r.Raw.ECE, r.Raw.ECELow, r.Raw.ECEHigh, r.Raw.LogLoss)
}
