package searchbench

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestAccel: bench accel runs its measurements over the stand-in and
// prints one line each; bad flags are refused naming the flag.
func TestAccel(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-interactive-workers", "4"}, `-interactive-workers: "4" is not a number from 0 to -eval-workers minus one (3)`},
		{[]string{"-interactive-workers", "x"}, `-interactive-workers: "x"`},
		{[]string{"-searches", "0"}, `-searches: "0" is not a positive number`},
		{[]string{"-lanes", "0"}, "at least one lane"},
	} {
		if err := Accel(tc.args, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Accel(%q) = %v, want an error saying %s", tc.args, err, tc.want)
		}
	}
	if testing.Short() {
		t.Skip("runs searches")
	}
	var out bytes.Buffer
	args := []string{"-seconds", "0.2", "-searches", "2,8", "-load", "8", "-analyses", "2", "-visits", "32", "-interactive-workers", "0,1"}
	if err := Accel(args, &out, io.Discard); err != nil {
		t.Fatalf("Accel: %v\n%s", err, out.String())
	}
	for _, want := range []string{"accel_sims_per_sec searches=2 ", "accel_sims_per_sec searches=8 ",
		"lone_analysis_ms one_worker_per_call=false ", "lone_analysis_ms one_worker_per_call=true ",
		"interactive_latency_ms interactive_workers=0 ", "interactive_latency_ms interactive_workers=1 "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output has no %q:\n%s", want, out.String())
		}
	}
}
