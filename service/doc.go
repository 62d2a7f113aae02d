// Package service orchestrates analyses: it turns game records and
// positions into searches on the shared evaluators, shapes the results for
// clients (move rankings, win rates, reachability, ownership), and (with
// the store and the job queue) caches and schedules them. It holds no HTTP
// and no SQL.
package service
