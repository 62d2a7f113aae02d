package loadgen

import (
	"os"
	"strconv"
	"syscall"
)

// SetNice gives every thread of this process niceness n, so that a load
// generator sharing the machine with the server it measures takes the
// cores only when the server leaves them idle. Linux sets niceness per
// thread; threads started later inherit it from the thread that starts
// them, which is one of these.
func SetNice(n int) error {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return syscall.Setpriority(syscall.PRIO_PROCESS, 0, n)
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		if err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, n); err != nil {
			return err
		}
	}
	return nil
}
