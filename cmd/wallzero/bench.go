package main

import (
	"fmt"
	"io"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/apibench"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/searchbench"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/soak"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/wsbench"
)

// runBench implements `wallzero bench <what>`.
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: wallzero bench engine|search|api|workspace|soak|compare|accel [flags]")
		return errUsage
	}
	switch args[0] {
	case "engine":
		return searchbench.Engine(args[1:], stdout, stderr)
	case "search":
		return searchbench.Search(args[1:], stdout, stderr)
	case "api":
		return apibench.API(args[1:], stdout, stderr)
	case "workspace":
		return wsbench.Workspace(args[1:], stdout, stderr)
	case "soak":
		return soak.Soak(args[1:], stdout, stderr)
	case "compare":
		return searchbench.Compare(args[1:], stdout, stderr)
	case "accel":
		return searchbench.Accel(args[1:], stdout, stderr)
	}
	return fmt.Errorf("unknown benchmark %q (engine, search, api, workspace, soak, compare or accel)", args[0])
}
