package inferencetest

import (
	"os"
	"testing"

	"github.com/wallzero/wallzero/inference"
)

// RequireRuntime initialises ONNX Runtime (the library FindLibrary finds)
// or skips the test; with WALLZERO_REQUIRE_ORT=1, as `make test` sets, a
// missing library fails it instead. Tests of package inference itself use
// their own copy, since they cannot import this package.
func RequireRuntime(t testing.TB) {
	t.Helper()
	lib, err := inference.FindLibrary("")
	if err == nil {
		err = inference.InitRuntime(lib)
	}
	if err != nil {
		if os.Getenv("WALLZERO_REQUIRE_ORT") == "1" {
			t.Fatalf("ONNX Runtime: %v", err)
		}
		t.Skipf("ONNX Runtime not available (run `make onnxruntime`): %v", err)
	}
}
