package service

import (
	"context"
	"encoding/json"
	"time"

	"github.com/wallzero/wallzero/inference"
)

// Model describes an evaluator the service analyses with (GET /v1/models).
type Model struct {
	// ID is the model id, part of every cache key.
	ID string `json:"id" example:"heuristic-voronoi-v1"`
	// Kind is "onnx" (a trained network run by ONNX Runtime) or
	// "heuristic" (the model-free Voronoi evaluator).
	Kind string `json:"kind" example:"heuristic"`
	// Players lists the player counts it analyses.
	Players []int `json:"players" example:"2"`
	// Path is the model file (onnx).
	Path string `json:"path,omitempty"`
	// Features, Actions and Heads describe the network's layouts (onnx).
	Features string   `json:"features,omitempty"`
	Actions  string   `json:"actions,omitempty"`
	Heads    []string `json:"heads,omitempty"`
	// Blocks and Channels give the residual tower's size (onnx).
	Blocks   int `json:"blocks,omitempty" example:"6"`
	Channels int `json:"channels,omitempty" example:"64"`
	// InnerChannels is the width inside each residual block where it is
	// narrower than Channels (a bottleneck, as in a distilled student);
	// absent for square blocks (onnx).
	InnerChannels int `json:"innerChannels,omitempty" example:"48"`
	// Symmetries is the number of board symmetries every evaluation is
	// averaged over (a symmetry ensemble named in the model's metadata);
	// absent when the network is evaluated alone (onnx).
	Symmetries int `json:"symmetries,omitempty" example:"4"`
	// Training is the training summary in the model's metadata (onnx).
	Training json.RawMessage `json:"training,omitempty" swaggertype:"object"`
	// Note explains a choice, e.g. why the heuristic stands in for a
	// missing model file.
	Note string `json:"note,omitempty" example:"models/wallzero.onnx not found: two-player games use the heuristic evaluator"`
}

// ONNXModel describes a loaded network.
func ONNXModel(info inference.ModelInfo, players []int) Model {
	return Model{ID: info.ID, Kind: "onnx", Players: players, Path: info.Path, Features: info.Features, Actions: info.Actions,
		Heads: info.Heads, Blocks: info.Blocks, Channels: info.Channels, InnerChannels: innerChannels(info), Symmetries: symmetries(info), Training: info.Training}
}

// symmetries is the size of info's symmetry ensemble where it has one.
func symmetries(info inference.ModelInfo) int {
	if info.Symmetries <= 1 {
		return 0
	}
	return info.Symmetries
}

// innerChannels is info's inner width where it differs from its channels.
func innerChannels(info inference.ModelInfo) int {
	if info.InnerChannels == info.Channels {
		return 0
	}
	return info.InnerChannels
}

// HeuristicModel describes the heuristic evaluator.
func HeuristicModel(players []int, note string) Model {
	return Model{ID: inference.HeuristicModelID, Kind: "heuristic", Players: players, Note: note}
}

// Models returns the evaluators in use.
func (s *Service) Models() []Model { return s.models }

// Readiness says whether the service can take requests.
type Readiness struct {
	// Ready is true when the database answers (if one is configured) and a
	// model is loaded.
	Ready bool `json:"ready" example:"true"`
	// Database is "ok", "none" (running without one) or "unavailable" (the
	// reason is in the server's log).
	Database string `json:"database" example:"ok"`
	// Model is the id of the model analysing two-player games, and
	// ModelKind its kind.
	Model     string `json:"model" example:"heuristic-voronoi-v1"`
	ModelKind string `json:"modelKind" example:"heuristic"`
}

// Ready checks the database and the model.
func (s *Service) Ready(ctx context.Context) Readiness {
	r := Readiness{Ready: true, Database: "none", Model: s.an.ModelFor(2)}
	for _, m := range s.models {
		if m.ID == r.Model {
			r.ModelKind = m.Kind
		}
	}
	if r.Model == "" {
		r.Ready = false
	}
	if s.store != nil {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		if err := s.store.Ping(ctx); err != nil {
			// The error names hosts, ports and users: log it, do not show it.
			s.log.WarnContext(ctx, "readiness: the database does not answer", "error", err)
			r.Ready, r.Database = false, "unavailable"
		} else {
			r.Database = "ok"
		}
	}
	return r
}
