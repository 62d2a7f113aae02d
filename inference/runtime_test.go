package inference

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindRuntimeLibrary: which library each provider loads, from the flag,
// the environment and the default folders under the working directory.
func TestFindRuntimeLibrary(t *testing.T) {
	root := t.TempDir()
	touch := func(rel string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cpuDefault, gpuDefault := touch(DefaultLibraryPath), touch(DefaultGPULibraryPath)
	flagLib, cpuEnv, gpuEnv := touch("flag/lib.so"), touch("cpuenv/lib.so"), touch("gpuenv/lib.so")
	bare := t.TempDir() // no default folders under it
	for _, tc := range []struct {
		name              string
		dir               string
		flag, cpuEnv, gpu string
		provider          Provider
		want              string // "" for ErrNoLibrary
		errSays           string
	}{
		{name: "cpu: the default", dir: root, provider: ProviderCPU, want: cpuDefault},
		{name: "cpu: the environment", dir: root, provider: ProviderCPU, cpuEnv: cpuEnv, gpu: gpuEnv, want: cpuEnv},
		{name: "cpu: the flag", dir: root, provider: ProviderCPU, flag: flagLib, cpuEnv: cpuEnv, want: flagLib},
		{name: "no provider is cpu", dir: root, want: cpuDefault},
		{name: "cuda: the default of make onnxruntime-gpu", dir: root, provider: ProviderCUDA, cpuEnv: cpuEnv, want: gpuDefault},
		{name: "cuda: the environment", dir: root, provider: ProviderCUDA, cpuEnv: cpuEnv, gpu: gpuEnv, want: gpuEnv},
		{name: "cuda: the flag", dir: root, provider: ProviderCUDA, flag: flagLib, gpu: gpuEnv, want: flagLib},
		{name: "cuda: nothing fetched", dir: bare, provider: ProviderCUDA, cpuEnv: cpuEnv, errSays: "make onnxruntime-gpu"},
		{name: "cuda: a missing file named", dir: root, provider: ProviderCUDA, gpu: filepath.Join(root, "none.so"), errSays: "none.so"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(tc.dir)
			t.Setenv(LibraryEnv, tc.cpuEnv)
			t.Setenv(GPULibraryEnv, tc.gpu)
			got, err := FindRuntimeLibrary(tc.flag, tc.provider)
			if tc.errSays != "" {
				if !errors.Is(err, ErrNoLibrary) || !strings.Contains(err.Error(), tc.errSays) {
					t.Fatalf("got %q, %v; want ErrNoLibrary saying %q", got, err, tc.errSays)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
}
