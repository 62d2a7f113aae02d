// Package loadgen holds what the load generators of `wallzero bench api`
// and `wallzero soak` share: random game records to ask about, a sleep
// that ends with its context, and the niceness that keeps a generator off
// the cores of the server it measures.
package loadgen
