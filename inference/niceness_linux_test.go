package inference_test

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
)

// threadsAtNice counts this process's threads whose niceness is nice.
func threadsAtNice(t *testing.T, nice int) int {
	t.Helper()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	n := 0
	for _, task := range tasks {
		data, err := os.ReadFile("/proc/self/task/" + task.Name() + "/stat")
		if err != nil {
			continue // the thread ended
		}
		// Fields after the command (which may hold spaces) start at ") ";
		// niceness is field 19, the 17th after it.
		fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+2:]))
		if v, err := strconv.Atoi(fields[16]); err == nil && v == nice {
			n++
		}
	}
	return n
}

func TestBatcherWorkersRunNiced(t *testing.T) {
	// Not parallel: it counts the process's threads.
	const nice = 7
	if threadsAtNice(t, nice) != 0 {
		t.Skip("a thread already runs at niceness 7")
	}
	b := inference.NewBatcher(&inferencetest.FakeRunner{}, inference.BatcherConfig{MaxBatch: 4, Workers: 2, Nice: nice, WarmUp: true})
	deadline := time.Now().Add(5 * time.Second)
	for threadsAtNice(t, nice) != 2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d threads at niceness %d, want the 2 workers'", threadsAtNice(t, nice), nice)
		}
		time.Sleep(time.Millisecond)
	}
	b.Close()
	// The workers' threads end with them, so no other goroutine inherits
	// their niceness; a worker that ran on the main thread leaves it parked
	// for good (the Go runtime never exits the main thread, nor reuses a
	// wedged one), so one may remain.
	for threadsAtNice(t, nice) > 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d threads still at niceness %d after Close", threadsAtNice(t, nice), nice)
		}
		time.Sleep(time.Millisecond)
	}
}
