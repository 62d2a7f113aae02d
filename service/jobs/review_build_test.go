package jobs

import (
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/review"
)

// madeUp is a made-up analysis of a two-player position for the review
// builder: Red's win rate, the side to move's score lead (nil: none),
// and the best move with its win rate and score lead for the mover.
func madeUp(mover string, red float32, lead *float32, best string, bestWin float32, bestLead *float32) *analysis.Analysis {
	c, _ := grid.ParseColor(mover)
	return &analysis.Analysis{
		RootInfo:  analysis.RootInfo{CurrentPlayer: c, Phase: engine.Play, Winrates: []float32{red, 1 - red}, ScoreLead: lead},
		MoveInfos: []analysis.MoveInfo{{Move: mv(best), Winrate: bestWin, ScoreLead: bestLead, PV: mvs(best)}},
	}
}

func f32(v float32) *float32 { return &v }

// TestBuildReview checks the losses in win rate and in points, the
// classification by the worse of the two, and each move's accuracy, on
// made-up analyses of a four-move game (movers: red C3, blue E3, blue C5,
// red E5).
func TestBuildReview(t *testing.T) {
	t.Parallel()
	g, err := engine.Record{Moves: []string{"C3", "E3", "C5", "E5"}}.Game()
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		class  string
		loss   float32
		points float32
		leads  bool // best and played score leads are set
	}
	for _, tc := range []struct {
		name     string
		analyses []*analysis.Analysis
		want     []want
	}{
		{"win rate alone (no score leads)", []*analysis.Analysis{
			madeUp("red", 0.50, nil, "C3", 0.50, nil),  // red plays the best move
			madeUp("blue", 0.50, nil, "D4", 0.60, nil), // blue: best 0.60, after E3 blue 0.52: loss 0.08 inaccuracy
			madeUp("blue", 0.48, nil, "D4", 0.55, nil), // blue: after C5 blue 0.40: loss 0.15 blunder
			madeUp("red", 0.60, nil, "D4", 0.70, nil),  // red: after E5 red 0.58: loss 0.12 mistake
			madeUp("blue", 0.58, nil, "A1", 0.5, nil),
		}, []want{{"best", 0, 0, false}, {"inaccuracy", 0.08, 0, false}, {"blunder", 0.15, 0, false}, {"mistake", 0.12, 0, false}}},
		{"a decided game: points alone", []*analysis.Analysis{
			// Red wins whatever happens; the win rate never moves, the
			// land does. Leads are the side to move's.
			madeUp("red", 1, f32(20), "C3", 1, f32(20)),      // best move
			madeUp("blue", 1, f32(-20), "D4", 0, f32(-17)),   // blue could keep -17
			madeUp("blue", 1, f32(-18.2), "D4", 0, f32(-17)), // after E3 blue's lead is -18.2: 1.2 points lost, inaccuracy
			madeUp("red", 1, f32(24), "D4", 1, f32(25)),      // after C5 blue's lead is -24: 7 points lost, blunder
			madeUp("blue", 1, f32(-23), "A1", 0, nil),        // after E5 red's lead is 23: 2 points lost, mistake
		}, []want{{"best", 0, 0, true}, {"inaccuracy", 0, 1.2, true}, {"blunder", 0, 7, true}, {"mistake", 0, 2, true}}},
		{"the worse currency counts", []*analysis.Analysis{
			madeUp("red", 0.5, f32(0), "C3", 0.5, f32(0)),
			madeUp("blue", 0.5, f32(0), "D4", 0.55, f32(1)),      // blue: 0.03 of win rate, 2 points: mistake by points
			madeUp("blue", 0.48, f32(-1), "D4", 0.55, f32(-1.5)), // blue: 0.15 of win rate, 0.5 point: blunder by win rate
			madeUp("red", 0.60, f32(2), "D4", 0.6, f32(2)),
			madeUp("blue", 0.6, f32(-2), "A1", 0.5, nil), // red: no loss in either
		}, []want{{"best", 0, 0, true}, {"mistake", 0.03, 2, true}, {"blunder", 0.15, 0.5, true}, {"good", 0, 0, true}}},
		{"a finished game's margin is its land", []*analysis.Analysis{
			madeUp("red", 0.9, f32(8), "C3", 0.9, f32(8)),
			madeUp("blue", 0.9, f32(-8), "E3", 0.1, f32(-8)),
			madeUp("blue", 0.9, f32(-8), "C5", 0.1, f32(-8)),
			madeUp("red", 0.9, f32(8), "D4", 1, f32(12)),
			// Over: Red holds 27, Blue 22, so Red's margin is 5 against
			// the 12 the best move promised: a blunder by points.
			{RootInfo: analysis.RootInfo{CurrentPlayer: grid.Blue, Phase: engine.Over, Winrates: []float32{1, 0}}, Territory: []int{27, 22}},
		}, []want{{"best", 0, 0, true}, {"best", 0, 0, true}, {"best", 0, 0, true}, {"blunder", 0, 7, true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := buildReview(g, tc.analyses, 2)
			for i, w := range tc.want {
				m := r.Moves[i]
				if m.Classification != w.class || m.Loss != w.loss || m.PointsLoss != w.points || (m.BestScoreLead != nil) != w.leads || (m.PlayedScoreLead != nil) != w.leads {
					t.Errorf("move %d: %s loss %v points %v leads %v/%v, want %s %v %v leads %v", i, m.Classification, m.Loss, m.PointsLoss,
						m.BestScoreLead, m.PlayedScoreLead, w.class, w.loss, w.points, w.leads)
				}
				if a := review.TwoPlayerThresholds.MoveAccuracy(w.loss, w.points); m.Accuracy != a {
					t.Errorf("move %d: accuracy %v, want %v", i, m.Accuracy, a)
				}
			}
			if r.Thresholds != review.TwoPlayerThresholds {
				t.Errorf("thresholds %+v", r.Thresholds)
			}
		})
	}
}

