package analysisengine

import (
	"errors"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/internal/jsonscan"
	"github.com/wallzero/wallzero/service/analysis"
)

// engineQuery is one line of the analysis engine's input: an analysis
// query (analysis.Query) with the engine's own fields, or an action.
type engineQuery struct {
	analysis.Query
	// Action, when set, makes the line an action: query_version,
	// terminate, terminate_all, clear_cache or query_models.
	Action string `json:"action,omitempty"`
	// TerminateID and TurnNumbers say what terminate stops (all turns when
	// TurnNumbers is empty); terminate_all takes TurnNumbers too.
	TerminateID string `json:"terminateId,omitempty"`
	TurnNumbers []int  `json:"turnNumbers,omitempty"`
	// Priority orders queued turns: higher first, equal ones in arrival
	// order.
	Priority int `json:"priority,omitempty"`
	// IncludeMovesOwnership is KataGo's per-move ownership; the search
	// keeps no ownership per move, so it is ignored with a warning.
	IncludeMovesOwnership bool `json:"includeMovesOwnership,omitempty"`
}

// The actions.
const (
	actionQueryVersion = "query_version"
	actionTerminate    = "terminate"
	actionTerminateAll = "terminate_all"
	actionClearCache   = "clear_cache"
	actionQueryModels  = "query_models"
)

// errorBody is the error object of HTTP responses and engine lines alike
// (api.ErrorBody has the same shape).
type errorBody struct {
	Code    wallzero.Code `json:"code"`
	Field   string        `json:"field,omitempty"`
	Message string        `json:"message"`
}

// errorLine answers a query or action that failed.
type errorLine struct {
	ID         string    `json:"id"`
	TurnNumber *int      `json:"turnNumber,omitempty"`
	Error      errorBody `json:"error"`
}

// warningLine tells about a field that was ignored; the query goes on.
type warningLine struct {
	ID      string    `json:"id"`
	Warning errorBody `json:"warning"`
}

// codeIgnored is the code of warnings: the field was understood and
// ignored.
const codeIgnored wallzero.Code = "ignored"

// noResultsLine answers a turn terminated before its search evaluated the
// position.
type noResultsLine struct {
	ID             string `json:"id"`
	TurnNumber     int    `json:"turnNumber"`
	IsDuringSearch bool   `json:"isDuringSearch"`
	NoResults      bool   `json:"noResults"`
}

// actionLine acknowledges an action.
type actionLine struct {
	ID          string             `json:"id"`
	Action      string             `json:"action"`
	TerminateID string             `json:"terminateId,omitempty"`
	TurnNumbers []int              `json:"turnNumbers,omitempty"`
	Version     string             `json:"version,omitempty"`
	GitHash     string             `json:"git_hash,omitempty"`
	Models      []modelDescription `json:"models,omitempty"`
}

// modelDescription describes one evaluator for query_models.
type modelDescription struct {
	// Name is the model id that analyses report in rootInfo.model.
	Name string `json:"name"`
	// Kind is network or heuristic.
	Kind string `json:"kind"`
	// Players lists the player counts it analyses.
	Players  []int  `json:"players"`
	Path     string `json:"path,omitempty"`
	Blocks   int    `json:"blocks,omitempty"`
	Channels int    `json:"channels,omitempty"`
	// InnerChannels is the width inside each residual block where it is
	// narrower than Channels (a distilled student's bottleneck).
	InnerChannels int      `json:"innerChannels,omitempty"`
	Heads         []string `json:"heads,omitempty"`
	// Symmetries is how many board symmetries each evaluation is averaged
	// over, where the model's metadata names an ensemble (absent: the
	// network alone).
	Symmetries int `json:"symmetries,omitempty"`
}

// toErrorBody converts an error to the shared error object.
func toErrorBody(err error) errorBody {
	var se *wallzero.Error
	if errors.As(err, &se) {
		return errorBody{Code: se.Code, Field: se.Field, Message: se.Message}
	}
	var je *jsonscan.Error
	if errors.As(err, &je) {
		return errorBody{Code: wallzero.CodeInvalid, Field: je.Field, Message: je.Message}
	}
	return errorBody{Code: wallzero.CodeInternal, Message: err.Error()}
}
