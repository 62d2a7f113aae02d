package inference

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
)

func TestDefaultCUDABatches(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		max  int
		want []int
	}{
		{1024, []int{64, 128, 256, 512, 1024}},
		{1000, []int{64, 128, 256, 512, 1000}},
		{64, []int{64}},
		{16, []int{16}},
		{0, []int{1}},
	} {
		if got := DefaultCUDABatches(tc.max); !slices.Equal(got, tc.want) {
			t.Errorf("DefaultCUDABatches(%d) = %v, want %v", tc.max, got, tc.want)
		}
	}
}

// TestFixedBatchesMatchOneSession: a network with fixed batch sizes gives
// every batch, smaller than a size, equal to one, between two and larger
// than the largest, the outputs the one dynamic session gives, row for
// row, and leaves the rows after the batch in the caller's outputs alone.
func TestFixedBatchesMatchOneSession(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	model := filepath.Join("testdata", "tiny.onnx")
	plain, err := LoadNetwork(model, NetworkConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	fixed, err := LoadNetwork(model, NetworkConfig{FixedBatches: []int{8, 4, 8}})
	if err != nil {
		t.Fatal(err)
	}
	defer fixed.Close()
	if got := fixed.FixedBatches(); !slices.Equal(got, []int{4, 8}) {
		t.Fatalf("FixedBatches() = %v, want [4 8] (sorted, duplicates dropped)", got)
	}
	if plain.FixedBatches() != nil {
		t.Fatalf("a network without fixed batches reports %v", plain.FixedBatches())
	}
	l := plain.Info.Layout()
	rng := rand.New(rand.NewPCG(1, 2))
	const most = 21
	input := make([]float32, most*l.FeatureSize())
	for i := range input {
		if rng.IntN(3) == 0 {
			input[i] = 1
		}
	}
	// Run a large batch first, so that the padded buffers hold old rows.
	for _, count := range []int{19, 1, 3, 4, 5, 8, 9, 16, 17, most} {
		want, got := plain.NewOutputs(most), fixed.NewOutputs(most)
		const sentinel = 12345
		for _, o := range []*Outputs{got} {
			for _, s := range [][]float32{o.Policy, o.Value, o.Margin, o.Ownership} {
				for i := range s {
					s[i] = sentinel
				}
			}
		}
		if err := plain.Run(input, count, want); err != nil {
			t.Fatal(err)
		}
		if err := fixed.Run(input, count, got); err != nil {
			t.Fatal(err)
		}
		widths := outputWidths(l)
		for name, pair := range map[string][2][]float32{PolicyName: {want.Policy, got.Policy}, ValueName: {want.Value, got.Value},
			MarginName: {want.Margin, got.Margin}, OwnershipName: {want.Ownership, got.Ownership}} {
			if pair[0] == nil {
				continue
			}
			n := count * int(widths[name])
			for i := 0; i < n; i++ {
				if d := math.Abs(float64(pair[0][i] - pair[1][i])); d > 1e-5 {
					t.Fatalf("batch of %d: %s[%d] = %v with fixed batches, %v with one session", count, name, i, pair[1][i], pair[0][i])
				}
			}
			if n < len(pair[1]) && pair[1][n] != sentinel {
				t.Fatalf("batch of %d: %s wrote past the batch (row %d)", count, name, count)
			}
		}
	}
}

func TestFixedBatchesRefuseZero(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	if _, err := LoadNetwork(filepath.Join("testdata", "tiny.onnx"), NetworkConfig{FixedBatches: []int{4, 0}}); err == nil {
		t.Fatal("a fixed batch size of 0 was accepted")
	}
}
