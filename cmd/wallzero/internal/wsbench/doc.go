// Package wsbench is `wallzero bench workspace`: hint latency from many
// clients against an idle server and while a large import is reviewed in
// the background, and the import's games per minute with and without the
// hints. Its Client and Generate also serve the workspace's crash test.
package wsbench
