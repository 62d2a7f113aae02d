package cudalib

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fakeLib is a library of a fake machine: its folder (relative to the
// test's root), its name and its NEEDED entries.
type fakeLib struct {
	dir, name string
	needed    []string
}

// The provider's NEEDED entries, as in ONNX Runtime 1.29.0's CUDA 13 build.
var providerNeeds = []string{"libcublasLt.so.13", "libcublas.so.13", "libcurand.so.10", "libcudart.so.13", "libcuda.so.1",
	"libdl.so.2", "libstdc++.so.6", "libc.so.6", "ld-linux-x86-64.so.2"}

// pipCUDA are the CUDA 13 libraries as Python's nvidia-* packages lay them
// out, one lib folder per package.
var pipCUDA = []fakeLib{
	{"nvidia/cublas/lib", "libcublasLt.so.13", []string{"libc.so.6"}},
	{"nvidia/cublas/lib", "libcublas.so.13", []string{"libcublasLt.so.13", "libc.so.6"}},
	{"nvidia/curand/lib", "libcurand.so.10", nil},
	{"nvidia/cuda_runtime/lib", "libcudart.so.13", []string{"libdl.so.2"}},
	{"nvidia/cudnn/lib", "libcudnn.so.9", nil},
	{"nvidia/cudnn/lib", "libcudnn_graph.so.9", nil},
	{"nvidia/cudnn/lib", "libcudnn_ops.so.9", []string{"libcudnn_graph.so.9", "libcublas.so.13"}},
	{"nvidia/cudnn/lib", "libcudnn_engines_runtime_compiled.so.9", []string{"libnvrtc.so.13"}},
}

var driver = fakeLib{"sys", "libcuda.so.1", nil}

func TestCheck(t *testing.T) {
	t.Parallel()
	pipDirs := []string{"nvidia/cublas/lib", "nvidia/curand/lib", "nvidia/cuda_runtime/lib", "nvidia/cudnn/lib"}
	allPreloaded := []string{"nvidia/cublas/lib/libcublasLt.so.13", "nvidia/cublas/lib/libcublas.so.13",
		"nvidia/curand/lib/libcurand.so.10", "nvidia/cuda_runtime/lib/libcudart.so.13", "nvidia/cudnn/lib/libcudnn.so.9",
		"nvidia/cudnn/lib/libcudnn_graph.so.9", "nvidia/cudnn/lib/libcudnn_ops.so.9"}
	for _, tc := range []struct {
		name        string
		libs        []fakeLib
		noProviders bool
		extra       []string // folders preloaded from
		search      []string // folders the linker searches itself
		preload     []string // want, relative to the root
		missing     []string // want
	}{
		{name: "no CUDA at all", search: []string{"sys"},
			missing: []string{"libcublasLt.so.13", "libcublas.so.13", "libcurand.so.10", "libcudart.so.13", "libcuda.so.1", "libcudnn.so.9"}},
		{name: "a Python environment's nvidia libs and the driver", libs: append(pipCUDA, driver),
			extra: pipDirs, search: []string{"sys"}, preload: allPreloaded},
		{name: "no driver", libs: pipCUDA, extra: pipDirs, search: []string{"sys"}, missing: []string{"libcuda.so.1"}},
		{name: "cuDNN missing", libs: append(pipCUDA[:4:4], driver), extra: pipDirs[:3], search: []string{"sys"},
			missing: []string{"libcudnn.so.9"}},
		{name: "a dependency of a preloaded library missing",
			libs:  append([]fakeLib{{"x", "libcudart.so.13", []string{"libextra.so.1"}}}, append(pipCUDA, driver)...),
			extra: append([]string{"x"}, pipDirs...), search: []string{"sys"}, missing: []string{"libextra.so.1"}},
		{name: "everything on the linker's own path: nothing to preload", libs: append(pipCUDA, driver),
			search: append([]string{"sys"}, pipDirs...)},
		{name: "an extra folder wins over the system's",
			libs:  append([]fakeLib{{"sys", "libcudart.so.13", nil}}, append(pipCUDA, driver)...),
			extra: pipDirs, search: []string{"sys"}, preload: allPreloaded},
		{name: "a CPU-only core", noProviders: true, libs: append(pipCUDA, driver), extra: pipDirs, search: []string{"sys"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			abs := func(rel []string) []string {
				var out []string
				for _, r := range rel {
					out = append(out, filepath.Join(root, r))
				}
				return out
			}
			core := writeLib(t, filepath.Join(root, "ort"), "libonnxruntime.so.1", "libdl.so.2", "libstdc++.so.6", "libc.so.6", "ld-linux-x86-64.so.2")
			if !tc.noProviders {
				writeLib(t, filepath.Join(root, "ort"), SharedProvider, "libc.so.6")
				writeLib(t, filepath.Join(root, "ort"), CUDAProvider, providerNeeds...)
			}
			for _, l := range tc.libs {
				writeLib(t, filepath.Join(root, l.dir), l.name, l.needed...)
			}
			if err := os.MkdirAll(filepath.Join(root, "sys"), 0o755); err != nil {
				t.Fatal(err)
			}
			plan, err := Check(core, abs(tc.extra), abs(tc.search))
			if tc.noProviders {
				if !errors.Is(err, ErrNoCUDAProvider) || !strings.Contains(err.Error(), SharedProvider) {
					t.Fatalf("err = %v, want ErrNoCUDAProvider naming %s", err, SharedProvider)
				}
				return
			}
			var me *MissingError
			if tc.missing != nil {
				if !errors.As(err, &me) {
					t.Fatalf("err = %v, want a MissingError", err)
				}
				if !reflect.DeepEqual(me.Missing, tc.missing) {
					t.Fatalf("missing %q, want %q", me.Missing, tc.missing)
				}
				if !strings.HasPrefix(err.Error(), tc.missing[0]+" cannot be found") {
					t.Fatalf("error %q does not start with the first missing library", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(plan.Preload, abs(tc.preload)) {
				t.Fatalf("preload %q,\nwant %q", plan.Preload, abs(tc.preload))
			}
			if plan.Provider != filepath.Join(root, "ort", CUDAProvider) {
				t.Fatalf("provider %s", plan.Provider)
			}
		})
	}
}

func TestMissingErrorNamesTheDriver(t *testing.T) {
	t.Parallel()
	err := &MissingError{Missing: []string{"libcuda.so.1"}, NeededBy: map[string]string{"libcuda.so.1": CUDAProvider}, Dirs: []string{"/a", "/b"}}
	want := "libcuda.so.1 cannot be found (needed by libonnxruntime_providers_cuda.so); it comes with the NVIDIA driver: is there a GPU and its driver on this machine?; looked in /a:/b"
	if err.Error() != want {
		t.Fatalf("got  %q\nwant %q", err.Error(), want)
	}
}

func TestSplitPath(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, d := range []string{"nvidia/cublas/lib", "nvidia/cudnn/lib", "nvidia/empty"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"/a::/b:", "/a:/b"},
		{root + "/nvidia/*/lib:/c", root + "/nvidia/cublas/lib:" + root + "/nvidia/cudnn/lib:/c"},
		{root + "/none/*/lib", ""},
	} {
		if got := strings.Join(SplitPath(tc.in), ":"); got != tc.want {
			t.Errorf("SplitPath(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestConfDirs(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	conf := filepath.Join(root, "ld.so.conf")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(conf, "# comment\ninclude ld.so.conf.d/*.conf\n/opt/first\n")
	write(filepath.Join(root, "ld.so.conf.d", "a.conf"), "/usr/local/cuda/lib64  # CUDA\n\n")
	write(filepath.Join(root, "ld.so.conf.d", "b.conf"), "/usr/lib/x86_64-linux-gnu/nvidia\n")
	got := confDirs(conf, 0)
	want := []string{"/usr/local/cuda/lib64", "/usr/lib/x86_64-linux-gnu/nvidia", "/opt/first"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("confDirs = %q, want %q", got, want)
	}
}

// TestFetchedProviderNeeds reads the NEEDED entries of the provider that
// `make onnxruntime-gpu` fetches, when it is there.
func TestFetchedProviderNeeds(t *testing.T) {
	t.Parallel()
	p := filepath.Join("..", "..", ".local", "onnxruntime-gpu", CUDAProvider)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("WALLZERO_REQUIRE_ORT_GPU") == "1" {
			t.Fatalf("%s: %v (run make onnxruntime-gpu)", p, err)
		}
		t.Skipf("%s not fetched (make onnxruntime-gpu): %v", p, err)
	}
	got, err := Needed(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := providerNeeds[:5]; !reflect.DeepEqual(got[:5], want) {
		t.Fatalf("NEEDED %q, want first %q", got, want)
	}
}
