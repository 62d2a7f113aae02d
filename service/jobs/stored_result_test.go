package jobs

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStoredResultGolden pins the stored shape of a job result: a change
// to it needs a new schema version and a decoder for the old rows.
func TestStoredResultGolden(t *testing.T) {
	t.Parallel()
	result := []byte(`{"id":"g1","visits":24,"winrateCurve":[{"ply":0,"redWinrate":0.5}]}`)
	stored, err := encodeResult(result)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "stored-result-v1.golden.json")
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(append(stored, '\n'), want) {
		t.Errorf("the stored result differs from %s:\n%s", path, stored)
	}
	back, err := decodeResult(stored)
	if err != nil || !bytes.Equal(back, result) {
		t.Errorf("decoded %s, %v; want %s", back, err, result)
	}
}

func TestDecodeStoredResult(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, stored, want, err string
	}{
		{"version 1", `{"schema":1,"result":{"id":"a"}}`, `{"id":"a"}`, ""},
		{"version 1, keys in another order", `{"result":[1,2],"schema":1}`, `[1,2]`, ""},
		{"a row from before versions: the result itself", `{"id":"a","moves":[]}`, `{"id":"a","moves":[]}`, ""},
		{"an old result that has a key named schema", `{"schema":1,"result":2,"id":"x"}`, `{"schema":1,"result":2,"id":"x"}`, ""},
		{"a later version", `{"schema":2,"result":{}}`, "", "schema 2; this build reads schema 1"},
		{"a schema that is not a number", `{"schema":"one","result":{}}`, "", "schema \"one\""},
		{"not JSON", `{"schema":`, "", "stored job result"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := decodeResult([]byte(tc.stored))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(got) || string(got) != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestEncodeResultRefusesNonJSON(t *testing.T) {
	t.Parallel()
	if _, err := encodeResult([]byte("{not json")); err == nil {
		t.Error("a result that is not JSON was stored")
	}
}
