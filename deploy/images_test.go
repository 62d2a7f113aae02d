package deploy

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"regexp"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// makeVar returns NAME's value in the Makefile (NAME := VALUE).
func makeVar(t *testing.T, mk, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + `\s*:?=\s*(\S+)\s*$`).FindStringSubmatch(mk)
	if m == nil {
		t.Fatalf("Makefile has no %s", name)
	}
	return m[1]
}

// argDefault returns the default of ARG name in a Dockerfile.
func argDefault(df, name string) string {
	m := regexp.MustCompile(`(?m)^ARG ` + name + `=(\S*)\s*$`).FindStringSubmatch(df)
	if m == nil {
		return "<missing>"
	}
	return m[1]
}

// TestDockerfilesPinned: both Dockerfiles pin their bases by exact tag,
// fetch the ONNX Runtime the Makefile does (the CPU image make
// onnxruntime's, the GPU image make onnxruntime-gpu's, with the Makefile's
// checksums), build with cgo, and run as a numeric non-root user with a
// HEALTHCHECK.
func TestDockerfilesPinned(t *testing.T) {
	t.Parallel()
	mk := read(t, "../Makefile")
	gomod := read(t, "../go.mod")
	goVersion := regexp.MustCompile(`(?m)^go (\S+)$`).FindStringSubmatch(gomod)[1]
	exact := map[string]*regexp.Regexp{
		"GO_IMAGE":      regexp.MustCompile(`^golang:` + regexp.QuoteMeta(goVersion) + `-bookworm(@sha256:[0-9a-f]{64})?$`),
		"RUNTIME_IMAGE": regexp.MustCompile(`^debian:\d+\.\d+-slim(@sha256:[0-9a-f]{64})?$`),
		// CUDA 13 with cuDNN: what the CUDA provider of make onnxruntime-gpu needs.
		"CUDA_IMAGE": regexp.MustCompile(`^nvidia/cuda:13\.\d+\.\d+-cudnn-runtime-ubuntu\d+\.\d+(@sha256:[0-9a-f]{64})?$`),
	}
	for _, c := range []struct {
		file  string
		bases []string
		args  map[string]string
	}{
		{"../Dockerfile", []string{"GO_IMAGE", "RUNTIME_IMAGE"}, map[string]string{
			"ORT_VERSION": makeVar(t, mk, "ORT_VERSION"), "ORT_TGZ_SHA256": makeVar(t, mk, "ORT_TGZ_SHA256"),
			"ORT_LIB_SHA256": makeVar(t, mk, "ORT_LIB_SHA256")}},
		{"../Dockerfile.cuda", []string{"GO_IMAGE", "CUDA_IMAGE"}, map[string]string{
			"ORT_GPU_VERSION": makeVar(t, mk, "ORT_GPU_VERSION"), "ORT_GPU_PKG": makeVar(t, mk, "ORT_GPU_PKG"),
			"ORT_GPU_PKG_VERSION": makeVar(t, mk, "ORT_GPU_PKG_VERSION"), "ORT_GPU_CORE_TGZ_SHA256": makeVar(t, mk, "ORT_GPU_CORE_TGZ_SHA256"),
			"ORT_GPU_PKG_TGZ_SHA256": makeVar(t, mk, "ORT_GPU_PKG_TGZ_SHA256"), "ORT_GPU_CORE_SHA256": makeVar(t, mk, "ORT_GPU_CORE_SHA256"),
			"ORT_GPU_SHARED_SHA256": makeVar(t, mk, "ORT_GPU_SHARED_SHA256"), "ORT_GPU_CUDA_SHA256": makeVar(t, mk, "ORT_GPU_CUDA_SHA256")}},
	} {
		df := read(t, c.file)
		for _, b := range c.bases {
			if v := argDefault(df, b); !exact[b].MatchString(v) {
				t.Errorf("%s: %s=%s is not an exact tag of the expected base (Go %s)", c.file, b, v, goVersion)
			}
		}
		for name, want := range c.args {
			if got := argDefault(df, name); got != want {
				t.Errorf("%s: ARG %s=%s, the Makefile has %s", c.file, name, got, want)
			}
		}
		for _, want := range []string{"ENV CGO_ENABLED=1", "USER 65532:65532", `HEALTHCHECK `, `CMD ["/app/bin/wallzero", "healthcheck"]`,
			"sha256sum -c models/wallzero.onnx.sha256", "sha256sum -c -"} {
			if !strings.Contains(df, want) {
				t.Errorf("%s lacks %q", c.file, want)
			}
		}
		if c.file == "../Dockerfile" {
			// The CPU image ships the service's models (the student, float
			// and 8-bit), the teacher and the multi-player networks (one for
			// three players, one of four players alone), checks them all and
			// loads each once.
			for _, want := range []string{"models/wallzero-int8.onnx.sha256", "models/wallzero-fast.onnx.sha256", "models/wallzero-fast-int8.onnx.sha256", "models/wallzero-mp.onnx.sha256", "models/wallzero-mp4.onnx.sha256", "policy:model=$m",
				`-players 3 -red "policy:model=models/wallzero-mp.onnx"`, `-players 4 -red "policy:model=models/wallzero-mp4.onnx"`,
				"for m in models/wallzero.onnx models/wallzero-int8.onnx models/wallzero-fast.onnx models/wallzero-fast-int8.onnx",
				"COPY --from=build /src/models/wallzero.onnx /src/models/wallzero-int8.onnx /src/models/wallzero-fast.onnx /src/models/wallzero-fast-int8.onnx /src/models/wallzero-mp.onnx /src/models/wallzero-mp4.onnx /app/models/",
				// The calibrations: win rates beside each model, and the
				// rating estimate's, without which reviews carry none.
				"COPY --from=build /src/models/*.calibration.json /app/models/",
				"COPY --from=build /src/models/rating-calibration.json /app/models/rating-calibration.json"} {
				if !strings.Contains(df, want) {
					t.Errorf("%s lacks %q", c.file, want)
				}
			}
		}
		if strings.Contains(df, "npm") && !strings.Contains(df, "registry.npmjs.org") {
			t.Errorf("%s installs npm", c.file)
		}
	}
	if df := read(t, "../Dockerfile.cuda"); !strings.Contains(df, "WALLZERO_PROVIDER=cuda") {
		t.Error("Dockerfile.cuda does not default to -provider cuda")
	}
}

