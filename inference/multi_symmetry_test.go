package inference

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// symmetriesFile is the learner's copy of MultiSymmetries.
const symmetriesFile = "../training/wallzero/mp_symmetries.json"

// TestMultiSymmetries checks the gather tables against the encoder and the
// action ids themselves: over whole random games of three and four players
// (setup, breaks and mid-turn positions included), the inputs of t(p) are
// the inputs of p gathered by Features, and every legal move's action
// after t gathers back to the move's own action.
func TestMultiSymmetries(t *testing.T) {
	t.Parallel()
	tables := MultiSymmetries()
	for i, tab := range tables {
		for name, g := range map[string][]int{"features": tab.Features, "actions": tab.Actions} {
			seen := make([]bool, len(g))
			for _, j := range g {
				if j < 0 || j >= len(g) || seen[j] {
					t.Fatalf("%v %s: %d is out of range or repeated: not a permutation", engine.AllSymmetries[i], name, j)
				}
				seen[j] = true
			}
		}
	}
	breaks := 0
	for _, players := range []int{3, 4} {
		for seed := uint64(1); seed <= 4; seed++ {
			for _, p := range multiGame(players, seed) {
				if p.IsOver() {
					continue
				}
				x := encodeMulti(p)
				moves := p.LegalMoves(nil)
				for i, sym := range engine.AllSymmetries {
					tab := tables[i]
					y := encodeMulti(sym.Position(p))
					for j := range y {
						if y[j] != x[tab.Features[j]] {
							t.Fatalf("%d players, %v, input %d (plane %d, square %d): %v after the symmetry, %v gathered",
								players, sym, j, j/PlaneSize, j%PlaneSize, y[j], x[tab.Features[j]])
						}
					}
					for _, m := range moves {
						a, b := MultiActionOf(m), MultiActionOf(sym.Move(m))
						if a < 0 || b < 0 {
							t.Fatalf("%v: no action id", m)
						}
						if tab.Actions[b] != a {
							t.Fatalf("%d players, %v, move %v: action %d goes to %d, which gathers %d", players, sym, m, a, b, tab.Actions[b])
						}
						if m.Kind == engine.Break {
							breaks++
						}
					}
				}
			}
		}
	}
	if breaks == 0 {
		t.Fatal("no break was checked")
	}
}

// TestMultiSymmetriesFile keeps the learner's copy of the tables equal to
// MultiSymmetries (go test ./inference -run MultiSymmetriesFile -update
// rewrites it).
func TestMultiSymmetriesFile(t *testing.T) {
	t.Parallel()
	tables := MultiSymmetries()
	doc := struct {
		Doc      string   `json:"doc"`
		Order    []string `json:"order"`
		Features [][]int  `json:"features"`
		Actions  [][]int  `json:"actions"`
	}{Doc: "Gather indices of the multi-player network's inputs and actions under each board symmetry " +
		"(inference.MultiSymmetries): input j of t(p) is input features[t][j] of p; policy a of t(p) is policy actions[t][a] of p. " +
		"Written by go test ./inference -run MultiSymmetriesFile -update."}
	for i, sym := range engine.AllSymmetries {
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
		t.Fatalf("%v (go test ./inference -run MultiSymmetriesFile -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from inference.MultiSymmetries: rerun with -update", symmetriesFile)
	}
}
