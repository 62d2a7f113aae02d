package inferencetest

import (
	"os"
	"testing"

	"github.com/wallzero/wallzero/inference"
)

// StartRuntime initialises ONNX Runtime (the library FindLibrary finds).
// With WALLZERO_REQUIRE_ORT=1, as `make test` sets, a missing library
// fails the test; otherwise its error comes back for the caller to skip
// or to carry on without the network.
func StartRuntime(t testing.TB) error {
	t.Helper()
	lib, err := inference.FindLibrary("")
	if err == nil {
		err = inference.InitRuntime(lib)
	}
	if err != nil && os.Getenv("WALLZERO_REQUIRE_ORT") == "1" {
		t.Fatalf("ONNX Runtime: %v", err)
	}
	return err
}

// RequireRuntime is StartRuntime that skips the test without the library.
// Tests of package inference itself use their own copy, since they cannot
// import this package.
func RequireRuntime(t testing.TB) {
	t.Helper()
	if err := StartRuntime(t); err != nil {
		t.Skipf("ONNX Runtime not available (run `make onnxruntime`): %v", err)
	}
}
