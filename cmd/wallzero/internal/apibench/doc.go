// Package apibench holds `wallzero bench api`: the HTTP API measured over
// real HTTP, the service in-process on a loopback port or a running one
// (-url): cold and cached /v1/analyze latency, openings per minute, the
// burst and sustained modes, the retry storm against the steady rate, the
// board's users, and the service against its own search (-versus). It
// prints key=value lines; order statistics come from
// cmd/wallzero/internal/stats.
package apibench
