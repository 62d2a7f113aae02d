//go:build !linux

package bench

import "errors"

// setNice is Linux only (per-thread niceness from /proc).
func setNice(int) error { return errors.New("-nice: Linux only") }
