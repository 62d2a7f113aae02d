// Package engine implements the rules of WallGo, the 7x7 wall-and-territory
// game from the Netflix series The Devil's Plan, for two, three and four
// players.
//
// The package is pure: it imports nothing of the project but engine/grid,
// the board's vocabulary (squares, sides, bitboards, walls, symmetries,
// colours, moves and their notation), and has no I/O. Everything above it
// (search, inference, the service) stands on its types:
//
//   - Rules holds the rule options a game record carries.
//   - Position is a value type (copy it to keep a snapshot) with legal move
//     generation (LegalMoves), Play, scoring (Territory, Result), regions,
//     reachability, a Zobrist hash, its images under the symmetries
//     (Transformed) and the canonical hash over them.
//   - Record and Diagram: the JSON forms of a game (rules and moves) and of
//     an explicit position.
//
// A record as text (the JSON record, a plain move list, the WGF record of
// the WallGo site ZachChiu/quoridor) is package engine/recordtext's
// concern (docs/records.md).
//
// docs/rules.md documents every rule choice and the seed it comes from.
package engine
