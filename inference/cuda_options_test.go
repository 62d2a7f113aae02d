package inference

import (
	"strings"
	"testing"
)

func TestParseCUDAOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want, err string
	}{
		{in: "", want: "cudnn_conv_algo_search=HEURISTIC"},
		{in: "cudnn_conv_algo_search=EXHAUSTIVE", want: "cudnn_conv_algo_search=EXHAUSTIVE"},
		{in: " use_tf32=0 , prefer_nhwc=1", want: "cudnn_conv_algo_search=HEURISTIC,prefer_nhwc=1,use_tf32=0"},
		{in: "gpu_mem_limit=1073741824", want: "cudnn_conv_algo_search=HEURISTIC,gpu_mem_limit=1073741824"},
		{in: "device_id=1", err: `cuda option "device_id": unknown key`},
		{in: "use_tf32", err: `cuda option "use_tf32": want key=value`},
		{in: "use_tf32=", err: `want key=value`},
		{in: "use_tf32=2", err: `cuda option use_tf32="2": want one of 0, 1`},
		{in: "cudnn_conv_algo_search=heuristic", err: "want one of EXHAUSTIVE, HEURISTIC, DEFAULT"},
		{in: "gpu_mem_limit=-1", err: "want a non-negative integer"},
		{in: "use_tf32=0,,prefer_nhwc=1", err: `cuda option "": want key=value`},
	}
	for _, tc := range tests {
		got, err := ParseCUDAOptions(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseCUDAOptions(%q) error %v, want one containing %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseCUDAOptions(%q): %v", tc.in, err)
			continue
		}
		if s := FormatCUDAOptions(got); s != tc.want {
			t.Errorf("ParseCUDAOptions(%q) = %s, want %s", tc.in, s, tc.want)
		}
	}
	// The defaults are not changed by a parse that overrides them.
	if _, err := ParseCUDAOptions("cudnn_conv_algo_search=DEFAULT"); err != nil || DefaultCUDAOptions["cudnn_conv_algo_search"] != "HEURISTIC" {
		t.Errorf("DefaultCUDAOptions changed: %v (%v)", DefaultCUDAOptions, err)
	}
}

// FuzzParseCUDAOptions: any accepted string formats to one that parses
// to the same options.
func FuzzParseCUDAOptions(f *testing.F) {
	for _, s := range []string{"", "use_tf32=0", "cudnn_conv_algo_search=DEFAULT,gpu_mem_limit=12", "x=y", ",="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseCUDAOptions(s)
		if err != nil {
			return
		}
		again, err := ParseCUDAOptions(FormatCUDAOptions(got))
		if err != nil || FormatCUDAOptions(again) != FormatCUDAOptions(got) {
			t.Fatalf("%q parsed to %v, whose format %q does not parse back (%v)", s, got, FormatCUDAOptions(got), err)
		}
	})
}
