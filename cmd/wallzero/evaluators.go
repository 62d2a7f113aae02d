package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
)

// defaultModel is the shipped model, relative to the repository root.
const defaultModel = "models/wallzero.onnx"

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

func (m *modelFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&m.model, "model", "", "ONNX model file, or \"heuristic\" for the model-free Voronoi evaluator (default "+defaultModel+")")
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
	flags    modelFlags
	mu       sync.Mutex
	batchers map[string]*inference.Batcher
	nets     []*inference.Network
}

func newEvaluators(f modelFlags) *evaluators {
	return &evaluators{flags: f, batchers: map[string]*inference.Batcher{}}
}

// resolveModel returns the model path to use for name ("" = the flag's
// model, else the shipped one).
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
	for dir, _ := os.Getwd(); ; dir = filepath.Dir(dir) {
		p := filepath.Join(dir, defaultModel)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	return "", fmt.Errorf("no model given and %s not found (pass -model FILE, or -model heuristic)", defaultModel)
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
