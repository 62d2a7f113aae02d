package inference

import "golang.org/x/sys/cpu"

// Int8DotProduct reports whether this CPU has 8-bit dot-product
// instructions (AVX-512 VNNI, AVX-VNNI or AMX-INT8). ONNX Runtime's int8
// convolution kernels use them; with them a statically quantized model
// (training/quantize.py) runs several times faster than its float
// original, and without them (AVX2 only) slower (docs/performance.md), so
// a quantized model is only worth choosing where this is true.
func Int8DotProduct() bool {
	return cpu.X86.HasAVX512VNNI || cpu.X86.HasAVXVNNI || cpu.X86.HasAMXInt8
}
