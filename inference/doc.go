// Package inference turns positions into network inputs, runs a WallZero
// network with ONNX Runtime, and serves evaluations to searches through a
// shared batching queue with an evaluation cache.
//
//   - features.go: the paper's 49 input planes (Table 1: B+T+R+H).
//   - actions.go: the 2597 action ids (53 channels x 49 squares) and their
//     symmetries.
//   - runtime.go: loading the ONNX Runtime shared library once per process.
//   - model.go: a model file's metadata (ModelInfo) and its checks.
//   - network.go: an ONNX Runtime session running a model on a batch.
//   - batcher.go, cache.go, priority.go, stats.go: the batching evaluator
//     (interactive before batch work, workers, the evaluation cache,
//     counters).
//   - heuristic.go: the model-free evaluator of 3-4 player games (and of
//     two-player games when no model ships).
//   - niceness_*.go: the workers' threads at a lower CPU priority.
//
// Tests use inferencetest.FakeRunner, a deterministic stand-in network.
package inference
