package main

import (
	"fmt"
	"io"
	"runtime"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/inference"
)

// commit is the git commit the binary was built from, set by `make build`
// (-ldflags -X main.commit=...); empty in a plain `go build` without VCS
// stamping.
var commit string

func init() {
	commands["version"] = command{"the binary's version, commit and Go, and the model it would serve", runVersion}
}

// runVersion implements `wallzero version`: the module version, the
// commit, the Go version, whether the CPU has 8-bit dot products, and the
// id of the model `serve` would load (-model, else the first of
// program.ServiceModels found for this CPU), read from the model's metadata with
// ONNX Runtime; a missing library or model is said, not an error.
func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", stderr)
	var mf program.ModelFlags
	mf.RegisterService(fs)
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	version, rev := program.BuildVersion(commit)
	fmt.Fprintf(stdout, "wallzero %s\ncommit %s\n%s %s/%s\n", version, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "cpu %s\n", program.CPUVersion(inference.Int8DotProduct()))
	fmt.Fprintf(stdout, "model %s\n", program.ModelVersion(mf))
	for _, line := range program.MultiModelVersions(mf) {
		fmt.Fprintln(stdout, line)
	}
	return nil
}
