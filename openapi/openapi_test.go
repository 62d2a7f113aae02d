package openapi_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/swaggo/swag/gen"

	"github.com/wallzero/wallzero/openapi"
)

var update = flag.Bool("update", false, "regenerate swagger.json and openapi.json")

// generate runs swag over the api package (and the packages its types come
// from) into dir.
func generate(t *testing.T, dir string) {
	t.Helper()
	err := gen.New().Build(&gen.Config{
		SearchDir:          "../api,../service,../engine,../inference",
		MainAPIFile:        "doc.go",
		OutputDir:          dir,
		OutputTypes:        []string{"json"},
		PropNamingStrategy: "camelcase",
		ParseDepth:         100,
		ParseInternal:      true,
		LeftTemplateDelim:  "{{",
		RightTemplateDelim: "}}",
		CollectionFormat:   "csv",
		Debugger:           quiet{},
	})
	if err != nil {
		t.Fatalf("swag: %v", err)
	}
}

type quiet struct{}

func (quiet) Printf(string, ...any) {}

// TestUpToDate regenerates the documents from the handlers' annotations
// (swag, then the conversion to OpenAPI 3.0) and fails when openapi/
// differs (`make openapi` rewrites it).
func TestUpToDate(t *testing.T) {
	swagDir, dir := t.TempDir(), t.TempDir()
	generate(t, swagDir)
	writeAll(t, swagDir, dir)
	for _, name := range []string{"swagger.json", "openapi.json"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(name, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v (run `make openapi`)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("openapi/%s is stale: the api annotations changed; run `make openapi` and commit the result", name)
		}
	}
}

// TestEmbedded checks the embedded documents are the files on disk and
// describe every endpoint.
func TestEmbedded(t *testing.T) {
	t.Parallel()
	for name, embedded := range map[string][]byte{"openapi.json": openapi.JSON, "swagger.json": openapi.Swagger} {
		disk, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(disk, embedded) {
			t.Fatalf("the embedded document differs from %s", name)
		}
	}
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(openapi.JSON, &doc); err != nil {
		t.Fatal(err)
	}
	for path, method := range map[string]string{
		"/v1/analyze": "post", "/v1/reviews": "post", "/v1/reviews/{id}": "get", "/v1/openings/batch": "post",
		"/v1/jobs/{id}": "delete", "/v1/models": "get", "/healthz": "get", "/readyz": "get",
	} {
		if _, ok := doc.Paths[path][method]; !ok {
			t.Errorf("%s %s is not documented", method, path)
		}
	}
}
