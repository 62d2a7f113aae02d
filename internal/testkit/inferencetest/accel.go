package inferencetest

import (
	"fmt"
	"slices"
	"time"

	"github.com/wallzero/wallzero/inference"
)

// CallCost is the time one network call of Batch positions takes on an
// accelerator.
type CallCost struct {
	Batch int
	Time  time.Duration
}

// H200Costs is one call's time by batch size on an NVIDIA H200, measured
// with the teacher wz-0027 (fp32, 6 blocks of 64 channels) through ONNX
// Runtime's CUDA provider with one worker and the session at one shape
// (2026-12-04, docs/notes/2026-12-04-gpu-first-measurements.md, run 2's
// "calls"): a fixed cost of about 1 ms up to 64 positions, 3.2 ms at 1024.
var H200Costs = []CallCost{
	{1, 1460 * time.Microsecond}, {2, 880 * time.Microsecond}, {8, 938 * time.Microsecond},
	{16, 1004 * time.Microsecond}, {32, 1055 * time.Microsecond}, {64, 1037 * time.Microsecond},
	{128, 1171 * time.Microsecond}, {256, 1305 * time.Microsecond}, {512, 2200 * time.Microsecond},
	{1024, 3243 * time.Microsecond}, {2048, 6289 * time.Microsecond},
}

// H200Lanes is how many calls the H200 ran at once to the benefit of
// throughput: four workers at batch 1024 made 600,433 evaluations/s where
// one made 315,783, about two calls' worth.
const H200Lanes = 2

// AccelRunner is a stand-in for a network on an accelerator: its outputs
// are FakeRunner's, and each call holds one of Lanes lanes for the time
// Costs gives its batch (interpolated between the measured sizes,
// extrapolated linearly past the largest). It lets batch formation,
// priorities and leaves in flight be designed and tested on a machine
// without the device, with the device's own figures.
type AccelRunner struct {
	FakeRunner
	costs []CallCost
	lanes chan struct{}
}

// NewAccelRunner returns a stand-in with the given cost table (sorted by
// batch, at least one entry) and number of lanes.
func NewAccelRunner(costs []CallCost, lanes int) (*AccelRunner, error) {
	if len(costs) == 0 || lanes < 1 {
		return nil, fmt.Errorf("accelerator stand-in: want a cost table and at least one lane (got %d entries, %d lanes)", len(costs), lanes)
	}
	c := slices.Clone(costs)
	slices.SortFunc(c, func(a, b CallCost) int { return a.Batch - b.Batch })
	if c[0].Batch < 1 {
		return nil, fmt.Errorf("accelerator stand-in: batch size %d in the cost table", c[0].Batch)
	}
	return &AccelRunner{costs: c, lanes: make(chan struct{}, lanes)}, nil
}

// Cost returns the time a call of n positions takes.
func (a *AccelRunner) Cost(n int) time.Duration {
	c := a.costs
	if n <= c[0].Batch {
		return c[0].Time
	}
	for i := 1; i < len(c); i++ {
		if n <= c[i].Batch {
			lo, hi := c[i-1], c[i]
			return lo.Time + time.Duration(float64(hi.Time-lo.Time)*float64(n-lo.Batch)/float64(hi.Batch-lo.Batch))
		}
	}
	last := c[len(c)-1]
	return time.Duration(float64(last.Time) * float64(n) / float64(last.Batch))
}

// Run implements inference.Runner: it waits for a lane, holds it for the
// call's cost, and writes FakeRunner's outputs.
func (a *AccelRunner) Run(input []float32, count int, out *inference.Outputs) error {
	a.lanes <- struct{}{}
	start := time.Now()
	err := a.FakeRunner.Run(input, count, out)
	if rest := a.Cost(count) - time.Since(start); rest > 0 {
		time.Sleep(rest)
	}
	<-a.lanes
	return err
}
