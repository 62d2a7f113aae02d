// Package soak holds `wallzero bench soak`: a mixed load of every kind of
// request (MixedLoad, also driven by the crash tests of cmd/wallzero) on a
// running server for a long run, the server's resources sampled as it
// goes, the samples written as CSV, JSON and an SVG plot, and a verdict on
// their growth after the warm-up.
package soak
