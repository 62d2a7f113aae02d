// Package access decides who may use the service and how much: API keys
// (tokens, Auth, CreateKey), the caller a request carries in its context,
// each key's quotas (visits per second, jobs, batch size) and the
// admission control of synchronous searches. It imports the wallzero
// error type and store's record types, never another service package.
package access
