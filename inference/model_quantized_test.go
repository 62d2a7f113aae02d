package inference

import (
	"encoding/json"
	"testing"
)

// TestQuantized: only a training summary with a "quantized" entry marks an
// 8-bit model.
func TestQuantized(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		training string
		want     bool
	}{
		{"", false},
		{`{"steps": 10}`, false},
		{`{"quantized": null}`, false},
		{`{"quantized": {"from": "wz-0012", "format": "QDQ"}}`, true},
		{`not json`, false},
	} {
		info := ModelInfo{Training: json.RawMessage(tc.training)}
		if got := info.Quantized(); got != tc.want {
			t.Errorf("Training %q: Quantized() = %v, want %v", tc.training, got, tc.want)
		}
	}
}
