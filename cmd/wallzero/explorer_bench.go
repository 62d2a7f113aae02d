package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/searchbench"
	"github.com/wallzero/wallzero/service/explorer"
)

// explorerBench implements `wallzero explorer bench`: the latency of
// explorer answers read from the table (searchbench.Explorer).
func explorerBench(args []string, stdout, stderr io.Writer) error {
	var f explorerFlags
	fs := f.register("bench", stderr)
	n := fs.Int("n", 200, "lookups")
	moves := fs.String("moves", "", "the node to look up, comma-separated placements (its path must be in the table)")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	ctx := context.Background()
	env, err := f.open(ctx)
	if err != nil {
		return err
	}
	defer env.Close()
	q := &explorer.Query{Opening: f.opening}
	if *moves != "" {
		q.Moves = strings.Split(*moves, ",")
	}
	lat, err := searchbench.Explorer(ctx, env.Svc.Explorer(), q, *n)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{"opening": f.opening, "moves": q.Moves, "lookups": *n,
		"p50ms": lat.P50, "p90ms": lat.P90, "p99ms": lat.P99, "maxms": lat.Max})
}
