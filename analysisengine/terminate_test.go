package analysisengine

import (
	"bufio"
	"encoding/json"
	"io"
	"testing"
)

// TestTerminateRunning terminates a search while it runs: the
// engine answers the action and the search ends with what it has found,
// isDuringSearch false, long before its visit budget.
func TestTerminateRunning(t *testing.T) {
	t.Parallel()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		runHeuristic(t, inR, outW, Options{Parallel: 1}, 1000000)
		outW.Close()
	}()
	io.WriteString(inW, `{"id":"long","moves":["C3","E3","C5","E5"],"maxVisits":1000000,"reportDuringSearchEveryVisits":50}`+"\n")
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 1<<22)
	var lines []map[string]any
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		lines = append(lines, m)
		if len(lines) == 1 { // the first partial result: stop the search
			io.WriteString(inW, `{"id":"stop","action":"terminate","terminateId":"long"}`+"\n")
			inW.Close()
		}
	}
	<-done
	var ack, final bool
	for _, m := range lines {
		switch {
		case m["action"] == "terminate" && m["terminateId"] == "long":
			ack = true
		case m["id"] == "long" && m["isDuringSearch"] == false:
			final = true
			visits := m["rootInfo"].(map[string]any)["visits"].(float64)
			if visits < 50 || visits >= 1000000 {
				t.Errorf("final result after terminate has %v visits", visits)
			}
		}
	}
	if !ack || !final {
		t.Errorf("ack %v, final result %v; lines %v", ack, final, len(lines))
	}
}
