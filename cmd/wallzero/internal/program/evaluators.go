package program

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/search/ensemble"
	"github.com/wallzero/wallzero/service/winrate"
)

// DefaultModel is the shipped model that is strongest per visit (the
// teacher), relative to the repository root: the default of the commands
// that play, train and measure (match, selfplay, bench).
const DefaultModel = "models/wallzero.onnx"

// ServiceModel is the shipped model with the most strength per CPU second
// (the distilled student: faster per analysis at nearly the same strength
// per visit, docs/performance.md): the default of the commands that
// answer users (serve, worker, analysis, explorer, version). DefaultModel
// stands in where it is missing.
const ServiceModel = "models/wallzero-fast.onnx"

// ServiceInt8Model is ServiceModel quantized to 8-bit integers
// (training/quantize.py). It takes ServiceModel's place on CPUs with 8-bit
// dot-product instructions (inference.Int8DotProduct), where it is faster
// at the same strength per visit; elsewhere it would be slower, so it is
// not used (docs/notes/2026-12-02-service-models.md).
const ServiceInt8Model = "models/wallzero-fast-int8.onnx"

// ServiceInt8TeacherModel is DefaultModel (the teacher) quantized to
// 8-bit integers. On CPUs with 8-bit dot products it is a little slower
// than the 8-bit student per move and far stronger per visit, so it comes
// first there (docs/notes/2026-12-02-service-models.md).
const ServiceInt8TeacherModel = "models/wallzero-int8.onnx"

// ServiceModels returns the shipped files the service looks for, in order
// of preference, on a CPU with (int8) or without 8-bit dot products.
func ServiceModels(int8 bool) []string {
	if int8 {
		return []string{ServiceInt8TeacherModel, ServiceInt8Model, ServiceModel, DefaultModel}
	}
	return []string{ServiceModel, DefaultModel}
}

// MultiPlayerModel is the shipped network of three- and four-player games
// (docs/multiplayer-network.md), relative to the repository root: the
// default of -mp-model where it exists.
const MultiPlayerModel = "models/wallzero-mp.onnx"

// HeuristicModel names the model-free Voronoi evaluator in -model flags and
// player specs.
const HeuristicModel = "heuristic"

// ModelFlags are the flags of every command that evaluates positions.
type ModelFlags struct {
	// Model is -model: an ONNX file, HeuristicModel, or "" for the
	// command's shipped default.
	Model string
	// MultiModel is -mp-model (commands that answer users): the ONNX file
	// of three- and four-player games, HeuristicModel, or "" for
	// MultiPlayerModel where it is shipped (the heuristic otherwise).
	MultiModel string
	// CountModels are -mp3-model and -mp4-model: the ONNX file of one
	// count's games alone (or HeuristicModel), which wins over MultiModel
	// for that count (ChooseMultiModels).
	CountModels map[int]string
	// OrtLib is -ort-lib, the ONNX Runtime shared library ("": found).
	OrtLib string
	// Provider is -provider, the execution provider (cpu or cuda; default
	// $WALLZERO_PROVIDER, else cpu).
	Provider string
	// CUDALibPath is -cuda-lib-path, the folders (colon-separated) of the
	// CUDA libraries of the cuda provider (default $WALLZERO_CUDA_LIB_PATH).
	CUDALibPath string
	// CUDAOptions is -cuda-options, the CUDA provider's settings as
	// comma-separated key=value pairs (inference.ParseCUDAOptions; default
	// $WALLZERO_CUDA_OPTIONS).
	CUDAOptions string
	// FixedBatches is -fixed-batches: the batch sizes that get a session
	// each (nil: the provider's default, FixedBatches; empty: none).
	FixedBatches []int
	// Workers, MaxBatch, Cache and Nice configure the batching evaluator
	// (-eval-workers, -max-batch, -eval-cache, -eval-nice).
	Workers, MaxBatch, Cache, Nice int
	// InteractiveWorkers is -eval-interactive-workers: the workers kept for
	// interactive work (negative: the provider's default,
	// interactiveWorkers).
	InteractiveWorkers int
	// Uncalibrated is -uncalibrated (commands that answer users): win
	// rates are the search's own, without the calibration file beside the
	// model (CalibrationOf).
	Uncalibrated bool
}

