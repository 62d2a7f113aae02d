// Package archtest checks the import rules of docs/architecture.md: its
// package map says, for each package of the module, which packages of
// the module it may import, and this package's test fails, naming the
// file and the import, when a package imports one its row does not allow
// or when a package has no row. Test files (_test.go) are exempt.
//
// The table's format (documented above the table too): a row's first
// column names its packages in backticks, relative to the module root
// (`engine`, several in one row: `internal/reqid`, `internal/cdp`; a
// prefix: `engine/...`, the package and all below it); the last column
// is "nothing", "nothing of ours", "everything", or the allowed packages
// in backticks (prefixes allowed). Text in parentheses is a remark and
// is not read. When several rows match a package, an exact name wins
// over a prefix and a longer prefix over a shorter one.
package archtest
