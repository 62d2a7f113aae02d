package inference

import (
	"errors"
	"fmt"
	"maps"
	"os"

	ort "github.com/yalue/onnxruntime_go"
)

// Provider names an ONNX Runtime execution provider.
type Provider string

// The execution providers.
const (
	ProviderCPU  Provider = "cpu"
	ProviderCUDA Provider = "cuda"
)

// ErrNoProvider is returned when the requested execution provider is not
// available in the loaded ONNX Runtime library or on this machine.
var ErrNoProvider = errors.New("execution provider not available")

// NetworkConfig sets how a network session runs.
type NetworkConfig struct {
	// Provider is cpu (default) or cuda.
	Provider Provider
	// IntraOpThreads is the number of threads one Run uses (default 1:
	// parallelism comes from several batcher workers).
	IntraOpThreads int
	// CUDADevice is the GPU to use with the cuda provider.
	CUDADevice int
	// CUDALibPath lists, colon-separated (patterns allowed), the folders
	// of the CUDA 13 and cuDNN 9 libraries the cuda provider needs beyond
	// LD_LIBRARY_PATH and the system's library folders (-cuda-lib-path).
	CUDALibPath string
	// CUDAOptions are the CUDA provider's settings (ParseCUDAOptions;
	// nil: DefaultCUDAOptions).
	CUDAOptions map[string]string
	// OptimizedModelPath, when set, is where ONNX Runtime writes the graph
	// it actually runs after its optimizations (fusions, layout changes):
	// the way to check what a model becomes, e.g. that a quantized model's
	// convolutions run as QLinearConv.
	OptimizedModelPath string
	// Optimization is ONNX Runtime's graph optimization level: "all"
	// (default: every fusion and the NCHWc layout for CPU convolutions),
	// "extended", "basic" or "none".
	Optimization string
	// FixedBatches, when set, are batch sizes that each get a session of
	// their own: a batch runs padded on the smallest that holds it (larger
	// ones in chunks of the largest), so that no session ever sees a
	// second input shape (fixed_batches.go says why a GPU wants that).
	FixedBatches []int
}

// optimizationLevel maps NetworkConfig.Optimization to ONNX Runtime's enum.
func optimizationLevel(name string) (ort.GraphOptimizationLevel, error) {
	switch name {
	case "", "all":
		return ort.GraphOptimizationLevelEnableAll, nil
	case "extended":
		return ort.GraphOptimizationLevelEnableExtended, nil
	case "basic":
		return ort.GraphOptimizationLevelEnableBasic, nil
	case "none":
		return ort.GraphOptimizationLevelDisableAll, nil
	}
	return 0, fmt.Errorf("graph optimization level %q: want all, extended, basic or none", name)
}

// Outputs holds a batch's network outputs, row-major by sample.
type Outputs struct {
	Policy    []float32 // N x the format's NumActions logits
	Value     []float32 // N x 3 probabilities (win, draw, loss) for the side to move; N x 4 per seat for the multi-player format
	Margin    []float32 // N x 1 territory margin for the side to move (nil without the head)
	Ownership []float32 // N x 49 in [-1, 1] for the side to move (nil without the head)
}

// Network is one loaded model: one ONNX Runtime session, safe for
// concurrent Run calls.
type Network struct {
	Info    ModelInfo
	session *ort.DynamicAdvancedSession
	fixed   []*fixedSession // NetworkConfig.FixedBatches, smallest first
	outputs []string
}

