package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
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

// TestRatingReviewServesMultiPlayerNetworks: `wallzero rating review`
// reviews a three-player game with the network -mp-model names, as the
// service would, not with the heuristic evaluator, and its review gives
// the moves' losses in points.
func TestRatingReviewServesMultiPlayerNetworks(t *testing.T) {
	inferencetest.RequireRuntime(t)
	t.Parallel()
	game := `{"rules":{"players":3,"opening":"empty"},"moves":["B2","C2","C3","C6","E6","B1","B1-C1:W","C2-E2:W","C3-B3:S"],` +
		`"players":{"red":"a","blue":"b","green":"c"},"result":{"winner":"red","score":{"red":1,"blue":0,"green":0}}}` + "\n"
	out := filepath.Join(t.TempDir(), "reviewed.jsonl")
	args := []string{"rating", "review", "-in", "-", "-out", out, "-whole", "-levels", "none", "-visits", "16", "-games", "1", "-parallel", "1",
		"-model", "heuristic", "-mp-model", "../../inference/testdata/mp-tiny.onnx"}
	var stdout, stderr bytes.Buffer
	if code := run(args, strings.NewReader(game), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var line struct {
		Model  string `json:"model"`
		Review struct {
			Model string `json:"model"`
			Moves []struct {
				PlayedScoreLead *float32 `json:"playedScoreLead"`
			} `json:"moves"`
		} `json:"review"`
	}
	if err := json.Unmarshal(data, &line); err != nil {
		t.Fatal(err)
	}
	if line.Model == "heuristic-voronoi-v1" || line.Model == "" || line.Review.Model != line.Model {
		t.Errorf("reviewed by %q (review %q), want the -mp-model network", line.Model, line.Review.Model)
	}
	if len(line.Review.Moves) != 9 {
		t.Fatalf("%d moves reviewed, want 9", len(line.Review.Moves))
	}
	for i, m := range line.Review.Moves {
		if m.PlayedScoreLead == nil {
			t.Errorf("move %d has no score lead", i)
		}
	}
}
