package program

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/inference"
)

// TestProviderFlags: -provider and -cuda-lib-path default to
// $WALLZERO_PROVIDER and $WALLZERO_CUDA_LIB_PATH, the flags win, and the
// cuda provider's library is the GPU build's.
func TestProviderFlags(t *testing.T) {
	gpuLib := filepath.Join(t.TempDir(), "libonnxruntime.so.1")
	if err := os.WriteFile(gpuLib, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name                  string
		provider, cudaPath    string // the environment
		args                  []string
		wantProvider, wantLib string
		wantCUDAPath          string
	}{
		{name: "nothing set: cpu", wantProvider: "cpu"},
		{name: "the environment", provider: "cuda", cudaPath: "/a:/b", wantProvider: "cuda", wantCUDAPath: "/a:/b", wantLib: gpuLib},
		{name: "the flags win", provider: "cuda", cudaPath: "/a", args: []string{"-provider", "cpu", "-cuda-lib-path", "/c"}, wantProvider: "cpu", wantCUDAPath: "/c"},
		{name: "the flag alone", args: []string{"-provider", "cuda"}, wantProvider: "cuda", wantLib: gpuLib},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(providerEnv, tc.provider)
			t.Setenv(inference.CUDALibPathEnv, tc.cudaPath)
			t.Setenv(inference.GPULibraryEnv, gpuLib)
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			var mf ModelFlags
			mf.Register(fs)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			cfg := mf.NetworkConfig()
			if string(cfg.Provider) != tc.wantProvider || cfg.CUDALibPath != tc.wantCUDAPath {
				t.Fatalf("config %+v, want provider %s and CUDA path %q", cfg, tc.wantProvider, tc.wantCUDAPath)
			}
			if tc.wantLib != "" {
				if lib, err := mf.Library(); err != nil || lib != tc.wantLib {
					t.Fatalf("Library() = %s, %v; want %s", lib, err, tc.wantLib)
				}
			}
		})
	}
}

// TestProviderDefaults: the GPU gets fixed batch sizes, a worker kept
// for interactive work unless the flags say otherwise, and a lone
// search's calls unsplit; the CPU gets none of these.
func TestProviderDefaults(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		fixed    []int
		reserved int
	}{
		{[]string{"-provider", "cpu"}, nil, 0},
		{[]string{"-provider", "cuda", "-max-batch", "512", "-eval-workers", "4"}, []int{64, 128, 256, 512}, 1},
		{[]string{"-provider", "cuda", "-eval-workers", "1"}, []int{64, 128}, 0},
		{[]string{"-provider", "cuda", "-fixed-batches", "none", "-eval-interactive-workers", "0"}, []int{}, 0},
		{[]string{"-provider", "cpu", "-fixed-batches", "8,32", "-eval-interactive-workers", "1"}, []int{8, 32}, 1},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		var mf ModelFlags
		mf.Register(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		if got := mf.NetworkConfig().FixedBatches; !slices.Equal(got, tc.fixed) || (got == nil) != (tc.fixed == nil) {
			t.Errorf("%v: fixed batches %v, want %v", tc.args, got, tc.fixed)
		}
		if got := mf.interactiveWorkers(); got != tc.reserved {
			t.Errorf("%v: %d interactive workers, want %d", tc.args, got, tc.reserved)
		}
		if got, want := mf.oneWorkerPerCall(), mf.Provider == "cuda"; got != want {
			t.Errorf("%v: one worker per call %v, want %v (on the GPU only)", tc.args, got, want)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var mf ModelFlags
	mf.Register(fs)
	if err := fs.Parse([]string{"-fixed-batches", "64,x"}); err == nil || !strings.Contains(err.Error(), `-fixed-batches: "x" is not a positive number`) {
		t.Errorf("a bad -fixed-batches: %v", err)
	}
}