// Register adds the flags of a command that plays, trains or measures
// (an empty -model means DefaultModel).
func (m *ModelFlags) Register(fs *flag.FlagSet) {
	m.registerDefault(fs, DefaultModel)
}

// RegisterService adds the flags of a command that answers users (an
// empty -model means the first of ServiceModels found for this CPU).
func (m *ModelFlags) RegisterService(fs *flag.FlagSet) {
	m.registerDefault(fs, "the first found of "+strings.Join(ServiceModels(inference.Int8DotProduct()), ", ")+"; wallzero version says which")
	fs.StringVar(&m.MultiModel, "mp-model", "", "ONNX model of three- and four-player games, or \"heuristic\" for the model-free Voronoi evaluator (default: for each count "+CountModel(3)+" or "+CountModel(4)+" where shipped, else "+MultiPlayerModel+" where shipped, else the heuristic)")
	m.CountModels = map[int]string{}
	for _, n := range MultiPlayerCounts {
		fs.Func(countFlag(n)[1:], fmt.Sprintf("ONNX model of %d-player games alone, or \"heuristic\"; wins over -mp-model for them (default %s where shipped, else as -mp-model)", n, CountModel(n)),
			func(v string) error { m.CountModels[n] = v; return nil })
	}
	fs.BoolVar(&m.Uncalibrated, "uncalibrated", false, "answer with the search's own win rates, without the calibration that ships beside each model (models/NAME"+winrate.Suffix+"; docs/calibration.md)")
}

// registerDefault adds the flags, saying def is -model's default.
func (m *ModelFlags) registerDefault(fs *flag.FlagSet, def string) {
	fs.StringVar(&m.Model, "model", "", "ONNX model file, or \"heuristic\" for the model-free Voronoi evaluator (default "+def+")")
	fs.StringVar(&m.OrtLib, "ort-lib", "", "ONNX Runtime shared library (default $"+inference.LibraryEnv+" or "+inference.DefaultLibraryPath+
		"; with -provider cuda $"+inference.GPULibraryEnv+" or "+inference.DefaultGPULibraryPath+", from make onnxruntime-gpu)")
	fs.StringVar(&m.Provider, "provider", envOr(providerEnv, "cpu"), "execution provider: cpu or cuda ($"+providerEnv+" sets the default)")
	fs.StringVar(&m.CUDALibPath, "cuda-lib-path", os.Getenv(inference.CUDALibPathEnv), "with -provider cuda: folders, colon-separated (patterns such as .../site-packages/nvidia/*/lib allowed), of the CUDA 13 and cuDNN 9 libraries, beyond LD_LIBRARY_PATH and the system's (default $"+inference.CUDALibPathEnv+")")
	m.CUDAOptions = os.Getenv(inference.CUDAOptionsEnv)
	fs.Func("cuda-options", "with -provider cuda: the provider's settings as comma-separated key=value pairs, over the defaults "+inference.FormatCUDAOptions(inference.DefaultCUDAOptions)+" (default $"+inference.CUDAOptionsEnv+"; docs/gpu.md)",
		func(v string) error {
			if _, err := inference.ParseCUDAOptions(v); err != nil {
				return err
			}
			m.CUDAOptions = v
			return nil
		})
	fs.Func("fixed-batches", "batch sizes, comma-separated, that each get a session of their own: a batch runs padded up to the smallest that holds it, so that no session sees a second input shape; \"none\" runs every size on one session (default with -provider cuda: powers of two from 64 up to -max-batch, and -max-batch; none on the CPU; docs/gpu.md)",
		func(v string) error {
			if v == "none" {
				m.FixedBatches = []int{}
				return nil
			}
			sizes, err := PositiveInts("fixed-batches", v)
			m.FixedBatches = sizes
			return err
		})
	fs.IntVar(&m.Workers, "eval-workers", 2, "network calls in flight at once")
	fs.IntVar(&m.MaxBatch, "max-batch", 128, "largest network batch")
	fs.IntVar(&m.Cache, "eval-cache", 200000, "evaluation cache entries (0 disables)")
	fs.IntVar(&m.InteractiveWorkers, "eval-interactive-workers", -1, "of -eval-workers, how many take interactive work alone, so that hints never wait behind background batches (default: 1 with -provider cuda and two or more workers, else 0; bench accel measures it)")
	fs.IntVar(&m.Nice, "eval-nice", 10, "OS niceness of the network's worker threads (Linux, 0..19): requests are answered, and refused under overload, before evaluation takes the cores (0: same priority)")
}

