package inference

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/inference/format"

	"github.com/wallzero/wallzero/inference/cudalib"
)

// The child process of the tests below: ONNX Runtime is initialised once
// per process, so each core (1.29.0 from make onnxruntime-gpu, the CPU
// build from make onnxruntime) is loaded in a process of its own.
const (
	childEnv     = "WALLZERO_TEST_ORT_CHILD"      // the provider to load the model with
	childLibEnv  = "WALLZERO_TEST_ORT_CHILD_LIB"  // the ONNX Runtime library
	childCUDAEnv = "WALLZERO_TEST_ORT_CHILD_CUDA" // its -cuda-lib-path
)

// childResult is what the child prints: the shipped model's outputs for
// one position, or the error of loading it.
type childResult struct {
	Err    string    `json:"err,omitempty"`
	Policy []float32 `json:"policy,omitempty"`
	Value  []float32 `json:"value,omitempty"`
	Margin []float32 `json:"margin,omitempty"`
}

// childPosition is the position the child evaluates (just after the placement).
var childPosition = []string{"C3", "E3", "C5", "E5", "E5-E4:N"}

// TestORTChild is the child process; it does nothing in a plain run.
func TestORTChild(t *testing.T) {
	provider := os.Getenv(childEnv)
	if provider == "" {
		t.Skip("the child process of TestFetchedGPUCore")
	}
	var res childResult
	if err := InitRuntime(os.Getenv(childLibEnv)); err != nil {
		t.Fatal(err)
	}
	net, err := LoadNetwork(filepath.Join("..", "models", "wallzero.onnx"), NetworkConfig{Provider: Provider(provider), CUDALibPath: os.Getenv(childCUDAEnv)})
	if err != nil {
		res.Err = err.Error()
	} else {
		defer net.Close()
		in := make([]float32, format.TwoPlayer.FeatureSize())
		format.TwoPlayer.Encode(in, requestAfter(t, childPosition...))
		out := net.NewOutputs(1)
		if err := net.Run(in, 1, out); err != nil {
			t.Fatal(err)
		}
		res.Policy, res.Value, res.Margin = out.Policy, out.Value, out.Margin
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("\nORT-CHILD %s\n", b)
}

// runChild runs TestORTChild with lib and provider, the CUDA libraries'
// folders set to cudaPath and LD_LIBRARY_PATH emptied.
func runChild(t *testing.T, lib string, provider Provider, cudaPath string) childResult {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestORTChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"="+string(provider), childLibEnv+"="+lib, childCUDAEnv+"="+cudaPath, "LD_LIBRARY_PATH=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child (%s, %s): %v\n%s", lib, provider, err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if js, ok := strings.CutPrefix(line, "ORT-CHILD "); ok {
			var res childResult
			if err := json.Unmarshal([]byte(js), &res); err != nil {
				t.Fatalf("child output %q: %v", js, err)
			}
			return res
		}
	}
	t.Fatalf("child (%s, %s) printed no result:\n%s", lib, provider, out)
	return childResult{}
}

// fetchedGPUCore returns the core of make onnxruntime-gpu, or skips the
// test without it (fails with WALLZERO_REQUIRE_ORT_GPU=1).
func fetchedGPUCore(t *testing.T) string {
	t.Helper()
	lib, err := filepath.Abs(filepath.Join("..", DefaultGPULibraryPath))
	if err == nil {
		_, err = os.Stat(lib)
	}
	if err != nil {
		if os.Getenv("WALLZERO_REQUIRE_ORT_GPU") == "1" {
			t.Fatalf("ONNX Runtime with the CUDA provider: %v (run make onnxruntime-gpu)", err)
		}
		t.Skipf("ONNX Runtime with the CUDA provider not fetched (make onnxruntime-gpu): %v", err)
	}
	return lib
}

// TestFetchedGPUCore: the 1.29.0 core of make onnxruntime-gpu runs the
// shipped model on the CPU provider, with the outputs of the CPU build
// (make onnxruntime) when that is there too; and -provider cuda on a
// machine without CUDA fails naming the first library the CUDA provider
// needs.
func TestFetchedGPUCore(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	lib := fetchedGPUCore(t)
	t.Parallel()
	got := runChild(t, lib, ProviderCPU, "")
	if got.Err != "" {
		t.Fatalf("1.29.0 core, cpu provider: %s", got.Err)
	}
	if len(got.Policy) != format.TwoPlayer.NumActions() || len(got.Value) != 3 {
		t.Fatalf("outputs of sizes policy %d value %d", len(got.Policy), len(got.Value))
	}
	if s := got.Value[0] + got.Value[1] + got.Value[2]; math.Abs(float64(s)-1) > 1e-4 {
		t.Fatalf("value %v does not sum to 1", got.Value)
	}
	if cpuLib, err := FindLibrary(""); err != nil {
		t.Logf("no CPU build to compare with: %v", err)
	} else {
		want := runChild(t, cpuLib, ProviderCPU, "")
		if want.Err != "" {
			t.Fatalf("CPU build: %s", want.Err)
		}
		for _, o := range []struct {
			name      string
			got, want []float32
		}{{"policy", got.Policy, want.Policy}, {"value", got.Value, want.Value}, {"margin", got.Margin, want.Margin}} {
			d := maxAbsDiff(o.got, o.want)
			if d > 1e-4 {
				t.Errorf("%s: 1.29.0 and the CPU build (%s) differ by up to %g", o.name, cpuLib, d)
			}
			t.Logf("%s: 1.29.0 and the CPU build (%s) differ by up to %g", o.name, cpuLib, d)
		}
	}

	empty := t.TempDir()
	if _, err := cudalib.Check(lib, []string{empty}, cudalib.SystemDirs()); err == nil {
		t.Log("this machine has the CUDA libraries on its system path: the missing-library error is not checked")
		return
	}
	cuda := runChild(t, lib, ProviderCUDA, empty)
	t.Logf("-provider cuda without CUDA: %s", cuda.Err)
	for _, want := range []string{ErrNoProvider.Error(), "libcublasLt.so.13 cannot be found (needed by " + cudalib.CUDAProvider + ")", "-cuda-lib-path", CUDALibPathEnv, "LD_LIBRARY_PATH"} {
		if !strings.Contains(cuda.Err, want) {
			t.Errorf("-provider cuda without CUDA: error %q does not say %q", cuda.Err, want)
		}
	}
}

// maxAbsDiff is the largest difference between a and b (infinite when
// their lengths differ).
func maxAbsDiff(a, b []float32) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	var d float64
	for i := range a {
		d = math.Max(d, math.Abs(float64(a[i]-b[i])))
	}
	return d
}

// TestProviderCUDAWithTheCPUBuild: the CUDA provider asked of a core
// without it beside it says so and how to get one.
func TestProviderCUDAWithTheCPUBuild(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	_, err := LoadNetwork(filepath.Join("testdata", "tiny.onnx"), NetworkConfig{Provider: ProviderCUDA})
	if !errors.Is(err, ErrNoProvider) || !errors.Is(err, cudalib.ErrNoCUDAProvider) || !strings.Contains(err.Error(), "make onnxruntime-gpu") {
		t.Fatalf("err = %v, want ErrNoProvider naming the missing provider and make onnxruntime-gpu", err)
	}
}
