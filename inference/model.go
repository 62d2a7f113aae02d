package inference

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wallzero/wallzero/inference/format"
	ort "github.com/yalue/onnxruntime_go"
)

// Metadata keys a WallZero ONNX file carries (its metadata_props).
const (
	MetaFormat   = "wallzero.format"
	MetaFeatures = "wallzero.features"
	MetaActions  = "wallzero.actions"
	MetaHeads    = "wallzero.heads"
	MetaModelID  = "wallzero.model_id"
	MetaBlocks   = "wallzero.blocks"
	MetaChannels = "wallzero.channels"
	// MetaInnerChannels is the width inside each residual block where it
	// differs from the stream's (a bottleneck); absent means the same.
	MetaInnerChannels = "wallzero.inner_channels"
	MetaTraining      = "wallzero.training"
	// MetaPlayers lists the player counts the model was trained and is
	// served for ("3,4", or "4" for a four-player network of its own),
	// a subset of its format's; absent means all of the format's.
	MetaPlayers = "wallzero.players"
	// MetaSymmetries is the number of board symmetries (1, 2, 4 or 8) the
	// service averages the model over wherever it serves it (a symmetry
	// ensemble, search/ensemble.Symmetric); absent means 1, the model alone.
	MetaSymmetries = "wallzero.symmetries"
)

// Tensor names of the network.
const (
	InputName     = "features"
	PolicyName    = "policy"
	ValueName     = "value"
	MarginName    = "margin"
	OwnershipName = "ownership"
)

// ModelInfo describes a model file, from its metadata.
type ModelInfo struct {
	// ID names the model, e.g. "wz-0007".
	ID string `json:"id"`
	// Path is the file it was loaded from.
	Path string `json:"path"`
	// Features and Actions name the input and action layouts (the
	// model's format.Format).
	Features string `json:"features"`
	Actions  string `json:"actions"`
	// Heads lists the outputs: policy, value, and optionally margin and
	// ownership.
	Heads []string `json:"heads"`
	// Blocks and Channels give the residual tower's size.
	Blocks   int `json:"blocks"`
	Channels int `json:"channels"`
	// InnerChannels is the width inside each residual block (the output
	// of its first convolution): Channels unless the file says otherwise.
	InnerChannels int `json:"innerChannels"`
	// Players lists the player counts the model plays: its metadata's
	// (MetaPlayers), else its format's. The batcher evaluates any count
	// the format encodes; the service routes only these counts to it.
	Players []int `json:"players,omitempty"`
	// Symmetries is the number of board symmetries the service averages
	// each evaluation over (MetaSymmetries): 1, 2, 4 or 8.
	Symmetries int `json:"symmetries,omitempty"`
	// Training is the training summary the learner wrote (JSON).
	Training json.RawMessage `json:"training,omitempty"`
}

// Format returns the input and action format the model's metadata names;
// a model without a feature set (a test fake) has the two-player one.
func (m ModelInfo) Format() format.Format {
	if f, ok := format.Of(m.Features); ok {
		return f
	}
	return format.TwoPlayer
}

// Quantized reports whether the file is an 8-bit quantization of a float
// model (training/quantize.py records it under "quantized" in the
// training summary): its multiply-adds are integer ones, so its GFLOP/s
// do not compare with a float peak.
func (m ModelInfo) Quantized() bool {
	var t struct {
		Quantized json.RawMessage `json:"quantized"`
	}
	return len(m.Training) > 0 && json.Unmarshal(m.Training, &t) == nil && len(t.Quantized) > 0 && string(t.Quantized) != "null"
}

// HasHead reports whether the model has the named output.
func (m ModelInfo) HasHead(name string) bool { return slices.Contains(m.Heads, name) }