// TestMoveAccuracy: a move that loses nothing is 100, one that loses
// both currencies is judged by the worse, points count at the
// thresholds' PointsPerWinrate (an inaccuracy's points weigh as an
// inaccuracy's win rate, for two players and for more), and losses are
// stretched by accuracyLossScale (Lichess's scale gives 79.8 for 0.05 and
// 63.6 for 0.10).
func TestMoveAccuracy(t *testing.T) {
	t.Parallel()
	for _, th := range []review.Thresholds{review.TwoPlayerThresholds, review.MultiPlayerThresholds} {
		for _, tc := range []struct {
			loss, points float32
			want         float64
		}{
			{0, 0, 100},
			{0.05, 0, 71.3},
			{0, float32(th.InaccuracyPoints), 71.3},
			{0.05, float32(th.InaccuracyPoints), 71.3},
			{0.10, float32(th.InaccuracyPoints), 50.5},
			{0, float32(2 * th.InaccuracyPoints), 50.5},
			{1, 0, 0},
			{0, 40, 0},
		} {
			if got := th.MoveAccuracy(tc.loss, tc.points); got != tc.want {
				t.Errorf("%+v: MoveAccuracy(%v, %v) = %v, want %v", th, tc.loss, tc.points, got, tc.want)
			}
		}
	}
}

