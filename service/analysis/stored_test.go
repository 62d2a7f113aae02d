package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestStoredRows checks the cache row's shape against a golden file and
// that every version this build knows reads back to the same analysis:
// version 1 (the envelope) and version 0 (the bare analysis, as rows were
// written before the version existed); an unknown version is refused.
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
	path := filepath.Join("testdata", "stored-row-v1.golden.json")
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
	for name, data := range map[string][]byte{"v1": row, "v0": bare} {
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
