package inference

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/inference/format"

	"github.com/wallzero/wallzero/search"
)

// requireRuntime initialises ONNX Runtime or skips the test; with
// WALLZERO_REQUIRE_ORT=1 (as `make test` sets) a missing library fails it.
func requireRuntime(t testing.TB) {
	t.Helper()
	path, err := FindLibrary("")
	if err == nil {
		err = InitRuntime(path)
	}
	if err != nil {
		if os.Getenv("WALLZERO_REQUIRE_ORT") == "1" {
			t.Fatalf("ONNX Runtime: %v", err)
		}
		t.Skipf("ONNX Runtime not available (run `make onnxruntime`): %v", err)
	}
}

// checkFile is what training/wallzero/export.py --check writes: inputs and
// PyTorch's outputs for them.
type checkFile struct {
	ModelID   string      `json:"model_id"`
	Inputs    [][]float32 `json:"inputs"`
	Policy    [][]float32 `json:"policy"`
	Value     [][]float32 `json:"value"`
	Margin    [][]float32 `json:"margin"`
	Ownership [][]float32 `json:"ownership"`
}

// TestNetworkMatchesPyTorch runs the exported test models on the inputs
// PyTorch saw and compares every output (max abs diff < 1e-4).
func TestNetworkMatchesPyTorch(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	for _, name := range []string{"tiny", "tiny-bottleneck", "random-6x64"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			net, err := LoadNetwork(filepath.Join("testdata", name+".onnx"), NetworkConfig{})
			if err != nil {
				t.Fatal(err)
			}
			defer net.Close()
			data, err := os.ReadFile(filepath.Join("testdata", name+".check.json"))
			if err != nil {
				t.Fatal(err)
			}
			var cf checkFile
			if err := json.Unmarshal(data, &cf); err != nil {
				t.Fatal(err)
			}
			if net.Info.ID != cf.ModelID || net.Info.Features != format.TwoPlayer.FeatureSet() || !net.Info.HasHead(OwnershipName) {
				t.Fatalf("metadata %+v", net.Info)
			}
			n := len(cf.Inputs)
			in := make([]float32, 0, n*format.TwoPlayer.FeatureSize())
			for _, x := range cf.Inputs {
				in = append(in, x...)
			}
			out := net.NewOutputs(n)
			if err := net.Run(in, n, out); err != nil {
				t.Fatal(err)
			}
			worst := 0.0
			compare := func(head string, got []float32, want [][]float32) {
				width := len(got) / n
				for i := range want {
					if len(want[i]) != width {
						t.Fatalf("%s: width %d, check file has %d", head, width, len(want[i]))
					}
					for j, w := range want[i] {
						d := math.Abs(float64(got[i*width+j] - w))
						worst = max(worst, d)
						if d >= 1e-4 {
							t.Fatalf("%s[%d][%d] = %v, PyTorch %v", head, i, j, got[i*width+j], w)
						}
					}
				}
			}
			compare("policy", out.Policy, cf.Policy)
			compare("value", out.Value, cf.Value)
			compare("margin", out.Margin, cf.Margin)
			compare("ownership", out.Ownership, cf.Ownership)
			t.Logf("%s: max abs diff %.2g over %d samples", name, worst, n)
		})
	}
}

func TestModelMetadataChecks(t *testing.T) {
	t.Parallel()
	good := ModelInfo{ID: "m", Features: format.TwoPlayer.FeatureSet(), Actions: format.TwoPlayer.ActionLayout(), Heads: []string{"policy", "value"}}
	for _, tc := range []struct {
		name string
		edit func(*ModelInfo)
		want string
	}{
		{"ok", func(*ModelInfo) {}, ""},
		{"no metadata", func(m *ModelInfo) { m.Features, m.Actions = "", "" }, "no WallZero metadata"},
		{"features", func(m *ModelInfo) { m.Features = "wallzero-b-8-v0" }, "feature set"},
		{"actions", func(m *ModelInfo) { m.Actions = "other" }, "action layout"},
		{"heads", func(m *ModelInfo) { m.Heads = []string{"policy"} }, "heads"},
		{"multi-player", func(m *ModelInfo) {
			m.Features, m.Actions = format.MultiPlayer.FeatureSet(), format.MultiPlayer.ActionLayout()
		}, ""},
		{"multi-player features, two-player actions", func(m *ModelInfo) { m.Features = format.MultiPlayer.FeatureSet() }, "action layout"},
		{"id", func(m *ModelInfo) { m.ID = "" }, "model id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m := good
			tc.edit(&m)
			err := m.check()
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error about %q", err, tc.want)
			}
		})
	}
}

func TestLoadRefusesBadFiles(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.onnx")
	if err := os.WriteFile(junk, []byte("not a model"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadNetwork(junk, NetworkConfig{}); err == nil {
		t.Error("a junk file loaded")
	}
	if _, err := LoadNetwork(filepath.Join(dir, "missing.onnx"), NetworkConfig{}); err == nil {
		t.Error("a missing file loaded")
	}
	if _, err := LoadNetwork(filepath.Join("testdata", "tiny.onnx"), NetworkConfig{Provider: "tpu"}); !errors.Is(err, ErrNoProvider) {
		t.Errorf("unknown provider: got %v", err)
	}
}

// TestSearchOnRealNetwork runs a search through the batcher on the tiny
// model: the whole stack from features to ONNX Runtime to MCTS.
func TestSearchOnRealNetwork(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	net, err := LoadNetwork(filepath.Join("testdata", "tiny.onnx"), NetworkConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer net.Close()
	b := NewBatcher(net, DefaultBatcherConfig())
	defer b.Close()
	req := requestAfter(t, "C3", "E3", "C5", "E5")
	cfg := search.DefaultConfig()
	cfg.MaxVisits = 64
	s, err := search.New(b, cfg, req.Position, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Visits < 64 || !res.HasMargin || res.Ownership == nil {
		t.Fatalf("result: %d visits, margin %v, ownership %v", res.Visits, res.HasMargin, res.Ownership != nil)
	}
	if err := req.Position.CheckMove(res.Best); err != nil {
		t.Fatalf("best move %s illegal: %v", res.Best, err)
	}
}
