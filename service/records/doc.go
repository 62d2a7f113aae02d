// Package records describes game records without searching them: the
// view of a record's final position (legal moves, movers, skipped turns,
// land, result) and the import and export of records as text. It imports
// the analysis package for the limits and the replay of a record.
package records
