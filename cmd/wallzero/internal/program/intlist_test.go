package program

import (
	"reflect"
	"strings"
	"testing"
)

// TestPositiveInts: lists of positive integers parse, spaces allowed;
// anything else is refused with the flag's name and the bad entry.
func TestPositiveInts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in      string
		want    []int
		wantErr string
	}{
		{"1,4,16", []int{1, 4, 16}, ""},
		{" 2 , 8", []int{2, 8}, ""},
		{"7", []int{7}, ""},
		{"1,0", nil, `-searches: "0" is not a positive number`},
		{"1,,2", nil, `-searches: "" is not a positive number`},
		{"x", nil, `-searches: "x" is not a positive number`},
		{"-3", nil, `-searches: "-3" is not a positive number`},
	} {
		got, err := PositiveInts("searches", tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("PositiveInts(%q): error %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("PositiveInts(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}
