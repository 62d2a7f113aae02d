package inference

import (
	"path/filepath"
	"testing"
)

func TestFLOPsPerPosition(t *testing.T) {
	t.Parallel()
	// Hand counts, multiply-adds times two, over the 49 squares: the stem
	// (49 planes, 3x3), two 3x3 convolutions per block, the policy head
	// (c->c and c->53), the value convolution (c->32) and the ownership
	// convolution (c->1), plus the value head's three dense layers.
	square := func(c, inner, blocks int64) int64 {
		perSquare := 49*c*9 + 2*blocks*c*inner*9 + c*c + c*53 + c*32 + c
		return 2 * (49*perSquare + 64*128 + 128*3 + 128)
	}
	tests := []struct {
		name string
		info ModelInfo
		want int64
	}{
		{"6x64", ModelInfo{Blocks: 6, Channels: 64, InnerChannels: 64}, square(64, 64, 6)},
		{"6x64, inner unset (older callers)", ModelInfo{Blocks: 6, Channels: 64}, square(64, 64, 6)},
		{"6x64, 48 inside", ModelInfo{Blocks: 6, Channels: 64, InnerChannels: 48}, square(64, 48, 6)},
		{"5x64", ModelInfo{Blocks: 5, Channels: 64}, square(64, 64, 5)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := FLOPsPerPosition(tt.info); got != tt.want {
				t.Fatalf("FLOPsPerPosition(%+v) = %d, want %d", tt.info, got, tt.want)
			}
		})
	}
	// The shipped size is the 47.1 MFLOP the docs quote.
	if got := FLOPsPerPosition(tests[0].info); (got+50_000)/100_000 != 471 {
		t.Fatalf("6x64: %d FLOPs, the docs say 47.1M", got)
	}
	// A 48-wide inside saves a quarter of the tower.
	if a, b := FLOPsPerPosition(tests[0].info), FLOPsPerPosition(tests[2].info); a-b != 2*49*2*6*64*16*9 {
		t.Fatalf("6x64 - 6x64b48 = %d", a-b)
	}
}

func TestInnerChannelsFromMetadata(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	for _, tt := range []struct {
		file                    string
		blocks, channels, inner int
	}{
		{"tiny.onnx", 1, 16, 16}, // no inner_channels key: square blocks
		{"tiny-bottleneck.onnx", 2, 16, 8},
		{"../../models/wallzero-fast.onnx", 6, 64, 48}, // the shipped student
	} {
		net, err := LoadNetwork(filepath.Join("testdata", tt.file), NetworkConfig{})
		if err != nil {
			t.Fatal(err)
		}
		info := net.Info
		net.Close()
		if info.Blocks != tt.blocks || info.Channels != tt.channels || info.InnerChannels != tt.inner {
			t.Errorf("%s: blocks %d channels %d inner %d, want %d %d %d", tt.file,
				info.Blocks, info.Channels, info.InnerChannels, tt.blocks, tt.channels, tt.inner)
		}
	}
}
