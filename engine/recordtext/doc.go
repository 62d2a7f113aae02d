// Package recordtext reads and writes game records as text: the
// project's JSON record (engine.Record), a plain move list in the
// project's notation, and the WGF record of the WallGo site
// ZachChiu/quoridor (docs/records.md).
//
//   - Parse and ParseWith read a record in any of the formats, detected
//     (Detect) or named (ParseFormat), and replay it; Write writes one.
//   - ParseWGF and WriteWGF read and write WGF, under the site's rules
//     (WGFRules) unless others are given.
//   - SplitMoveList splits a plain move list into its moves.
//   - A bad move list or WGF record is a *LineError naming the line and
//     the move; a bad JSON record an *engine.FieldError or
//     *engine.MoveError naming the field.
//
// The rules, the record and its replay (engine.Record.Game) are package
// engine's; this package only imports engine.
package recordtext
