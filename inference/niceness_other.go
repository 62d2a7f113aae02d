//go:build !linux

package inference

// lowerThreadPriority is a no-op where threads have no niceness of their
// own.
func lowerThreadPriority(nice int) error { return nil }
