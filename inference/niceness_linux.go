package inference

import (
	"runtime"
	"syscall"
)

// lowerThreadPriority locks the calling goroutine to its OS thread for the
// rest of its life and sets that thread's niceness to nice (Linux applies
// setpriority to one thread when given its thread id). The thread ends
// with the goroutine (the main thread is parked for good instead), so the
// niceness never reaches other goroutines.
func lowerThreadPriority(nice int) error {
	runtime.LockOSThread()
	return syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), nice)
}
