// Package program is the composition root of the wallzero binary, the
// wiring its commands share: the model flags and the choice of model (the
// shipped files in order of preference for the CPU, or the heuristic), the
// evaluators that batch network calls, player specifications, and the
// service built from flags and environment (store, analyzer, levels, API
// key verifier, HTTP handler and River job worker) that `serve`, `worker`
// and `bench api` start, and the health probe of `healthcheck`. It keeps
// the commands in cmd/wallzero to their flags and a call. It sits under
// cmd/wallzero/internal, so only the binary imports it; it is the one
// package that imports api (tests aside).
package program
