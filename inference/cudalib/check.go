package cudalib

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The provider libraries ONNX Runtime's core opens from its own folder
// when asked for the CUDA execution provider.
const (
	SharedProvider = "libonnxruntime_providers_shared.so"
	CUDAProvider   = "libonnxruntime_providers_cuda.so"
)

// RuntimeOpened are libraries the CUDA provider opens by name while it
// runs rather than through a NEEDED entry: cuDNN 9, without which its
// convolutions cannot run.
var RuntimeOpened = []string{"libcudnn.so.9"}

// ErrNoCUDAProvider is returned when the provider libraries are not beside
// the ONNX Runtime core (a CPU-only build, or an incomplete folder).
var ErrNoCUDAProvider = errors.New("no CUDA provider beside the ONNX Runtime library")

// Plan is what the CUDA provider needs from outside the system's library
// search.
type Plan struct {
	// Provider is the CUDA provider library beside the core.
	Provider string
	// Preload are the libraries found only in the extra folders, by path,
	// each after the ones it needs: open them (Preload) before the
	// provider.
	Preload []string
}

// MissingError names the libraries the CUDA provider needs that are in
// none of the folders searched.
type MissingError struct {
	// Provider is the CUDA provider library.
	Provider string
	// Missing are the sonames not found, the provider's own NEEDED entries
	// first and in their order.
	Missing []string
	// NeededBy maps each missing name to the library that needs it.
	NeededBy map[string]string
	// Dirs are the folders searched, in order.
	Dirs []string
}

// Error names the first missing library, who needs it, the others missing
// and the folders searched.
func (e *MissingError) Error() string {
	first := e.Missing[0]
	msg := fmt.Sprintf("%s cannot be found (needed by %s)", first, e.NeededBy[first])
	if first == "libcuda.so.1" {
		msg += "; it comes with the NVIDIA driver: is there a GPU and its driver on this machine?"
	}
	if len(e.Missing) > 1 {
		msg += "; also missing: " + strings.Join(e.Missing[1:], ", ")
	}
	return msg + "; looked in " + strings.Join(e.Dirs, ":")
}

// Check looks, without opening anything, for what the CUDA provider beside
// the ONNX Runtime core at core needs: the provider libraries themselves,
// then each library the provider names in its NEEDED entries (less those
// the core needs too, which are loaded already) and RuntimeOpened, in
// extra (folders whose libraries are preloaded, with their own
// dependencies) and then in search (folders the dynamic linker searches by
// itself, SystemDirs). A missing library is a *MissingError.
func Check(core string, extra, search []string) (*Plan, error) {
	if real, err := filepath.EvalSymlinks(core); err == nil {
		core = real
	}
	dir := filepath.Dir(core)
	for _, name := range []string{SharedProvider, CUDAProvider} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return nil, fmt.Errorf("%w: %s is not in %s", ErrNoCUDAProvider, name, dir)
		}
	}
	provider := filepath.Join(dir, CUDAProvider)
	coreNeeds, err := Needed(core)
	if err != nil {
		return nil, err
	}
	roots, err := Needed(provider)
	if err != nil {
		return nil, err
	}
	w := &walker{extra: extra, search: search, skip: map[string]bool{}, state: map[string]bool{}, paths: map[string]string{}, neededBy: map[string]string{}}
	for _, name := range coreNeeds {
		w.skip[name] = true
	}
	for _, name := range roots {
		if err := w.need(name, CUDAProvider); err != nil {
			return nil, err
		}
	}
	for _, name := range RuntimeOpened {
		if err := w.need(name, CUDAProvider+" (opened while it runs)"); err != nil {
			return nil, err
		}
	}
	if err := w.siblings(); err != nil {
		return nil, err
	}
	if len(w.missing) > 0 {
		return nil, &MissingError{Provider: provider, Missing: w.missing, NeededBy: w.neededBy, Dirs: unique(append(append([]string(nil), extra...), search...))}
	}
	return &Plan{Provider: provider, Preload: w.order}, nil
}

// walker resolves names depth first, so that a library's dependencies come
// before it in order.
type walker struct {
	extra, search []string
	skip          map[string]bool   // loaded already, or the dynamic loader
	state         map[string]bool   // visited
	paths         map[string]string // found in extra: name -> path
	neededBy      map[string]string
	missing       []string
	order         []string
}

// find returns where name is and whether that is one of the extra folders.
func (w *walker) find(name string) (string, bool) {
	for i, dirs := range [][]string{w.extra, w.search} {
		for _, d := range dirs {
			p := filepath.Join(d, name)
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p, i == 0
			}
		}
	}
	return "", false
}

// need resolves name, needed by by: a library found in an extra folder
// has its own NEEDED entries resolved first and is added to order.
func (w *walker) need(name, by string) error {
	if w.skip[name] || strings.HasPrefix(name, "ld-linux") || w.state[name] {
		return nil
	}
	w.state[name] = true
	path, inExtra := w.find(name)
	if path == "" {
		w.missing = append(w.missing, name)
		w.neededBy[name] = by
		return nil
	}
	if !inExtra {
		return nil
	}
	deps, err := Needed(path)
	if err != nil {
		return err
	}
	for _, d := range deps {
		if err := w.need(d, name); err != nil {
			return err
		}
	}
	w.paths[name] = path
	w.order = append(w.order, path)
	return nil
}

// resolvable reports whether name and everything it needs can be found.
func (w *walker) resolvable(name string, seen map[string]bool) bool {
	if w.skip[name] || strings.HasPrefix(name, "ld-linux") || seen[name] || (w.state[name] && !w.isMissing(name)) {
		return true
	}
	seen[name] = true
	path, inExtra := w.find(name)
	if path == "" {
		return false
	}
	if !inExtra {
		return true
	}
	deps, err := Needed(path)
	if err != nil {
		return false
	}
	for _, d := range deps {
		if !w.resolvable(d, seen) {
			return false
		}
	}
	return true
}

func (w *walker) isMissing(name string) bool {
	for _, m := range w.missing {
		if m == name {
			return true
		}
	}
	return false
}

// siblings adds, when a RuntimeOpened library was found in an extra
// folder, the other libraries of its family beside it (cuDNN's
// libcudnn_*.so.9, which libcudnn.so.9 opens by name while it runs), each
// only when everything it needs can be found: they are optional, as not
// every model uses every one.
func (w *walker) siblings() error {
	for _, name := range RuntimeOpened {
		path, ok := w.paths[name]
		if !ok {
			continue
		}
		stem, version, _ := strings.Cut(name, ".so")
		matches, _ := filepath.Glob(filepath.Join(filepath.Dir(path), stem+"_*.so"+version))
		for _, m := range matches {
			sib := filepath.Base(m)
			if w.state[sib] || !w.resolvable(sib, map[string]bool{}) {
				continue
			}
			if err := w.need(sib, name+" (opened while it runs)"); err != nil {
				return err
			}
		}
	}
	return nil
}
