// Package migrations holds the service's SQL schema as numbered
// golang-migrate files (NNNN_name.up.sql / .down.sql), embedded in the
// binary. store.Migrate applies them (with River's own migrations) at
// start-up and from `wallzero migrate`.
package migrations

import "embed"

// FS holds the migration files.
//
//go:embed *.sql
var FS embed.FS
