// Package inference runs a WallZero network with ONNX Runtime and serves
// evaluations to searches through a shared batching queue with an
// evaluation cache. What the network's tensors mean (input planes, action
// ids, value rows, symmetries) is the model's format, package
// inference/format, which the model's metadata names.
//
//   - runtime.go: loading the ONNX Runtime shared library once per process.
//   - model.go: a model file's metadata (ModelInfo), its format and its
//     checks.
//   - network.go, fixed_batches.go: an ONNX Runtime session running a model
//     on a batch.
//   - batcher.go, cache.go, priority.go, stats.go: the batching evaluator
//     (interactive before batch work, workers, the evaluation cache,
//     counters), encoding and decoding through the model's format.
//   - heuristic.go: the model-free evaluator of 3-4 player games (and of
//     two-player games when no model ships).
//   - niceness_*.go: the workers' threads at a lower CPU priority.
//
// Tests use inferencetest.FakeRunner, a deterministic stand-in network.
package inference
