// Package engine implements the rules of WallGo, the 7x7 wall-and-territory
// game from the Netflix series The Devil's Plan, for two, three and four
// players.
//
// The package is pure: it imports nothing else of the project and has no I/O.
// Everything above it (search, inference, the service) stands on its types:
//
//   - Square, Side and Bitboard describe the board; squares are indexed
//     row-major from A1 (index 0) to G7 (index 48).
//   - Rules holds the rule options a game record carries.
//   - Position is a value type (copy it to keep a snapshot) with legal move
//     generation (LegalMoves), Play, scoring (Score, Result), regions,
//     reachability and a Zobrist hash.
//   - Move and its text notation (ParseMove, Move.String).
//   - Symmetry: the eight symmetries of the square acting on squares, sides,
//     moves and positions, and the canonical hash over them.
//   - Record and Board: the JSON forms of a game (rules and moves) and of an
//     explicit position.
//
// A record as text (the JSON record, a plain move list, the WGF record of
// the WallGo site ZachChiu/quoridor) is package engine/recordtext's
// concern (docs/records.md).
//
// docs/rules.md documents every rule choice and the seed it comes from.
package engine
