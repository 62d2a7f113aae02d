// Package inference turns positions into network inputs, runs a WallZero
// network with ONNX Runtime, and serves evaluations to searches through a
// shared batching queue with an evaluation cache.
//
//   - features.go: the paper's 49 input planes (Table 1: B+T+R+H).
//   - actions.go: the 2597 action ids (53 channels x 49 squares) and their
//     symmetries.
//   - model.go, onnx.go: loading a model, checking its metadata, running it.
//   - batcher.go: the batching evaluator (priorities, workers, cache).
//   - fake.go: model-free evaluators for tests and for 3-4 player games.
package inference