// TestModelChecksum: models/wallzero.onnx.sha256, which the image builds
// check, names the shipped model's hash; the .sha256 files of the
// distilled student, of its 8-bit quantization and of the multi-player
// networks do the same for them.
func TestModelChecksum(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"models/wallzero.onnx", "models/wallzero-int8.onnx", "models/wallzero-fast.onnx", "models/wallzero-fast-int8.onnx", "models/wallzero-mp.onnx", "models/wallzero-mp4.onnx"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			model, err := os.ReadFile("../" + name)
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(model)
			want := hex.EncodeToString(sum[:]) + "  " + name + "\n"
			if got := read(t, "../"+name+".sha256"); got != want {
				t.Errorf("%s.sha256 = %q, want %q (run: sha256sum %s > %s.sha256)", name, got, want, name, name)
			}
		})
	}
}

// TestComposeBuildsOnce: compose.yaml builds the image in one service and
// every service of WallZero runs that image.
func TestComposeBuildsOnce(t *testing.T) {
	t.Parallel()
	var c struct {
		Services map[string]struct {
			Build   any      `json:"build"`
			Image   string   `json:"image"`
			Command []string `json:"command"`
		} `json:"services"`
	}
	if err := yaml.Unmarshal([]byte(read(t, "../compose.yaml")), &c); err != nil {
		t.Fatal(err)
	}
	builds, image := 0, ""
	for name, s := range c.Services {
		if s.Build != nil {
			builds++
			image = s.Image
			if image == "" {
				t.Errorf("service %s builds an image but names none for the others to reuse", name)
			}
		}
	}
	if builds != 1 {
		t.Fatalf("%d services build an image, want 1", builds)
	}
	for name, s := range c.Services {
		if len(s.Command) > 0 && s.Image != image {
			t.Errorf("service %s runs %q, not the built %q", name, s.Image, image)
		}
	}
}
