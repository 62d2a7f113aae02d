package inference

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// CUDAOptionsEnv is the environment variable of -cuda-options.
const CUDAOptionsEnv = "WALLZERO_CUDA_OPTIONS"

// DefaultCUDAOptions are the CUDA provider settings a session gets unless
// -cuda-options says otherwise. cuDNN's convolution search is HEURISTIC:
// ONNX Runtime's own default, EXHAUSTIVE, times every algorithm again for
// each new input shape, and the batcher's batches take every size from 1
// to -max-batch, so an exhaustive search would keep interrupting a running
// service (docs/gpu.md).
var DefaultCUDAOptions = map[string]string{"cudnn_conv_algo_search": "HEURISTIC"}

// cudaOptionKeys are the CUDA provider options -cuda-options accepts (ONNX
// Runtime's OrtCUDAProviderOptionsV2 keys that make sense for this
// service), each with the values it takes ("" for any non-negative
// integer).
var cudaOptionKeys = map[string][]string{
	"cudnn_conv_algo_search":       {"EXHAUSTIVE", "HEURISTIC", "DEFAULT"},
	"cudnn_conv_use_max_workspace": {"0", "1"},
	"cudnn_conv1d_pad_to_nc1d":     {"0", "1"},
	"do_copy_in_default_stream":    {"0", "1"},
	"use_tf32":                     {"0", "1"},
	"prefer_nhwc":                  {"0", "1"},
	"arena_extend_strategy":        {"kNextPowerOfTwo", "kSameAsRequested"},
	"gpu_mem_limit":                nil,
}

// ParseCUDAOptions parses -cuda-options: comma-separated key=value pairs
// of the CUDA provider (cudnn_conv_algo_search=EXHAUSTIVE,use_tf32=0). It
// returns DefaultCUDAOptions overlaid with the pairs; device_id is not
// among the keys (NetworkConfig.CUDADevice sets it). The error names the
// pair and what was wrong.
func ParseCUDAOptions(s string) (map[string]string, error) {
	out := maps.Clone(DefaultCUDAOptions)
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, pair := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if !ok || k == "" || v == "" {
			return nil, fmt.Errorf("cuda option %q: want key=value", pair)
		}
		allowed, known := cudaOptionKeys[k]
		if !known {
			return nil, fmt.Errorf("cuda option %q: unknown key (known: %s)", k, strings.Join(slices.Sorted(maps.Keys(cudaOptionKeys)), ", "))
		}
		if allowed == nil {
			if strings.Trim(v, "0123456789") != "" {
				return nil, fmt.Errorf("cuda option %s=%q: want a non-negative integer", k, v)
			}
		} else if !slices.Contains(allowed, v) {
			return nil, fmt.Errorf("cuda option %s=%q: want one of %s", k, v, strings.Join(allowed, ", "))
		}
		out[k] = v
	}
	return out, nil
}

// FormatCUDAOptions writes options as -cuda-options takes them, keys in
// order, for logs and benchmark output.
func FormatCUDAOptions(options map[string]string) string {
	parts := make([]string, 0, len(options))
	for _, k := range slices.Sorted(maps.Keys(options)) {
		parts = append(parts, k+"="+options[k])
	}
	return strings.Join(parts, ",")
}
