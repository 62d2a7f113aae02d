package searchbench

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
)

// profileSearch implements `bench search -cpuprofile FILE`: n concurrent
// searches of pos on one batcher, as in the throughput measurement, for
// dur under Go's CPU profiler. The profile shows how the cores' time
// splits between the network (runtime.cgocall), the tree (package
// search), feature encoding and output decoding (package inference) and
// the runtime; docs/performance.md says how to read it.
func profileSearch(net *inference.Network, pos engine.Position, n, leafBatch int, mf program.ModelFlags, dur time.Duration, file string, stdout io.Writer) error {
	if n < 1 {
		return fmt.Errorf("-profile-searches must be at least 1, got %d", n)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return err
	}
	start := time.Now()
	rate, st := searchThroughput(net, pos, n, leafBatch, mf, batchMode{name: "spread", net: net}, dur)
	elapsed := time.Since(start) // longer than dur: the searches running at dur finish
	pprof.StopCPUProfile()
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "profiled searches=%d seconds=%.1f mcts_sims_per_sec=%.0f mean_batch=%.1f profile=%s\n", n, dur.Seconds(), rate, st.MeanBatch(), file)
	fmt.Fprintf(stdout, "network_busy=%.2f (network wall time per worker and second) batches_by_size %s\n",
		st.NetworkTime.Seconds()/elapsed.Seconds()/float64(mf.Workers), sizeQuantiles(st.Sizes))
	fmt.Fprintf(stdout, "read it with: go tool pprof -top -nodefraction=0 bin/wallzero %s\n", file)
	return nil
}

// sizeQuantiles summarises a batch-size histogram (sizes[n] batches of n
// positions) as the batch sizes below which 10%, 50% and 90% of the
// evaluated positions were run.
func sizeQuantiles(sizes []int64) string {
	var total int64
	for n, c := range sizes {
		total += int64(n) * c
	}
	if total == 0 {
		return "none"
	}
	var out []string
	var seen int64
	qs := []float64{0.1, 0.5, 0.9}
	for n, c := range sizes {
		seen += int64(n) * c
		for len(qs) > 0 && float64(seen) >= qs[0]*float64(total) {
			out = append(out, fmt.Sprintf("p%.0f=%d", qs[0]*100, n))
			qs = qs[1:]
		}
	}
	return strings.Join(out, " ")
}
