// Command wallzero is the project's single binary: the analysis service and
// its tools, one subcommand each. Run `wallzero help` for the list.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
)

// command is one subcommand: a one-line summary and the function that runs
// it with its arguments (the subcommand's name excluded).
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands lists every subcommand.
var commands = map[string]command{
	"analysis":    {"JSON-lines analysis engine on stdin/stdout (KataGo style)", runAnalysis},
	"perft":       {"count legal move sequences to a depth (move generator check)", runPerft},
	"replay":      {"replay a game, one line per ply, and print the result", runReplay},
	"solve":       {"prove a position's result exactly (endgames); -bench for the reach table", runSolve},
	"bench":       {"benchmarks: `bench engine`, `bench search`, `bench api`", runBench},
	"match":       {"play games between two players (or, with -players 3|4, one against the other in every other seat) and print JSON statistics", runMatch},
	"selfplay":    {"play self-play games and write training samples", runSelfplay},
	"serve":       {"the analysis service: HTTP API and job worker (PostgreSQL)", runServe},
	"worker":      {"run review and opening-batch jobs from the PostgreSQL queue", runWorker},
	"migrate":     {"apply the database schema (migrations/ and River's)", runMigrate},
	"explorer":    {"the opening explorer's table: `explorer fill -depth N`, `explorer selfplay`, `explorer bench`", runExplorer},
	"calibration": {"the win rates' calibration against self-play: `calibration play`, `calibration table`, `calibration fit`", runCalibration},
	"rating":      {"the rating estimate's calibration: `rating review`, `rating fit`", runRating},
	"keys":        {"API keys: `keys create -name NAME`, `keys list`, `keys revoke ID|NAME`", runKeys},
}

// errUsage marks an error already explained by a usage message.
var errUsage = errors.New("usage")

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "wallzero: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	if err := cmd.run(args[1:], stdin, stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		if !errors.Is(err, errUsage) {
			fmt.Fprintf(stderr, "wallzero %s: %v\n", args[0], err)
		}
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: wallzero <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun `wallzero <command> -h` for a command's flags.")
}

// newFlagSet returns a subcommand's flag set, which reports errors
// instead of exiting.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet { return program.NewFlagSet(name, stderr) }
