// Package service is the facade of the analysis service: Config, Deps and
// New wire the packages that own the work, and Service hands the wired
// parts to the api and the commands, which call them directly. It holds
// no HTTP and no SQL, and little logic of its own (the readiness report,
// the model list).
//
// The parts, each with the store interface it needs declared beside it:
// analysis (queries, the analyzer, the cache policy), explain (the words
// of an explanation), access (API keys, quotas, admission), records
// (position views, records as text), play (the levels), explorer (the
// opening explorer and its table) and jobs (reviews, opening batches,
// fills and retention on River). render draws the pictures and levels
// reads the levels file.
package service