// TestThresholdsFor: two-player games are classified by the points
// thresholds measured on the margin head, three- and four-player games by
// the wider ones of their noisier Voronoi leads; the win-rate thresholds
// are Lichess's for every count, and a class needs either currency.
func TestThresholdsFor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		players      int
		loss, points float32
		want         string
	}{
		{2, 0, 0.89, "good"},
		{2, 0, 0.9, "inaccuracy"},
		{2, 0, 1.8, "mistake"},
		{2, 0, 2.7, "blunder"},
		{2, 0.1, 0, "mistake"},
		{3, 0, 0.9, "good"},
		{3, 0, 1.5, "inaccuracy"},
		{4, 0, 4.4, "mistake"},
		{4, 0.15, 0, "blunder"},
	} {
		th := review.ThresholdsFor(tc.players)
		if got := th.Classify(tc.loss, tc.points, false); got != tc.want {
			t.Errorf("%d players: Classify(%v, %v) = %s, want %s", tc.players, tc.loss, tc.points, got, tc.want)
		}
		if th.Classify(tc.loss, tc.points, true) != "best" {
			t.Errorf("%d players: the engine's move is not best", tc.players)
		}
	}
}

// TestPlayersAccuracy: a player's accuracy is the mean of a weighted and
// a harmonic mean of its moves; the weights are how much was in play
// around each move, so the moves of a balanced, swinging phase count
// more than those of a decided one, where only points still move.
func TestPlayersAccuracy(t *testing.T) {
	t.Parallel()
	// The first ten moves of the self-play game; movers: red, blue,
	// blue, red, red, blue, red, blue, red, blue.
	full := selfPlayGame(t)
	g, err := engine.Record{Rules: full.Rules, Moves: moveTexts(full.Moves[:10])}.Game()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		red       []float32 // Red's win rate at each position
		leads     []float32 // Red's score lead at each position
		accuracy  []float64 // each move's accuracy
		wantRed   func(float64) bool
		wantBlue  float64
		condition string
	}{
		{"flat game: equal weights", flat(11, 0.5), flat(11, 0), []float64{100, 100, 100, 50, 100, 100, 100, 100, 100, 100},
			func(a float64) bool { return a == 86.7 }, 100, "red's 100,100,50,100,100: weighted mean 90, harmonic 83.3"},
		{"an early swing outweighs the decided rest",
			[]float32{0.5, 0.5, 0.5, 0.5, 0.2, 0.01, 0, 0, 0, 0, 0}, flat(11, 0), []float64{100, 100, 100, 20, 100, 100, 100, 100, 100, 100},
			func(a float64) bool { return a < 62 }, 100, "red's one bad move in the swing weighs more than four decided good ones (unweighted: mean 84, harmonic 55.6, 69.8)"},
		{"decided, but land changes hands: the points count",
			flat(11, 0), []float32{-20, -20, -20, -20, -20, -20, -28, -28, -36, -36, -44}, []float64{100, 100, 100, 100, 100, 100, 40, 100, 40, 100},
			func(a float64) bool { return a < 65 }, 100, "red's two points-losing moves count more than the quiet start (unweighted: mean 76, harmonic 62.5, 69.3)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			analyses := make([]*analysis.Analysis, len(tc.red))
			rates := make([][]float32, len(tc.red))
			for i := range tc.red {
				mover := "red"
				lead := tc.leads[i]
				if i < len(g.Movers) && g.Movers[i] != grid.Red {
					mover, lead = "blue", -lead
				}
				analyses[i] = madeUp(mover, tc.red[i], f32(lead), "A1", 0.5, nil)
				rates[i] = []float32{tc.red[i], 1 - tc.red[i]}
			}
			res := &ReviewResult{Thresholds: review.TwoPlayerThresholds}
			for i := range g.Moves {
				res.Moves = append(res.Moves, MoveReview{Ply: i, Player: g.Movers[i], Accuracy: tc.accuracy[i]})
			}
			acc := review.PlayersAccuracy(res, g, rates, analyses)
			if !tc.wantRed(acc[grid.Red]) || acc[grid.Blue] != tc.wantBlue {
				t.Errorf("accuracy %v; want %s, blue %v", acc, tc.condition, tc.wantBlue)
			}
		})
	}
}

func moveTexts(ms []grid.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

func flat(n int, v float32) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = v
	}
	return out
}
