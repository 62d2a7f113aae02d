package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
)

// runExplorer implements `wallzero explorer fill|selfplay|bench`: the
// opening explorer's table (docs/openings.md).
func runExplorer(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	usage := "usage: wallzero explorer fill|selfplay|bench [flags] (-h for the flags of each)"
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return errUsage
	}
	switch args[0] {
	case "fill":
		return explorerFill(args[1:], stdout, stderr)
	case "selfplay":
		return explorerSelfplay(args[1:], stdout, stderr)
	case "bench":
		return explorerBench(args[1:], stdout, stderr)
	}
	fmt.Fprintln(stderr, usage)
	return errUsage
}

// explorerFlags are the flags every explorer command shares.
type explorerFlags struct {
	model    program.ModelFlags
	dbURL    string
	opening  string
	parallel int
}

// register returns the flag set of the explorer command name with the
// shared flags.
func (f *explorerFlags) register(name string, stderr io.Writer) *flag.FlagSet {
	fs := newFlagSet("explorer "+name, stderr)
	f.model.RegisterService(fs)
	fs.StringVar(&f.dbURL, "database-url", "", "PostgreSQL URL (env DATABASE_URL)")
	fs.StringVar(&f.opening, "opening", "four-stone", "opening: empty or four-stone")
	fs.IntVar(&f.parallel, "parallel", 4, "searches (or games) in flight at once")
	return fs
}

// open wires the service (migrating the database first).
func (f *explorerFlags) open(ctx context.Context) (*program.Explorer, error) {
	return program.OpenExplorer(ctx, f.model, f.dbURL, f.parallel)
}
