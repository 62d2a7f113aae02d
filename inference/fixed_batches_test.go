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
// row: padded in place when the caller's buffers have room for the padded
// batch, and through its own buffers when they do not.
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
	fsz := plain.Info.Format().FeatureSize()
	rng := rand.New(rand.NewPCG(1, 2))
	const most = 24
	input := make([]float32, most*fsz)
	for i := range input {
		if rng.IntN(3) == 0 {
			input[i] = 1
		}
	}
	widths := outputWidths(plain.Info.Format())
	// A large batch first, so that the padded buffers hold old rows.
	for _, count := range []int{19, 1, 3, 4, 5, 8, 9, 16, 17, 21} {
		want := plain.NewOutputs(count)
		if err := plain.Run(input, count, want); err != nil {
			t.Fatal(err)
		}
		for _, room := range []bool{true, false} {
			rows := count
			if room {
				rows = most
			}
			in := slices.Clone(input[:rows*fsz])
			got := fixed.NewOutputs(rows)
			if err := fixed.Run(in, count, got); err != nil {
				t.Fatal(err)
			}
			for name, pair := range map[string][2][]float32{PolicyName: {want.Policy, got.Policy}, ValueName: {want.Value, got.Value},
				MarginName: {want.Margin, got.Margin}, OwnershipName: {want.Ownership, got.Ownership}} {
				if pair[0] == nil {
					continue
				}
				for i := 0; i < count*int(widths[name]); i++ {
					if d := math.Abs(float64(pair[0][i] - pair[1][i])); d > 1e-5 {
						t.Fatalf("batch of %d (room for the padding: %v): %s[%d] = %v with fixed batches, %v with one session",
							count, room, name, i, pair[1][i], pair[0][i])
					}
				}
			}
			if !slices.Equal(in[:count*fsz], input[:count*fsz]) {
				t.Fatalf("batch of %d (room: %v): the batch's own input rows changed", count, room)
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
