// Package cacherow is the shape of an analysis's cache row, apart from the
// service's typed analysis: moves and squares in notation, per-player
// values by colour name, so that the API's JSON and the stored rows can
// change apart. service/analysis converts between the two (stored.go);
// the Decoder here is the one place a row's text is parsed.
package cacherow

// Schema is the version of the rows this build writes and reads.
const Schema = 3

// Row is the envelope of a row.
type Row struct {
	Schema   *int     `json:"schema"`
	Analysis Analysis `json:"analysis"`
}

// Analysis is an analysis as a cache row holds it.
type Analysis struct {
	TurnNumber   int            `json:"turnNumber"`
	MoveInfos    []Move         `json:"moveInfos"`
	RootInfo     Root           `json:"rootInfo"`
	Territory    map[string]int `json:"territory"`
	Ownership    []float32      `json:"ownership,omitempty"`
	Policy       []Policy       `json:"policy,omitempty"`
	Reachability *Reachability  `json:"reachability,omitempty"`
}

// Move is one candidate move of a row; a move the search never
// visited has no win rate and no bound.
type Move struct {
	Move      string             `json:"move"`
	Visits    int                `json:"visits"`
	Winrate   *float32           `json:"winrate,omitempty"`
	Prior     float32            `json:"prior"`
	LCB       *float32           `json:"lcb,omitempty"`
	ScoreLead *float32           `json:"scoreLead,omitempty"`
	PV        []string           `json:"pv"`
	Order     int                `json:"order"`
	Proof     *Proof             `json:"proof,omitempty"`
	Winrates  map[string]float32 `json:"winrates,omitempty"`
}

// Root is the root of a row; RedWinrate is set with two players,
// Winrates, RawWinrates and ScoreLeads with three or four.
type Root struct {
	CurrentPlayer  string             `json:"currentPlayer"`
	Phase          string             `json:"phase"`
	Winrate        float32            `json:"winrate"`
	RedWinrate     *float32           `json:"redWinrate,omitempty"`
	SearchWinrate  *float32           `json:"searchWinrate,omitempty"`
	RawWinrate     float32            `json:"rawWinrate"`
	ScoreLead      *float32           `json:"scoreLead,omitempty"`
	Visits         int                `json:"visits"`
	Hash           string             `json:"hash"`
	CanonicalHash  string             `json:"canonicalHash"`
	Model          string             `json:"model"`
	Proof          *Proof             `json:"proof,omitempty"`
	Winrates       map[string]float32 `json:"winrates,omitempty"`
	RawWinrates    map[string]float32 `json:"rawWinrates,omitempty"`
	SearchWinrates map[string]float32 `json:"searchWinrates,omitempty"`
	ScoreLeads     map[string]float32 `json:"scoreLeads,omitempty"`
	Calibration    string             `json:"calibration,omitempty"`
}

// Policy is one move's prior in a row.
type Policy struct {
	Move  string  `json:"move"`
	Prior float32 `json:"prior"`
}

// Reachability is the reach of a row, squares by name.
type Reachability struct {
	Reach     map[string][]string `json:"reach"`
	Exclusive map[string][]string `json:"exclusive"`
	Shared    []string            `json:"shared"`
}

// Proof is a proven result as a row holds it (the service's Proof).
type Proof struct {
	Result string `json:"result"`
	Margin *int   `json:"margin,omitempty"`
}
