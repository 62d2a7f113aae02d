package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/inference/cudalib"
)

// TestProviderCUDAWithoutCUDA: `wallzero bench search -provider cuda`, run
// from the repository with make onnxruntime-gpu's library and no CUDA,
// stops with an error naming the first CUDA library the provider needs and
// how to provide it. $WALLZERO_ORT_LIB (the CPU build) is not used for
// cuda.
func TestProviderCUDAWithoutCUDA(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(root, inference.DefaultGPULibraryPath)
	if _, err := os.Stat(lib); err != nil {
		if os.Getenv("WALLZERO_REQUIRE_ORT_GPU") == "1" {
			t.Fatalf("%v (run make onnxruntime-gpu)", err)
		}
		t.Skipf("ONNX Runtime with the CUDA provider not fetched (make onnxruntime-gpu): %v", err)
	}
	if _, err := cudalib.Check(lib, nil, cudalib.SystemDirs()); err == nil {
		t.Skip("this machine has the CUDA libraries on its system path")
	}
	t.Parallel()
	bin := buildBinary(t)
	cmd := exec.Command(bin, "bench", "search", "-provider", "cuda", "-seconds", "0.1")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "LD_LIBRARY_PATH=", inference.CUDALibPathEnv+"=", inference.GPULibraryEnv+"=")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("bench search -provider cuda succeeded without CUDA:\n%s", out)
	}
	for _, want := range []string{"libcublasLt.so.13 cannot be found", "-cuda-lib-path", inference.CUDALibPathEnv, "LD_LIBRARY_PATH"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output does not say %q:\n%s", want, out)
		}
	}
}
