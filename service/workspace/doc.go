// Package workspace is the coach's workspace: collections of games and
// their players, owned by the API key that made them; the import of many
// games at once (JSON lines, WGF, `wallzero match -save-games`), each
// reviewed in the background as an ordinary review job at the service's
// defaults; a player's profile aggregated from the reviews; their drills,
// the puzzles of their games scheduled by spaced repetition
// (service/drills); and the export of their annotated games.
// docs/workspace.md describes the API.
package workspace
