package analysis

import (
	"encoding/json"
	"fmt"
)

// The cache row of an analysis is written and read only here, so that the
// API's JSON (the Analysis type's tags) and the stored rows can change
// apart. A row names the version of its shape:
//
//	{"schema": 1, "analysis": {...}}
//
// where the analysis of version 1 is the Analysis type's JSON. A row
// without "schema" is version 0: the bare Analysis JSON that rows were
// written as before the version existed, read the same way. When the
// Analysis JSON changes, StoredSchema goes up and DecodeStored converts
// the older versions it still reads.
//
// Version 2 added rootInfo.winrates and moveInfos[].winrates (every
// player's win rate, three or four players). Rows of versions 0 and 1 of
// two-player positions read as they are; those of three- and four-player
// positions lack the per-player win rates a review needs and cannot get
// them back, so they are unreadable (a miss: the position is searched
// again and stored as version 2).
//
// Version 3 added rootInfo.rawWinrates (the evaluator's own value for
// every player, three or four players), which opening batches report.
// Rows of older versions of three- and four-player positions are misses
// for the same reason; two-player rows read as they are.

// StoredSchema is the version of the rows EncodeStored writes.
const StoredSchema = 3

// storedRow is the envelope of a versioned row.
type storedRow struct {
	Schema   int             `json:"schema"`
	Analysis json.RawMessage `json:"analysis"`
}

// EncodeStored returns the cache row of a canonical analysis.
func EncodeStored(a *Analysis) ([]byte, error) {
	data, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	return json.Marshal(storedRow{Schema: StoredSchema, Analysis: data})
}

// DecodeStored reads a cache row of any version it knows; a row of an
// unknown version is an error (the caller treats it as a miss).
func DecodeStored(data []byte) (*Analysis, error) {
	var probe struct {
		Schema   *int            `json:"schema"`
		Analysis json.RawMessage `json:"analysis"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, err
	}
	body, schema := data, 0 // version 0: the row is the analysis itself
	if probe.Schema != nil {
		schema = *probe.Schema
		if schema < 1 || schema > StoredSchema {
			return nil, fmt.Errorf("cache row schema %d: this build reads 0 to %d", schema, StoredSchema)
		}
		body = probe.Analysis
	}
	var a Analysis
	if err := json.Unmarshal(body, &a); err != nil {
		return nil, err
	}
	if schema < 3 && len(a.Territory) > 2 && (a.RootInfo.Winrates == nil || a.RootInfo.RawWinrates == nil) {
		return nil, fmt.Errorf("cache row schema %d of a %d-player position has no per-player win rates", schema, len(a.Territory))
	}
	return &a, nil
}
