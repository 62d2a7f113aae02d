// Package archtest checks the import rules of docs/architecture.md: its
// package map says, for each package of the module, which packages of
// the module it may import, and this package's test fails, naming the
// file and the import, when a package imports one its row does not allow
// or when a package has no row. Test files (_test.go) are exempt.
//
// The table's format (documented above the table too): a row's first
// column names its packages in backticks, relative to the module root
// (`engine`, several in one row: `internal/reqid`, `internal/archtest`; a
// prefix: `engine/...`, the package and all below it); the last column
// is "nothing", "nothing of ours", "everything", or the allowed packages
// in backticks (prefixes allowed). Text in parentheses is a remark and
// is not read. When several rows match a package, an exact name wins
// over a prefix and a longer prefix over a shorter one.
//
// It also checks that the docs name the code as it is (DocRefs): in
// README.md, docs/*.md (not the dated notes under docs/notes/),
// models/README.md and training/README.md, every backticked repository
// path (`service/jobs/turning.go`, `store/...`), file name and Go name
// (`service/records.RecordText`, `wallzero.Code`) must exist, and every
// relative link must reach its file and heading. Paths under folders
// that .gitignore names (local outputs such as training/checkpoints/)
// are not checked.
//
// And it holds every Go package to at most 2,000 lines, tests and
// generated code aside (TestPackageSize, counting with
// scripts/pkglines.sh); the packages over it when the rule came in are
// listed with their size then, which they may not pass.
package archtest
