package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// TestStoredRows checks the cache row's shape against a golden file and
// that every version this build knows reads back to the same analysis:
// version 3, version 2 (before the per-player raw values), version 1
// (the envelope before the per-player win rates)
// and version 0 (the bare analysis, as rows were written before the
// version existed); an unknown version is refused.
func TestStoredRows(t *testing.T) {
	t.Parallel()
	as, err := heuristicAnalyzer().Analyze(context.Background(), &Query{Moves: []string{"C3", "E3"}, MaxVisits: 16, IncludeOwnership: true})
	if err != nil {
		t.Fatal(err)
	}
	a := as[0]
	row, err := EncodeStored(a)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "stored-row-v3.golden.json")
	if *update {
		if err := os.WriteFile(path, row, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(row, want) {
		t.Errorf("the stored row differs from %s (go test -update rewrites it):\n%s", path, row)
	}
	bare, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	v1 := []byte(`{"schema":1,"analysis":` + string(bare) + `}`)
	v2 := []byte(`{"schema":2,"analysis":` + string(bare) + `}`)
	for name, data := range map[string][]byte{"v3": row, "v2": v2, "v1": v1, "v0": bare} {
		got, err := DecodeStored(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, a) {
			t.Errorf("%s: read back %+v, want %+v", name, got, a)
		}
	}
	for name, data := range map[string]string{"unknown version": `{"schema":99,"analysis":{}}`, "not JSON": `{`} {
		if _, err := DecodeStored([]byte(data)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestStoredMultiPlayer checks that a three-player analysis keeps every
// player's win rate and raw value through its row, and that a row of the
// versions before them, which lacks them, is unreadable (searched again).
func TestStoredMultiPlayer(t *testing.T) {
	t.Parallel()
	as, err := heuristicAnalyzer().Analyze(context.Background(), &Query{Rules: engine.Rules{Players: 3}, Moves: []string{"C3", "E3", "C5", "E5", "B2", "F6"}, MaxVisits: 16})
	if err != nil {
		t.Fatal(err)
	}
	a := as[0]
	if len(a.RootInfo.Winrates) != 3 || a.RootInfo.Winrates[a.RootInfo.CurrentPlayer] != a.RootInfo.Winrate {
		t.Fatalf("rootInfo winrates %v (winrate %v)", a.RootInfo.Winrates, a.RootInfo.Winrate)
	}
	if len(a.RootInfo.RawWinrates) != 3 || a.RootInfo.RawWinrates[a.RootInfo.CurrentPlayer] != a.RootInfo.RawWinrate {
		t.Fatalf("rootInfo rawWinrates %v (rawWinrate %v)", a.RootInfo.RawWinrates, a.RootInfo.RawWinrate)
	}
	row, err := EncodeStored(a)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeStored(row)
	if err != nil || !reflect.DeepEqual(got, a) {
		t.Fatalf("read back %+v, %v", got, err)
	}
	old := *a
	old.RootInfo.Winrates, old.RootInfo.RawWinrates = nil, nil
	bare, err := json.Marshal(&old)
	if err != nil {
		t.Fatal(err)
	}
	v2 := *a
	v2.RootInfo.RawWinrates = nil
	bare2, err := json.Marshal(&v2)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"v2 without raw values": []byte(`{"schema":2,"analysis":` + string(bare2) + `}`),
		"v1":                    []byte(`{"schema":1,"analysis":` + string(bare) + `}`),
		"v0":                    bare,
	} {
		if _, err := DecodeStored(data); err == nil {
			t.Errorf("%s row without per-player win rates was read", name)
		}
	}
}
