package inference

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/wallzero/wallzero/inference/cudalib"
)

// CUDALibPathEnv is the environment variable of -cuda-lib-path: the
// folders, colon-separated, that hold the CUDA 13 and cuDNN 9 libraries
// of the cuda provider.
const CUDALibPathEnv = "WALLZERO_CUDA_LIB_PATH"

// cudaHowTo says how to provide the CUDA libraries, after an error naming
// a missing one.
const cudaHowTo = "install the CUDA 13 libraries and cuDNN 9 and name their folders with -cuda-lib-path or $" + CUDALibPathEnv +
	" (colon-separated; a pattern such as /venv/lib/python3.12/site-packages/nvidia/*/lib names the lib folders of Python's" +
	" nvidia-cublas, nvidia-cuda-runtime, nvidia-curand and nvidia-cudnn-cu13 packages at once)," +
	" or start the process with them on LD_LIBRARY_PATH (docs/gpu.md)"

// prepareCUDA checks, before ONNX Runtime is asked for the CUDA provider,
// that the provider is beside the loaded core and that every library it
// needs can be found in libPath's folders (colon-separated, patterns
// allowed), LD_LIBRARY_PATH or the system's library folders, and opens
// those found only in libPath's folders (see package cudalib for why they
// are preloaded). The error names the first missing library and how to
// provide it.
func prepareCUDA(libPath string) error {
	core := loadedLibrary()
	if core == "" {
		return fmt.Errorf("%w: cuda: ONNX Runtime is not initialised", ErrNoProvider)
	}
	var extra []string
	for _, d := range cudalib.SplitPath(libPath) {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return fmt.Errorf("%w: cuda: -cuda-lib-path (or $%s): %s is not a folder", ErrNoProvider, CUDALibPathEnv, d)
		}
		extra = append(extra, d)
	}
	if strings.TrimSpace(libPath) != "" && len(extra) == 0 {
		return fmt.Errorf("%w: cuda: -cuda-lib-path (or $%s) %q names no folder", ErrNoProvider, CUDALibPathEnv, libPath)
	}
	plan, err := cudalib.Check(core, extra, cudalib.SystemDirs())
	var missing *cudalib.MissingError
	switch {
	case errors.As(err, &missing):
		return fmt.Errorf("%w: cuda: %w; %s", ErrNoProvider, err, cudaHowTo)
	case errors.Is(err, cudalib.ErrNoCUDAProvider):
		return fmt.Errorf("%w: cuda: %w (ONNX Runtime was loaded from %s): run `make onnxruntime-gpu` and leave -ort-lib unset"+
			" (with -provider cuda the library is $%s or %s), or point -ort-lib at a build with the CUDA provider",
			ErrNoProvider, err, core, GPULibraryEnv, DefaultGPULibraryPath)
	case err != nil:
		return fmt.Errorf("%w: cuda: %w", ErrNoProvider, err)
	}
	if err := cudalib.Preload(plan.Preload); err != nil {
		return fmt.Errorf("%w: cuda: %w", ErrNoProvider, err)
	}
	return nil
}
