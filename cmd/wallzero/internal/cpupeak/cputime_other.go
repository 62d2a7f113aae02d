//go:build !linux

package cpupeak

import (
	"errors"
	"time"
)

// ThreadCPUTime is only available on Linux.
func ThreadCPUTime() (time.Duration, error) {
	return 0, errors.New("per-thread CPU time is only measured on Linux")
}
