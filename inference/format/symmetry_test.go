package format

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/internal/testkit/gametest"
	"github.com/wallzero/wallzero/search"
)

// symmetriesFile is the learner's copy of MultiPlayer's tables.
const symmetriesFile = "../../training/wallzero/mp_symmetries.json"

// TestSymmetries checks each format's gather tables: each is a
// permutation, and over whole games (of two players with history; of
// three and four players with setup, breaks and mid-turn positions) the
// inputs of t(p) are the inputs of p gathered by Features, and every legal
// move's action after t gathers back to the move's own action.
func TestSymmetries(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f     Format
		games func() [][]*search.Request
	}{
		{TwoPlayer, func() [][]*search.Request { return [][]*search.Request{twoPlayerGame(1), twoPlayerGame(2)} }},
		{MultiPlayer, func() [][]*search.Request {
			var out [][]*search.Request
			for _, players := range []int{3, 4} {
				for seed := uint64(1); seed <= 4; seed++ {
					out = append(out, requests(gametest.MultiGame(players, seed)))
				}
			}
			return out
		}},
	} {
		t.Run(tc.f.FeatureSet(), func(t *testing.T) {
			t.Parallel()
			tables := tc.f.Symmetries()
			for i, tab := range tables {
				for name, g := range map[string][]int{"features": tab.Features, "actions": tab.Actions} {
					seen := make([]bool, len(g))
					for _, j := range g {
						if j < 0 || j >= len(g) || seen[j] {
							t.Fatalf("%v %s: %d is out of range or repeated: not a permutation", grid.AllSymmetries[i], name, j)
						}
						seen[j] = true
					}
				}
			}
			x, y := make([]float32, tc.f.FeatureSize()), make([]float32, tc.f.FeatureSize())
			for _, game := range tc.games() {
				for _, req := range game {
					tc.f.Encode(x, req)
					for i, sym := range grid.AllSymmetries {
						tab := tables[i]
						tc.f.Encode(y, turnRequest(req, sym))
						for j := range y {
							if y[j] != x[tab.Features[j]] {
								t.Fatalf("ply %d, %v, input %d (plane %d, square %d): %v after the symmetry, %v gathered",
									req.Position.Ply(), sym, j, j/PlaneSize, j%PlaneSize, y[j], x[tab.Features[j]])
							}
						}
						for _, m := range req.Moves {
							a, b := tc.f.ActionOf(m), tc.f.ActionOf(sym.Move(m))
							if a < 0 || b < 0 {
								t.Fatalf("%v: no action id", m)
							}
							if tab.Actions[b] != a {
								t.Fatalf("ply %d, %v, move %v: action %d goes to %d, which gathers %d", req.Position.Ply(), sym, m, a, b, tab.Actions[b])
							}
						}
					}
				}
			}
		})
	}
}

// requests turns a game's positions but the last into requests with their
// legal moves (no history).
func requests(game []engine.Position) []*search.Request {
	var out []*search.Request
	for _, p := range game[:len(game)-1] {
		out = append(out, &search.Request{Position: p, Moves: p.LegalMoves(nil)})
	}
	return out
}

// twoPlayerGame plays random moves of a two-player game of the empty
// opening from seed and returns the request of every position but the
// last, with its history.
func twoPlayerGame(seed uint64) []*search.Request {
	rules, err := engine.Rules{Opening: engine.OpeningEmpty}.Normalize()
	if err != nil {
		panic(err)
	}
	p := engine.NewPosition(rules)
	var history []engine.Position
	var out []*search.Request
	for i := uint64(0); !p.IsOver(); i++ {
		req := &search.Request{Position: p, Moves: p.LegalMoves(nil)}
		for k := 0; k < len(history) && k < search.HistoryLen; k++ {
			req.History[k] = history[len(history)-1-k]
			req.HistoryCount++
		}
		out = append(out, req)
		history = append(history, p)
		p.Apply(req.Moves[(seed*7919+i*104729)%uint64(len(req.Moves))])
	}
	return out
}

// TestMultiPlayerSymmetriesFile keeps the learner's copy of the
// multi-player tables equal to MultiPlayer.Symmetries (go test
// ./inference/format -run MultiPlayerSymmetriesFile -update rewrites it;
// its doc string is the learner's and is kept as it is).
func TestMultiPlayerSymmetriesFile(t *testing.T) {
	t.Parallel()
	tables := MultiPlayer.Symmetries()
	doc := struct {
		Doc      string   `json:"doc"`
		Order    []string `json:"order"`
		Features [][]int  `json:"features"`
		Actions  [][]int  `json:"actions"`
	}{Doc: "Gather indices of the multi-player network's inputs and actions under each board symmetry " +
		"(format.MultiPlayer.Symmetries): input j of t(p) is input features[t][j] of p; policy a of t(p) is policy actions[t][a] of p. " +
		"Written by go test ./inference/format -run MultiPlayerSymmetriesFile -update."}
	for i, sym := range grid.AllSymmetries {
		doc.Order = append(doc.Order, sym.String())
		doc.Features = append(doc.Features, tables[i].Features)
		doc.Actions = append(doc.Actions, tables[i].Actions)
	}
	want, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *update {
		if err := os.WriteFile(symmetriesFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(symmetriesFile)
	if err != nil {
		t.Fatalf("%v (go test ./inference/format -run MultiPlayerSymmetriesFile -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from MultiPlayer.Symmetries: rerun with -update", symmetriesFile)
	}
}
