package analysis

import (
	"encoding/json"
	"fmt"
)

// The cache row of an analysis is written and read only here, so that the
// API's JSON (the Analysis type's tags) and the stored rows can change
// apart. A row names the version of its shape:
//
//	{"schema": 3, "analysis": {...}}
//
// where the analysis is the Analysis type's JSON, with every player's win
// rates and raw values in three- and four-player positions. The reader
// knows this one version: when the shape changes, StoredSchema goes up
// and a migration (migrations/) converts the stored rows once, as
// 0006_one_shape brought the rows of the versions before 3 to it.

// StoredSchema is the version of the rows EncodeStored writes and
// DecodeStored reads.
const StoredSchema = 3

// storedRow is the envelope of a row.
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

// DecodeStored reads a cache row of version StoredSchema; a row of any
// other shape is an error that says how to bring it up to date (the
// caller treats it as a miss).
func DecodeStored(data []byte) (*Analysis, error) {
	var row struct {
		Schema   *int            `json:"schema"`
		Analysis json.RawMessage `json:"analysis"`
	}
	if err := json.Unmarshal(data, &row); err != nil {
		return nil, fmt.Errorf("cache row: %w", err)
	}
	if row.Schema == nil || *row.Schema != StoredSchema {
		schema := "none"
		if row.Schema != nil {
			schema = fmt.Sprint(*row.Schema)
		}
		return nil, fmt.Errorf("cache row schema %s: this build reads schema %d only (`wallzero migrate` converts the rows of earlier builds)", schema, StoredSchema)
	}
	var a Analysis
	if err := json.Unmarshal(row.Analysis, &a); err != nil {
		return nil, fmt.Errorf("cache row: analysis: %w", err)
	}
	return &a, nil
}
