package inference

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	ort "github.com/yalue/onnxruntime_go"
)

// LibraryEnv is the environment variable naming the ONNX Runtime shared
// library.
const LibraryEnv = "WALLZERO_ORT_LIB"

// DefaultLibraryPath is where `make onnxruntime` unpacks the library, from
// the repository root.
const DefaultLibraryPath = ".local/onnxruntime/libonnxruntime.so.1"

// ErrNoLibrary is returned when the ONNX Runtime library cannot be found.
var ErrNoLibrary = errors.New("ONNX Runtime library not found")

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
	var roots []string
	if wd, err := os.Getwd(); err == nil {
		roots = append(roots, wd)
	}
	if exe, err := os.Executable(); err == nil {
		roots = append(roots, filepath.Dir(exe))
	}
	for _, root := range roots {
		for dir := root; ; dir = filepath.Dir(dir) {
			p := filepath.Join(dir, DefaultLibraryPath)
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	return "", fmt.Errorf("%w: looked for %s in the working directory, the executable's and their parents; run `make onnxruntime` or set %s", ErrNoLibrary, DefaultLibraryPath, LibraryEnv)
}

var (
	initOnce sync.Once
	initErr  error
	initPath string
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
		}
	})
	if initErr == nil && path != initPath {
		return fmt.Errorf("ONNX Runtime already loaded from %s, not %s", initPath, path)
	}
	return initErr
}
