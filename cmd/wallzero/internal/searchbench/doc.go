// Package searchbench holds the benchmarks of the rules engine, the
// network and the search, run in-process without HTTP: `wallzero bench
// engine`, `search` (with its CPU profile), `compare` (two models'
// fidelity and speed), `accel` (the batcher over a stand-in accelerator),
// the explorer's read latency (`wallzero explorer bench`) and the
// solver's reach (`wallzero solve -bench`). Each prints key=value lines or
// a table; order statistics come from cmd/wallzero/internal/stats.
package searchbench