// providerEnv is the environment variable of -provider, read by every
// command that evaluates positions (serve and worker read all their flags
// from the environment; the others read this one and -cuda-lib-path's).
const providerEnv = "WALLZERO_PROVIDER"

// envOr returns the environment variable name's value, or def when it is
// unset or empty.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Library returns the ONNX Runtime library the flags ask for: -ort-lib,
// else the provider's default (inference.FindRuntimeLibrary).
func (m *ModelFlags) Library() (string, error) {
	if _, err := inference.ParseCUDAOptions(m.CUDAOptions); err != nil {
		return "", fmt.Errorf("$%s: %w", inference.CUDAOptionsEnv, err)
	}
	return inference.FindRuntimeLibrary(m.OrtLib, inference.Provider(m.Provider))
}

// NetworkConfig returns the session settings the flags ask for.
func (m *ModelFlags) NetworkConfig() inference.NetworkConfig {
	// Library has checked the options, and -cuda-options when it was parsed.
	options, _ := inference.ParseCUDAOptions(m.CUDAOptions)
	return inference.NetworkConfig{Provider: inference.Provider(m.Provider), CUDALibPath: m.CUDALibPath, CUDAOptions: options,
		FixedBatches: m.fixedBatches()}
}

// interactiveWorkers returns -eval-interactive-workers, or its default: one
// worker on a GPU with two or more (its large background batches would
// otherwise hold a hint for a whole call each; bench accel), none on the
// CPU, where a reserved worker would leave a core idle.
func (m *ModelFlags) interactiveWorkers() int {
	if m.InteractiveWorkers >= 0 {
		return m.InteractiveWorkers
	}
	if inference.Provider(m.Provider) == inference.ProviderCUDA && m.Workers >= 2 {
		return 1
	}
	return 0
}

// oneWorkerPerCall says whether a lone search's calls go whole to one
// worker rather than spread over the idle ones: on the GPU, where a call
// costs about the same up to 64 positions, four calls of four cost more
// than one of sixteen (bench accel: a lone 400-visit analysis 57 ms
// against 98 ms spread); on the CPU spreading uses the idle cores.
func (m *ModelFlags) oneWorkerPerCall() bool {
	return inference.Provider(m.Provider) == inference.ProviderCUDA
}

// fixedBatches returns -fixed-batches, or the provider's default when it
// was not given: inference.DefaultCUDABatches on the GPU, none on the CPU
// (where a change of shape costs little and padding costs the cores).
func (m *ModelFlags) fixedBatches() []int {
	if m.FixedBatches != nil {
		return m.FixedBatches
	}
	if inference.Provider(m.Provider) == inference.ProviderCUDA {
		return inference.DefaultCUDABatches(m.MaxBatch)
	}
	return nil
}

// Evaluators opens models on demand and shares one batching evaluator per
// model file among all users.
type Evaluators struct {
	flags ModelFlags
	// shipped are the model files, relative to the repository root, that
	// stand in for an empty -model, in order of preference.
	shipped  []string
	mu       sync.Mutex
	batchers map[string]*inference.Batcher
	nets     []*inference.Network
}

// NewEvaluators returns the evaluators of a command that plays, trains or
// measures: an empty -model means DefaultModel.
func NewEvaluators(f ModelFlags) *Evaluators {
	return &Evaluators{flags: f, shipped: []string{DefaultModel}, batchers: map[string]*inference.Batcher{}}
}

