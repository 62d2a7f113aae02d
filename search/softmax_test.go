package search

import (
	"math"
	"testing"
)

func TestSoftmax(t *testing.T) {
	t.Parallel()
	inf := math.Inf(-1)
	for _, tc := range []struct {
		name string
		in   []float64
		want []float64
	}{
		{"empty", nil, nil},
		{"one", []float64{3}, []float64{1}},
		{"equal", []float64{2, 2, 2, 2}, []float64{0.25, 0.25, 0.25, 0.25}},
		{"ln 3 apart", []float64{0, math.Log(3)}, []float64{0.25, 0.75}},
		{"minus infinity is zero", []float64{inf, 5, 5}, []float64{0, 0.5, 0.5}},
		{"large values do not overflow", []float64{1000, 1000 + math.Log(3)}, []float64{0.25, 0.75}},
	} {
		x := append([]float64(nil), tc.in...)
		Softmax(x)
		for i := range tc.want {
			if math.Abs(x[i]-tc.want[i]) > 1e-12 {
				t.Errorf("%s: Softmax(%v) = %v, want %v", tc.name, tc.in, x, tc.want)
				break
			}
		}
	}
	x := []float32{1, 2, 3}
	Softmax(x)
	if s := x[0] + x[1] + x[2]; math.Abs(float64(s)-1) > 1e-6 || !(x[0] < x[1] && x[1] < x[2]) {
		t.Errorf("float32 softmax %v", x)
	}
}