func modelInfo(path string, data []byte) (ModelInfo, error) {
	md, err := ort.GetModelMetadataWithONNXData(data)
	if err != nil {
		return ModelInfo{}, fmt.Errorf("model %s: reading metadata: %w", path, err)
	}
	defer md.Destroy()
	get := func(key string) string {
		v, _, _ := md.LookupCustomMetadataMap(key)
		return v
	}
	info := ModelInfo{
		ID:       get(MetaModelID),
		Path:     path,
		Features: get(MetaFeatures),
		Actions:  get(MetaActions),
	}
	if h := get(MetaHeads); h != "" {
		info.Heads = strings.Split(h, ",")
	}
	info.Blocks, _ = strconv.Atoi(get(MetaBlocks))
	info.Channels, _ = strconv.Atoi(get(MetaChannels))
	info.InnerChannels = info.Channels
	if v := get(MetaInnerChannels); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return ModelInfo{}, fmt.Errorf("model %s: %s %q: want a positive integer", path, MetaInnerChannels, v)
		}
		info.InnerChannels = n
	}
	if t := get(MetaTraining); t != "" && json.Valid([]byte(t)) {
		info.Training = json.RawMessage(t)
	}
	if err := info.check(); err != nil {
		return ModelInfo{}, fmt.Errorf("model %s: %w", path, err)
	}
	info.Players, err = players(get(MetaPlayers), info.Format())
	if err != nil {
		return ModelInfo{}, fmt.Errorf("model %s: %w", path, err)
	}
	info.Symmetries, err = symmetries(get(MetaSymmetries))
	if err != nil {
		return ModelInfo{}, fmt.Errorf("model %s: %w", path, err)
	}
	if err := checkShapes(data, info); err != nil {
		return ModelInfo{}, fmt.Errorf("model %s: %w", path, err)
	}
	return info, nil
}

// symmetries parses MetaSymmetries: 1, 2, 4 or 8, absent meaning 1.
func symmetries(v string) (int, error) {
	if v == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || (n != 1 && n != 2 && n != 4 && n != 8) {
		return 0, fmt.Errorf("%s %q: want 1, 2, 4 or 8 symmetries", MetaSymmetries, v)
	}
	return n, nil
}

// players parses MetaPlayers: comma-separated counts, each one the format
// encodes, none twice; "" is the format's counts.
func players(v string, f format.Format) ([]int, error) {
	if v == "" {
		return f.Players(), nil
	}
	var out []int
	for _, field := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(field))
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s %q: %q is not a player count", MetaPlayers, v, field)
		case !f.Serves(n):
			return nil, fmt.Errorf("%s %q: the feature set %s encodes %v-player games, not %d", MetaPlayers, v, f.FeatureSet(), f.Players(), n)
		case slices.Contains(out, n):
			return nil, fmt.Errorf("%s %q: %d twice", MetaPlayers, v, n)
		}
		out = append(out, n)
	}
	return out, nil
}

// check compares the metadata with what this code produces and expects.
func (m ModelInfo) check() error {
	if m.Features == "" && m.Actions == "" {
		return fmt.Errorf("no WallZero metadata (%s, %s): not a model exported by training/wallzero/export.py", MetaFeatures, MetaActions)
	}
	f, ok := format.Of(m.Features)
	switch {
	case !ok:
		return fmt.Errorf("feature set %q, this build encodes %q or %q", m.Features, format.TwoPlayer.FeatureSet(), format.MultiPlayer.FeatureSet())
	case m.Actions != f.ActionLayout():
		return fmt.Errorf("action layout %q, this build uses %q with feature set %q", m.Actions, f.ActionLayout(), m.Features)
	case !m.HasHead(PolicyName) || !m.HasHead(ValueName):
		return fmt.Errorf("heads %v: policy and value are required", m.Heads)
	case m.ID == "":
		return fmt.Errorf("no model id (%s)", MetaModelID)
	}
	return nil
}

// checkShapes checks the graph's input and output names and shapes.
func checkShapes(data []byte, info ModelInfo) error {
	ins, outs, err := ort.GetInputOutputInfoWithONNXData(data)
	if err != nil {
		return fmt.Errorf("reading inputs and outputs: %w", err)
	}
	if len(ins) != 1 || ins[0].Name != InputName {
		return fmt.Errorf("want one input %q, got %v", InputName, ins)
	}
	f := info.Format()
	if d := ins[0].Dimensions; len(d) != 4 || d[1] != int64(f.Planes()) || d[2] != 7 || d[3] != 7 {
		return fmt.Errorf("input %q has shape %v, want [N %d 7 7]", InputName, d, f.Planes())
	}
	want := outputWidths(f)
	found := map[string]bool{}
	for _, o := range outs {
		w, ok := want[o.Name]
		if !ok {
			continue
		}
		found[o.Name] = true
		if d := o.Dimensions; len(d) != 2 || d[1] != w {
			return fmt.Errorf("output %q has shape %v, want [N %d]", o.Name, d, w)
		}
	}
	for _, h := range info.Heads {
		if _, known := want[h]; known && !found[h] {
			return fmt.Errorf("metadata lists head %q but the graph has no such output", h)
		}
	}
	return nil
}

// outputWidths maps each output a format's models may have to its width
// per sample.
func outputWidths(f format.Format) map[string]int64 {
	return map[string]int64{PolicyName: int64(f.NumActions()), ValueName: int64(f.ValueSize()), MarginName: 1, OwnershipName: 49}
}