// NewServiceEvaluators returns the evaluators of a command that answers
// users: an empty -model means the first of ServiceModels found for this
// CPU.
func NewServiceEvaluators(f ModelFlags) *Evaluators {
	e := NewEvaluators(f)
	e.shipped = ServiceModels(inference.Int8DotProduct())
	return e
}

// ResolveModel returns the model path to use for name ("" = the flag's
// model, else the first shipped one found in the working directory or a
// directory above it).
func (e *Evaluators) ResolveModel(name string) (string, error) {
	if name == "" {
		name = e.flags.Model
	}
	if name == HeuristicModel {
		return name, nil
	}
	if name != "" {
		return name, nil
	}
	wd, _ := os.Getwd()
	if p, ok := FindShipped(wd, e.shipped); ok {
		return p, nil
	}
	return "", fmt.Errorf("no model given and %s not found (pass -model FILE, or -model heuristic)", e.ShippedNames())
}

// FindShipped returns the first of names (relative paths, in order of
// preference) that exists in dir or a directory above it.
func FindShipped(dir string, names []string) (string, bool) {
	for _, name := range names {
		for d := dir; ; d = filepath.Dir(d) {
			p := filepath.Join(d, name)
			if _, err := os.Stat(p); err == nil {
				return p, true
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return "", false
}

// ShippedNames lists the shipped model files for messages.
func (e *Evaluators) ShippedNames() string {
	return strings.Join(e.shipped, " or ")
}

// Get returns the evaluator and model description for a model name.
func (e *Evaluators) Get(name string) (search.Evaluator, inference.ModelInfo, error) {
	path, err := e.ResolveModel(name)
	if err != nil {
		return nil, inference.ModelInfo{}, err
	}
	if path == HeuristicModel {
		return inference.Heuristic{}, inference.ModelInfo{ID: inference.HeuristicModelID}, nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if b, ok := e.batchers[path]; ok {
		return b, b.ModelInfo(), nil
	}
	net, err := e.OpenNetwork(path)
	if err != nil {
		return nil, inference.ModelInfo{}, err
	}
	cfg := inference.DefaultBatcherConfig()
	cfg.Workers, cfg.MaxBatch, cfg.CacheSize, cfg.Nice = e.flags.Workers, e.flags.MaxBatch, e.flags.Cache, e.flags.Nice
	cfg.InteractiveWorkers = e.flags.interactiveWorkers()
	cfg.OneWorkerPerCall = e.flags.oneWorkerPerCall()
	cfg.WarmUp = true
	b := inference.NewBatcher(net, cfg)
	e.batchers[path] = b
	return b, net.Info, nil
}

// Served returns a model's evaluator as the service serves it: averaged
// over the board symmetries its metadata asks for (inference.MetaSymmetries,
// ensemble.Symmetric), or the evaluator itself.
func Served(eval search.Evaluator, info inference.ModelInfo) search.Evaluator {
	if info.Symmetries <= 1 {
		return eval
	}
	s, err := ensemble.NewSymmetric(eval, info.Symmetries)
	if err != nil { // ModelInfo holds 1, 2, 4 or 8 only
		panic(fmt.Sprintf("model %s: %v", info.ID, err))
	}
	return s
}

// OpenNetwork loads ONNX Runtime (once) and the model at path.
func (e *Evaluators) OpenNetwork(path string) (*inference.Network, error) {
	lib, err := e.flags.Library()
	if err != nil {
		return nil, err
	}
	if err := inference.InitRuntime(lib); err != nil {
		return nil, err
	}
	net, err := inference.LoadNetwork(path, e.flags.NetworkConfig())
	if err != nil {
		return nil, err
	}
	e.nets = append(e.nets, net)
	return net, nil
}

// Close stops the batchers and releases the sessions.
func (e *Evaluators) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	var errs []error
	for _, b := range e.batchers {
		b.Close()
	}
	for _, n := range e.nets {
		errs = append(errs, n.Close())
	}
	return errors.Join(errs...)
}
