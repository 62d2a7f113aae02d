package cpupeak

import (
	"fmt"
	"syscall"
	"time"
)

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1

// ThreadCPUTime returns the CPU time (user + system) the calling OS thread
// has used. Callers lock their goroutine to its thread
// (runtime.LockOSThread) around the two readings they subtract.
func ThreadCPUTime() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, fmt.Errorf("getrusage(RUSAGE_THREAD): %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}