// LoadNetwork loads the model at path, checking its metadata. The runtime
// must be initialised (InitRuntime).
func LoadNetwork(path string, cfg NetworkConfig) (*Network, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	info, err := modelInfo(path, data)
	if err != nil {
		return nil, err
	}
	opts, err := ort.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("model %s: session options: %w", path, err)
	}
	defer opts.Destroy()
	threads := cfg.IntraOpThreads
	if threads <= 0 {
		threads = 1
	}
	if err := opts.SetIntraOpNumThreads(threads); err != nil {
		return nil, err
	}
	if err := opts.SetInterOpNumThreads(1); err != nil {
		return nil, err
	}
	level, err := optimizationLevel(cfg.Optimization)
	if err != nil {
		return nil, fmt.Errorf("model %s: %w", path, err)
	}
	if err := opts.SetGraphOptimizationLevel(level); err != nil {
		return nil, fmt.Errorf("model %s: graph optimization level: %w", path, err)
	}
	if cfg.OptimizedModelPath != "" {
		if err := opts.SetOptimizedModelFilePath(cfg.OptimizedModelPath); err != nil {
			return nil, fmt.Errorf("model %s: optimized model path: %w", path, err)
		}
	}
	switch cfg.Provider {
	case "", ProviderCPU:
	case ProviderCUDA:
		if err := prepareCUDA(cfg.CUDALibPath); err != nil {
			return nil, err
		}
		cuda, err := ort.NewCUDAProviderOptions()
		if err != nil {
			return nil, fmt.Errorf("%w: cuda: %v", ErrNoProvider, err)
		}
		defer cuda.Destroy()
		settings := maps.Clone(cfg.CUDAOptions)
		if settings == nil {
			settings = maps.Clone(DefaultCUDAOptions)
		}
		settings["device_id"] = fmt.Sprint(cfg.CUDADevice)
		if err := cuda.Update(settings); err != nil {
			return nil, fmt.Errorf("%w: cuda: %v", ErrNoProvider, err)
		}
		if err := opts.AppendExecutionProviderCUDA(cuda); err != nil {
			return nil, fmt.Errorf("%w: cuda (this ONNX Runtime library has no CUDA provider, or there is no usable GPU; use a GPU build of libonnxruntime): %v", ErrNoProvider, err)
		}
	default:
		return nil, fmt.Errorf("%w: %q (cpu or cuda)", ErrNoProvider, cfg.Provider)
	}
	outs := []string{PolicyName, ValueName}
	for _, h := range []string{MarginName, OwnershipName} {
		if info.HasHead(h) {
			outs = append(outs, h)
		}
	}
	s, err := ort.NewDynamicAdvancedSessionWithONNXData(data, []string{InputName}, outs, opts)
	if err != nil {
		return nil, fmt.Errorf("model %s: creating session: %w", path, err)
	}
	fixed, err := newFixedSessions(data, outs, opts, cfg.FixedBatches)
	if err != nil {
		_ = s.Destroy()
		return nil, fmt.Errorf("model %s: %w", path, err)
	}
	return &Network{Info: info, session: s, fixed: fixed, outputs: outs}, nil
}

// Close releases the sessions.
func (n *Network) Close() error {
	destroyFixed(n.fixed)
	return n.session.Destroy()
}

// Run evaluates n samples whose features (n x the format's FeatureSize)
// are in input, writing into out, whose slices must have room for n
// samples. With fixed batch sizes, the rows of input and out after the n
// may be overwritten: a batch is padded in place when they have room.
func (n *Network) Run(input []float32, count int, out *Outputs) error {
	if len(n.fixed) > 0 && count > 0 {
		return n.runFixed(input, count, out)
	}
	return n.runSession(n.session, input, count, out)
}

// runSession runs count samples on session s.
func (n *Network) runSession(s *ort.DynamicAdvancedSession, input []float32, count int, out *Outputs) error {
	f := n.Info.Format()
	in, err := ort.NewTensor(ort.NewShape(int64(count), int64(f.Planes()), 7, 7), input[:count*f.FeatureSize()])
	if err != nil {
		return fmt.Errorf("input tensor: %w", err)
	}
	defer in.Destroy()
	values := make([]ort.Value, len(n.outputs))
	sizes := outputWidths(f)
	dst := map[string][]float32{PolicyName: out.Policy, ValueName: out.Value, MarginName: out.Margin, OwnershipName: out.Ownership}
	for i, name := range n.outputs {
		t, err := ort.NewTensor(ort.NewShape(int64(count), sizes[name]), dst[name][:int64(count)*sizes[name]])
		if err != nil {
			return fmt.Errorf("output tensor %s: %w", name, err)
		}
		defer t.Destroy()
		values[i] = t
	}
	if err := s.Run([]ort.Value{in}, values); err != nil {
		return fmt.Errorf("model %s: run: %w", n.Info.ID, err)
	}
	return nil
}

// NewOutputs allocates outputs for up to n samples of this network.
func (n *Network) NewOutputs(count int) *Outputs {
	f := n.Info.Format()
	o := &Outputs{Policy: make([]float32, count*f.NumActions()), Value: make([]float32, count*f.ValueSize())}
	if n.Info.HasHead(MarginName) {
		o.Margin = make([]float32, count)
	}
	if n.Info.HasHead(OwnershipName) {
		o.Ownership = make([]float32, count*49)
	}
	return o
}

// ModelInfo returns the model's metadata.
func (n *Network) ModelInfo() ModelInfo { return n.Info }
