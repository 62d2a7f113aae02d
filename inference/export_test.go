package inference

// Internals for the external tests (package inference_test), which use
// inferencetest.FakeRunner and so cannot live in package inference.
var (
	Decode       = decode
	RequestAfter = requestAfter
)

// IdleWorkers returns the number of workers waiting for work.
func (b *Batcher) IdleWorkers() int { return int(b.idle.Load()) }
