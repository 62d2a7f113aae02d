package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// TestStoredRows checks the cache row's shape against a golden file and
// that it reads back to the same analysis; a row of any other version,
// or without one, is refused with an error that names `wallzero migrate`.
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
	got, err := DecodeStored(row)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, a) {
		t.Errorf("read back %+v, want %+v", got, a)
	}
	var bare json.RawMessage
	if err := json.Unmarshal(row, &struct {
		Analysis *json.RawMessage `json:"analysis"`
	}{&bare}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, row, err string
	}{
		{"schema 2", `{"schema":2,"analysis":` + string(bare) + `}`, "cache row schema 2: this build reads schema 3 only (`wallzero migrate`"},
		{"schema 99", `{"schema":99,"analysis":{}}`, "cache row schema 99"},
		{"no schema (a bare analysis)", string(bare), "cache row schema none"},
		{"not JSON", `{`, "cache row: "},
	} {
		if _, err := DecodeStored([]byte(tc.row)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.err)
		}
	}
}

// TestStoredMultiPlayer checks that a three-player analysis keeps every
// player's win rate, raw value and lead through its row, and that the
// side to move's lead is its score lead.
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
	if lead := a.RootInfo.ScoreLead; len(a.RootInfo.ScoreLeads) != 3 || lead == nil || a.RootInfo.ScoreLeads[a.RootInfo.CurrentPlayer] != *lead {
		t.Fatalf("rootInfo scoreLeads %v (scoreLead %v)", a.RootInfo.ScoreLeads, lead)
	}
	for _, mi := range a.MoveInfos {
		if mi.ScoreLead == nil {
			t.Fatalf("move %s has no score lead", mi.Move)
		}
	}
	row, err := EncodeStored(a)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeStored(row)
	if err != nil || !reflect.DeepEqual(got, a) {
		t.Fatalf("read back %+v, %v", got, err)
	}
}

// FuzzDecodeStored: no cache row makes DecodeStored panic, and a row it
// accepts encodes again and reads back the same.
func FuzzDecodeStored(f *testing.F) {
	if row, err := os.ReadFile(filepath.Join("testdata", "stored-row-v3.golden.json")); err == nil {
		f.Add(row)
	}
	f.Add([]byte(`{"schema":3,"analysis":{"territory":{"red":1,"blue":2},"rootInfo":{"currentPlayer":"red","phase":"play","redWinrate":0.5,"hash":"00","canonicalHash":"00"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := DecodeStored(data)
		if err != nil {
			return
		}
		row, err := EncodeStored(a)
		if err != nil {
			t.Fatalf("a decoded row does not encode: %v", err)
		}
		b, err := DecodeStored(row)
		if err != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("read back %+v, %v; want %+v", b, err, a)
		}
	})
}
