//go:build !unix

package winratecal

import "os"

// lockExclusive is a no-op where advisory file locks are not available.
func lockExclusive(*os.File) error { return nil }
