package inference

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	ort "github.com/yalue/onnxruntime_go"
)

// LibraryEnv is the environment variable naming the ONNX Runtime shared
// library.
const LibraryEnv = "WALLZERO_ORT_LIB"

// DefaultLibraryPath is where `make onnxruntime` unpacks the library, from
// the repository root.
const DefaultLibraryPath = ".local/onnxruntime/libonnxruntime.so.1"

// GPULibraryEnv is the environment variable naming the ONNX Runtime
// library of the cuda provider, a build with the CUDA provider beside it.
const GPULibraryEnv = "WALLZERO_ORT_GPU_LIB"

// DefaultGPULibraryPath is where `make onnxruntime-gpu` unpacks the
// library with the CUDA provider, from the repository root.
const DefaultGPULibraryPath = ".local/onnxruntime-gpu/libonnxruntime.so.1"

// ErrNoLibrary is returned when the ONNX Runtime library cannot be found.
var ErrNoLibrary = errors.New("ONNX Runtime library not found")

// FindRuntimeLibrary returns the ONNX Runtime library for provider:
// FindLibrary's for cpu (and any other name, which LoadNetwork refuses);
// for cuda, flagValue if set, else $WALLZERO_ORT_GPU_LIB, else
// DefaultGPULibraryPath relative to the working directory or to any parent
// of it or of the executable. $WALLZERO_ORT_LIB names the CPU library and
// is not read for cuda.
func FindRuntimeLibrary(flagValue string, provider Provider) (string, error) {
	if provider != ProviderCUDA {
		return FindLibrary(flagValue)
	}
	for _, p := range []string{flagValue, os.Getenv(GPULibraryEnv)} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%w at %s: %v", ErrNoLibrary, p, err)
		}
		return p, nil
	}
	if p, ok := findUnderRoots(DefaultGPULibraryPath); ok {
		return p, nil
	}
	return "", fmt.Errorf("%w: -provider cuda looked for %s in the working directory, the executable's and their parents; run `make onnxruntime-gpu` or set %s", ErrNoLibrary, DefaultGPULibraryPath, GPULibraryEnv)
}

// FindLibrary returns the ONNX Runtime library to load: flagValue if set,
// else $WALLZERO_ORT_LIB, else DefaultLibraryPath relative to the working
// directory or to any parent of it or of the executable.
func FindLibrary(flagValue string) (string, error) {
	for _, p := range []string{flagValue, os.Getenv(LibraryEnv)} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%w at %s: %v", ErrNoLibrary, p, err)
		}
		return p, nil
	}
	if p, ok := findUnderRoots(DefaultLibraryPath); ok {
		return p, nil
	}
	return "", fmt.Errorf("%w: looked for %s in the working directory, the executable's and their parents; run `make onnxruntime` or set %s", ErrNoLibrary, DefaultLibraryPath, LibraryEnv)
}

// findUnderRoots looks for rel in the working directory, the executable's
// directory and their parents, in that order.
func findUnderRoots(rel string) (string, bool) {
	var roots []string
	if wd, err := os.Getwd(); err == nil {
		roots = append(roots, wd)
	}
	if exe, err := os.Executable(); err == nil {
		roots = append(roots, filepath.Dir(exe))
	}
	for _, root := range roots {
		for dir := root; ; dir = filepath.Dir(dir) {
			p := filepath.Join(dir, rel)
			if _, err := os.Stat(p); err == nil {
				return p, true
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	return "", false
}

var (
	initOnce sync.Once
	initErr  error
	initPath string
	// loaded is the path ONNX Runtime was loaded from, once it was.
	loaded atomic.Pointer[string]
)

// InitRuntime loads the ONNX Runtime library at path (see FindLibrary) and
// initialises its environment, once per process. Later calls return the
// first call's result; a different path is an error.
func InitRuntime(path string) error {
	initOnce.Do(func() {
		initPath = path
		ort.SetSharedLibraryPath(path)
		if err := ort.InitializeEnvironment(ort.WithLogLevelError()); err != nil {
			initErr = fmt.Errorf("initialising ONNX Runtime from %s: %w", path, err)
			return
		}
		loaded.Store(&path)
	})
	if initErr == nil && path != initPath {
		return fmt.Errorf("ONNX Runtime already loaded from %s, not %s", initPath, path)
	}
	return initErr
}

// loadedLibrary returns the path InitRuntime loaded ONNX Runtime from
// ("" before it succeeded).
func loadedLibrary() string {
	if p := loaded.Load(); p != nil {
		return *p
	}
	return ""
}
