package client_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"

	"github.com/wallzero/wallzero/openapi"
)

var update = flag.Bool("update", false, "regenerate client.gen.go")

// generate runs oapi-codegen over the served document: models and a client
// with typed responses.
func generate(t *testing.T) []byte {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(openapi.JSON)
	if err != nil {
		t.Fatal(err)
	}
	code, err := codegen.Generate(doc, codegen.Configuration{
		PackageName: "client",
		Generate:    codegen.GenerateOptions{Models: true, Client: true},
		OutputOptions: codegen.OutputOptions{
			SkipPrune: true,
		},
	})
	if err != nil {
		t.Fatalf("oapi-codegen: %v", err)
	}
	return []byte(code)
}

// TestClientUpToDate fails when client.gen.go is not what oapi-codegen
// makes of the current document (`make client` rewrites it).
func TestClientUpToDate(t *testing.T) {
	got := generate(t)
	if *update {
		if err := os.WriteFile("client.gen.go", got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("client.gen.go")
	if err != nil {
		t.Fatalf("%v (run `make client`)", err)
	}
	if !bytes.Equal(got, want) {
		t.Error("client/client.gen.go is stale: the OpenAPI document changed; run `make client` and commit the result")
	}
}
