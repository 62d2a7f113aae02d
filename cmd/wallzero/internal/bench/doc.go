// Package bench holds the benchmarks of `wallzero bench`: the rules engine
// (Engine), the network and the search (Search, Compare) and the HTTP API
// under load (API). Each takes the subcommand's arguments and prints
// key=value lines; order statistics come from internal/stats.
package bench
