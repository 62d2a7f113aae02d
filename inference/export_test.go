package inference

// Internals for the external tests (package inference_test), which use
// inferencetest.FakeRunner and so cannot live in package inference.
var (
	Decode       = decode
	RequestAfter = requestAfter
)
