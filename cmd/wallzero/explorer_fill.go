package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/service/explorer"
)

// explorerFill implements `wallzero explorer fill`.
func explorerFill(args []string, stdout, stderr io.Writer) error {
	var f explorerFlags
	fs := f.register("fill", stderr)
	depth := fs.Int("depth", 2, "placements from the start to fill (0: the start only)")
	visits := fs.Int("visits", 100, "visits of each position's search")
	queue := fs.Bool("queue", false, "queue the fill as a job for the workers of `wallzero serve` or `wallzero worker`, print it and return")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	ctx := context.Background()
	env, err := f.open(ctx)
	if err != nil {
		return err
	}
	defer env.Close()
	if *queue {
		j, err := env.Svc.Jobs().SubmitExplorerFill(ctx, &explorer.FillRequest{Opening: f.opening, Depth: *depth, Visits: *visits})
		if err != nil {
			return err
		}
		return json.NewEncoder(stdout).Encode(j)
	}
	start := time.Now()
	last := time.Now()
	st, err := env.Svc.Explorer().FillExplorer(ctx, f.opening, *depth, *visits, func(d, done, total int) {
		if time.Since(last) > 5*time.Second || done == total {
			last = time.Now()
			fmt.Fprintf(stderr, "explorer fill: depth %d: %d/%d searched, %.0f s\n", d, done, total, time.Since(start).Seconds())
		}
	})
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{
		"opening": f.opening, "depth": *depth, "visits": *visits, "parallel": f.parallel,
		"positions": st.Positions, "searched": st.Searched, "seconds": stats.Round2(time.Since(start).Seconds()),
		"tableRows": st.Size.Positions, "rowsByPlaced": st.Size.ByPlaced, "tableBytes": st.Size.Bytes,
		"tableMB": stats.Round2(float64(st.Size.Bytes) / (1 << 20)),
	})
}
