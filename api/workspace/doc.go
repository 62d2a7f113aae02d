// Package workspace is the HTTP side of the coach's workspace
// (service/workspace): collections, players, the import of many games,
// the reviews' progress (JSON and server-sent events), profiles, drills
// and the export. The api package registers it (Register) and lends it
// its error answers and body reading (IO), so errors look the same on
// every route.
package workspace
