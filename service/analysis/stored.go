package analysis

import "encoding/json"

// EncodeStored returns the cache row of a canonical analysis: the one
// place that decides the stored shape (today the analysis's JSON).
func EncodeStored(a *Analysis) ([]byte, error) { return json.Marshal(a) }

// DecodeStored reads a cache row written by EncodeStored.
func DecodeStored(data []byte) (*Analysis, error) {
	var a Analysis
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, err
	}
	return &a, nil
}
