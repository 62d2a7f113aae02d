package program

import (
	"fmt"
	"runtime/debug"

	"github.com/wallzero/wallzero/service/winrate"
)

// CPUVersion says whether the CPU has 8-bit dot products, which decides
// between the quantized teacher and the float student.
func CPUVersion(int8 bool) string {
	if int8 {
		return "int8 dot products: yes (the service prefers " + ServiceInt8TeacherModel + ")"
	}
	return "int8 dot products: no (the service uses float models)"
}

// BuildVersion returns the module version of the binary and the commit it
// was built from: commit when set (make's -ldflags), else Go's VCS stamp,
// else "unknown"; "(modified)" after it for a dirty tree.
func BuildVersion(commit string) (version, rev string) {
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

// ModelVersion describes the two-player model serve would use.
func ModelVersion(mf ModelFlags) string {
	ev := NewServiceEvaluators(mf)
	defer ev.Close()
	path, err := ev.ResolveModel("")
	if err != nil {
		return "none (" + err.Error() + "; two-player games use the heuristic)"
	}
	if path == HeuristicModel {
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
	return fmt.Sprintf("%s (%s, %d blocks x %d channels%s)", net.Info.ID, path, net.Info.Blocks, net.Info.Channels, inside) +
		CalibrationVersion(mf, net.Info.ID, path)
}

// CalibrationVersion says which win rates the service would report for
// the model id at path: mapped by the calibration beside it (its file and
// digest), or the search's own (none shipped, or -uncalibrated).
func CalibrationVersion(mf ModelFlags, id, path string) string {
	f, err := CalibrationOf(mf, id, path, nil)
	switch {
	case err != nil:
		return "; win-rate calibration refused: " + err.Error()
	case f == nil:
		return "; win rates: the search's own"
	default:
		return fmt.Sprintf("; win rates calibrated by %s (%s)", winrate.PathFor(path), f.ID())
	}
}
