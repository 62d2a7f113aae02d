package main

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
)

// defaultModel is the shipped model that is strongest per visit (wz-0027,
// the teacher), relative to the repository root: the default of the
// commands that play, train and measure (match, selfplay, bench).
const defaultModel = "models/wallzero.onnx"

// serviceModel is the shipped model with the most strength per CPU second
// (the distilled student, 2.2x faster per analysis at nearly the same
// strength per visit: docs/performance.md): the default of the commands
// that answer users (serve, worker, analysis, explorer, version).
// defaultModel stands in where it is missing.
const serviceModel = "models/wallzero-fast.onnx"

// serviceInt8Model is serviceModel quantized to 8-bit integers
// (training/quantize.py). It takes serviceModel's place on CPUs with 8-bit
// dot-product instructions (inference.Int8DotProduct), where it evaluates
// 2.8x faster at the same strength per visit (0.491 over 400 games against
// the float file); elsewhere it would be slower, so it is not used.
const serviceInt8Model = "models/wallzero-fast-int8.onnx"

// serviceInt8TeacherModel is defaultModel (the teacher, wz-0027)
// quantized to 8-bit integers. On CPUs with 8-bit dot products it runs at
// about 0.87x the 8-bit student's evaluations per move and is far stronger
// per visit (wz-0015's 8-bit copy beat serviceInt8Model 0.665 over 100
// games at 100 ms per move; docs/reinforcement.md), so it comes first there.
const serviceInt8TeacherModel = "models/wallzero-int8.onnx"

// serviceModels returns the shipped files the service looks for, in order
// of preference, on a CPU with (int8) or without 8-bit dot products.
func serviceModels(int8 bool) []string {
	if int8 {
		return []string{serviceInt8TeacherModel, serviceInt8Model, serviceModel, defaultModel}
	}
	return []string{serviceModel, defaultModel}
}

// heuristicModel names the model-free Voronoi evaluator in -model flags and
// player specs.
const heuristicModel = "heuristic"

// modelFlags are the flags of every command that evaluates positions.
type modelFlags struct {
	model    string
	ortLib   string
	provider string
	workers  int
	maxBatch int
	cache    int
	nice     int
}

// register adds the flags of a command that plays, trains or measures
// (an empty -model means defaultModel).
func (m *modelFlags) register(fs *flag.FlagSet) {
	m.registerDefault(fs, defaultModel)
}

// registerService adds the flags of a command that answers users (an
// empty -model means the first of serviceModels found for this CPU).
func (m *modelFlags) registerService(fs *flag.FlagSet) {
	m.registerDefault(fs, "the first found of "+strings.Join(serviceModels(inference.Int8DotProduct()), ", ")+"; wallzero version says which")
}

// registerDefault adds the flags, saying def is -model's default.
func (m *modelFlags) registerDefault(fs *flag.FlagSet, def string) {
	fs.StringVar(&m.model, "model", "", "ONNX model file, or \"heuristic\" for the model-free Voronoi evaluator (default "+def+")")
	fs.StringVar(&m.ortLib, "ort-lib", "", "ONNX Runtime shared library (default $"+inference.LibraryEnv+" or "+inference.DefaultLibraryPath+")")
	fs.StringVar(&m.provider, "provider", "cpu", "execution provider: cpu or cuda")
	fs.IntVar(&m.workers, "eval-workers", 2, "network calls in flight at once")
	fs.IntVar(&m.maxBatch, "max-batch", 128, "largest network batch")
	fs.IntVar(&m.cache, "eval-cache", 200000, "evaluation cache entries (0 disables)")
	fs.IntVar(&m.nice, "eval-nice", 10, "OS niceness of the network's worker threads (Linux, 0..19): requests are answered, and refused under overload, before evaluation takes the cores (0: same priority)")
}

// evaluators opens models on demand and shares one batching evaluator per
// model file among all users.
type evaluators struct {
	flags modelFlags
	// shipped are the model files, relative to the repository root, that
	// stand in for an empty -model, in order of preference.
	shipped  []string
	mu       sync.Mutex
	batchers map[string]*inference.Batcher
	nets     []*inference.Network
}

// newEvaluators returns the evaluators of a command that plays, trains or
// measures: an empty -model means defaultModel.
func newEvaluators(f modelFlags) *evaluators {
	return &evaluators{flags: f, shipped: []string{defaultModel}, batchers: map[string]*inference.Batcher{}}
}

// newServiceEvaluators returns the evaluators of a command that answers
// users: an empty -model means the first of serviceModels found for this
// CPU.
func newServiceEvaluators(f modelFlags) *evaluators {
	e := newEvaluators(f)
	e.shipped = serviceModels(inference.Int8DotProduct())
	return e
}

// resolveModel returns the model path to use for name ("" = the flag's
// model, else the first shipped one found in the working directory or a
// directory above it).
func (e *evaluators) resolveModel(name string) (string, error) {
	if name == "" {
		name = e.flags.model
	}
	if name == heuristicModel {
		return name, nil
	}
	if name != "" {
		return name, nil
	}
	wd, _ := os.Getwd()
	if p, ok := findShipped(wd, e.shipped); ok {
		return p, nil
	}
	return "", fmt.Errorf("no model given and %s not found (pass -model FILE, or -model heuristic)", e.shippedNames())
}

// findShipped returns the first of names (relative paths, in order of
// preference) that exists in dir or a directory above it.
func findShipped(dir string, names []string) (string, bool) {
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

// shippedNames lists the shipped model files for messages.
func (e *evaluators) shippedNames() string {
	return strings.Join(e.shipped, " or ")
}

// get returns the evaluator and model description for a model name.
func (e *evaluators) get(name string) (search.Evaluator, inference.ModelInfo, error) {
	path, err := e.resolveModel(name)
	if err != nil {
		return nil, inference.ModelInfo{}, err
	}
	if path == heuristicModel {
		return inference.Heuristic{}, inference.ModelInfo{ID: inference.HeuristicModelID}, nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if b, ok := e.batchers[path]; ok {
		return b, b.ModelInfo(), nil
	}
	net, err := e.openNetwork(path)
	if err != nil {
		return nil, inference.ModelInfo{}, err
	}
	cfg := inference.DefaultBatcherConfig()
	cfg.Workers, cfg.MaxBatch, cfg.CacheSize, cfg.Nice = e.flags.workers, e.flags.maxBatch, e.flags.cache, e.flags.nice
	cfg.WarmUp = true
	b := inference.NewBatcher(net, cfg)
	e.batchers[path] = b
	return b, net.Info, nil
}

// openNetwork loads ONNX Runtime (once) and the model at path.
func (e *evaluators) openNetwork(path string) (*inference.Network, error) {
	lib, err := inference.FindLibrary(e.flags.ortLib)
	if err != nil {
		return nil, err
	}
	if err := inference.InitRuntime(lib); err != nil {
		return nil, err
	}
	net, err := inference.LoadNetwork(path, inference.NetworkConfig{Provider: inference.Provider(e.flags.provider)})
	if err != nil {
		return nil, err
	}
	e.nets = append(e.nets, net)
	return net, nil
}

// Close stops the batchers and releases the sessions.
func (e *evaluators) Close() error {
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
