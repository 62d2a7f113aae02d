//go:build !linux

package loadgen

import "errors"

// SetNice is Linux only (per-thread niceness from /proc).
func SetNice(int) error { return errors.New("-nice: Linux only") }
