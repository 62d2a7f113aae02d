package jobs

import (
	"encoding/json"
	"fmt"
)

// resultSchema is the version of a job result's stored shape: the row
// keeps {"schema": 1, "result": R}, where R is the result as the API
// shows it (a ReviewResult, an OpeningsResult, an explorer fill's
// summary). When the API's JSON of a result changes, the version rises
// and decodeResult learns to turn the older shapes into the new one, so
// stored rows never have to be rewritten.
const resultSchema = 1

// storedResult is a job result as the jobs table keeps it.
type storedResult struct {
	Schema int             `json:"schema"`
	Result json.RawMessage `json:"result"`
}

// encodeResult wraps a job's result (JSON) for the jobs table.
func encodeResult(result []byte) ([]byte, error) {
	if !json.Valid(result) {
		return nil, fmt.Errorf("a job result must be JSON")
	}
	return json.Marshal(storedResult{Schema: resultSchema, Result: result})
}

// decodeResult returns the API's JSON of a stored job result. A row
// written before results were versioned holds the result itself (an
// object without the envelope's two keys), which is read as schema 1.
func decodeResult(stored []byte) (json.RawMessage, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(stored, &keys); err != nil {
		return nil, fmt.Errorf("stored job result: %w", err)
	}
	schema, hasSchema := keys["schema"]
	result, hasResult := keys["result"]
	if !hasSchema || !hasResult || len(keys) != 2 {
		return json.RawMessage(stored), nil
	}
	var version int
	if err := json.Unmarshal(schema, &version); err != nil {
		return nil, fmt.Errorf("stored job result: schema %s: %w", schema, err)
	}
	if version != resultSchema {
		return nil, fmt.Errorf("stored job result of schema %d; this build reads schema %d", version, resultSchema)
	}
	return result, nil
}
