package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestAnalysisCommand: `wallzero analysis` wires its flags to the engine
// (package analysisengine has the protocol's own tests): a query is
// answered, query_version names the build, and -max-visits bounds a query.
func TestAnalysisCommand(t *testing.T) {
	t.Parallel()
	in := `{"id":"a","moves":["C3"],"maxVisits":8}` + "\n" +
		`{"id":"big","moves":["C3"],"maxVisits":100}` + "\n" +
		`{"id":"v","action":"query_version"}` + "\n"
	var out, errOut bytes.Buffer
	args := []string{"analysis", "-model", "heuristic", "-parallel", "1", "-read-all", "-max-visits", "50"}
	if code := run(args, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	got := out.String()
	for _, want := range []string{`"id":"a"`, `"id":"big","error":{"code":"invalid","field":"maxVisits"`, `"action":"query_version","version":`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in:\n%s", want, got)
		}
	}
}
