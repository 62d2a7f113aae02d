package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/program"
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
// ServiceModels found for this CPU), read from the model's metadata with
// ONNX Runtime; a missing library or model is said, not an error.
func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", stderr)
	var mf program.ModelFlags
	mf.RegisterService(fs)
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	version, rev := buildVersion()
	fmt.Fprintf(stdout, "wallzero %s\ncommit %s\n%s %s/%s\n", version, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "cpu %s\n", cpuVersion(inference.Int8DotProduct()))
	fmt.Fprintf(stdout, "model %s\n", modelVersion(mf))
	return nil
}

// cpuVersion says whether the CPU has 8-bit dot products, which decides
// between the quantized teacher and the float student.
func cpuVersion(int8 bool) string {
	if int8 {
		return "int8 dot products: yes (the service prefers " + program.ServiceInt8TeacherModel + ")"
	}
	return "int8 dot products: no (the service uses float models)"
}

// buildVersion returns the module version of the binary and the commit it
// was built from ("unknown" when neither make's -ldflags nor Go's VCS
// stamp says; "(modified)" after it for a dirty tree).
func buildVersion() (version, rev string) {
	version, rev = "(devel)", commit
	modified := false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && rev == "":
				rev = s.Value
			case s.Key == "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if rev == "" {
		rev = "unknown"
	} else if modified {
		rev += " (modified)"
	}
	return version, rev
}

// modelVersion describes the two-player model serve would use.
func modelVersion(mf program.ModelFlags) string {
	ev := program.NewServiceEvaluators(mf)
	defer ev.Close()
	path, err := ev.ResolveModel("")
	if err != nil {
		return "none (" + err.Error() + "; two-player games use the heuristic)"
	}
	if path == program.HeuristicModel {
		return "heuristic (chosen with -model heuristic)"
	}
	net, err := ev.OpenNetwork(path)
	if err != nil {
		return "unreadable: " + err.Error()
	}
	inside := ""
	if net.Info.InnerChannels != net.Info.Channels {
		inside = fmt.Sprintf(", %d inside", net.Info.InnerChannels)
	}
	return fmt.Sprintf("%s (%s, %d blocks x %d channels%s)", net.Info.ID, path, net.Info.Blocks, net.Info.Channels, inside)
}
