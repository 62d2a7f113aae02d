package program

import (
	"flag"
	"io"
	"os"
	"path/filepath"
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
