package analysisengine

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestSession feeds the JSON-lines engine good and bad queries and
// checks that every query gets its answers and the engine keeps running.
func TestSession(t *testing.T) {
	t.Parallel()
	in := strings.Join([]string{
		`{"id":"a","moves":["C3","E3","C5","E5"],"maxVisits":20,"topK":2}`,
		`not json`,
		`{"id":"b","moves":["C3","C3"]}`,
		`{"id":"c","moves":["C3"],"analyzeTurns":[0,1],"maxVisits":10,"includeReachability":true}`,
		`{"id":"d","moves":[],"surprise":1}`,
	}, "\n")
	var out bytes.Buffer
	runHeuristic(t, strings.NewReader(in), &out, Options{Parallel: 16}, 0)
	byID := map[string][]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("bad output line %q: %v", line, err)
		}
		id, _ := m["id"].(string)
		byID[id] = append(byID[id], m)
	}
	if a := byID["a"]; len(a) != 1 || len(a[0]["moveInfos"].([]any)) != 2 {
		t.Errorf("query a: %v", a)
	}
	if b := byID["b"]; len(b) != 1 || errField(b[0], "field") != "moves[1]" || !strings.Contains(errField(b[0], "message"), "already holds") || errField(b[0], "code") != "invalid" {
		t.Errorf("query b: %v", b)
	}
	if c := byID["c"]; len(c) != 2 || c[0]["reachability"] == nil {
		t.Errorf("query c: %v", c)
	}
	if d := byID["d"]; len(d) != 1 || errField(d[0], "field") != "surprise" {
		t.Errorf("query d: %v", d)
	}
	if bad := byID[""]; len(bad) != 1 || !strings.Contains(errField(bad[0], "message"), "malformed JSON") {
		t.Errorf("garbage line: %v", bad)
	}
}

// errField returns a field of a line's error object ("" if none).
func errField(line map[string]any, key string) string {
	e, _ := line["error"].(map[string]any)
	s, _ := e[key].(string)
	return s
}
