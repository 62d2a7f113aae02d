package api

import (
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"sort"
	"strconv"
	"testing"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/api/pictures"
)

// servedDocument fetches /openapi.json from a running handler and loads it.
func servedDocument(t *testing.T) *openapi3.T {
	t.Helper()
	srv := startPictureServer(t, false)
	status, ct, body := pictureGet(t, srv.URL+"/openapi.json")
	if status != 200 || ct != "application/json" {
		t.Fatalf("/openapi.json: %d %s", status, ct)
	}
	doc, err := openapi3.NewLoader().LoadFromData(body)
	if err != nil {
		t.Fatalf("loading the served document: %v", err)
	}
	return doc
}

// TestServedDocumentValid validates the served OpenAPI 3.0 document with
// kin-openapi (schemas, references, and every example against its
// schema), checks every operation has an operationId and a declared tag,
// and that /swagger.json is a loadable Swagger 2.0 document of the same
// operations.
func TestServedDocumentValid(t *testing.T) {
	t.Parallel()
	doc := servedDocument(t)
	if err := doc.Validate(context.Background(), openapi3.EnableExamplesValidation()); err != nil {
		t.Fatalf("the served document is invalid: %v", err)
	}
	tags := map[string]bool{}
	for _, tag := range doc.Tags {
		tags[tag.Name] = true
	}
	ids := map[string]bool{}
	n := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			n++
			if op.OperationID == "" || ids[op.OperationID] {
				t.Errorf("%s %s: operationId %q missing or repeated", method, path, op.OperationID)
			}
			ids[op.OperationID] = true
			for _, tag := range op.Tags {
				if !tags[tag] {
					t.Errorf("%s %s: tag %q is not declared", method, path, tag)
				}
			}
		}
	}
	if n < 11 {
		t.Errorf("%d operations documented, want at least 11", n)
	}

	srv := startPictureServer(t, false)
	_, _, body := pictureGet(t, srv.URL+"/swagger.json")
	var v2 openapi2.T
	if err := json.Unmarshal(body, &v2); err != nil {
		t.Fatalf("/swagger.json: %v", err)
	}
	v3, err := openapi2conv.ToV3(&v2)
	if err != nil {
		t.Fatalf("/swagger.json: %v", err)
	}
	if v2.Swagger != "2.0" || len(v3.Paths.Map()) != len(doc.Paths.Map()) {
		t.Errorf("/swagger.json: version %q, %d paths; want 2.0 and %d", v2.Swagger, len(v3.Paths.Map()), len(doc.Paths.Map()))
	}
}

// serviceCodes parses errors.go (package wallzero) and returns the values of its Code
// constants: every code an error can carry.
func serviceCodes(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
				continue
			}
			for _, v := range vs.Values {
				lit, ok := v.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Fatalf("a Code constant is not a string literal: %T", v)
				}
				c, _ := strconv.Unquote(lit.Value)
				codes = append(codes, c)
			}
		}
	}
	sort.Strings(codes)
	return codes
}

// TestErrorCodesDocumented checks the ErrorBody code enum of the served
// document is exactly the set of wallzero.Code constants, that every error
// example's code has the HTTP status it is documented under, and that the
// document documents errors only with ErrorResponse.
func TestErrorCodesDocumented(t *testing.T) {
	t.Parallel()
	doc := servedDocument(t)
	want := serviceCodes(t)
	if len(want) < 14 {
		t.Fatalf("found %d codes in errors.go (package wallzero): %v", len(want), want)
	}
	var got []string
	for _, c := range doc.Components.Schemas["api.ErrorBody"].Value.Properties["code"].Value.Enum {
		got = append(got, c.(string))
	}
	sort.Strings(got)
	if !slices.Equal(got, want) {
		t.Errorf("the document's error codes %v differ from errors.go (package wallzero)'s %v", got, want)
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for status, r := range op.Responses.Map() {
				code, _ := strconv.Atoi(status)
				if code < 400 || path == "/readyz" {
					continue // /readyz answers 503 with its readiness report
				}
				mt := r.Value.Content.Get("application/json")
				if mt == nil || mt.Schema.Ref != "#/components/schemas/api.ErrorResponse" || len(mt.Examples) == 0 {
					t.Errorf("%s %s %s: want an application/json ErrorResponse with examples", method, path, status)
					continue
				}
				for name, ex := range mt.Examples {
					c := ex.Value.Value.(map[string]any)["error"].(map[string]any)["code"].(string)
					if statusOf(wallzero.Code(c)) != code || name != c {
						t.Errorf("%s %s %s: example %s has code %s (status %d)", method, path, status, name, c, statusOf(wallzero.Code(c)))
					}
				}
			}
		}
	}
}

// TestBoardParamsDocumented checks board.svg documents every query
// parameter it accepts, none deprecated, and no other.
func TestBoardParamsDocumented(t *testing.T) {
	t.Parallel()
	doc := servedDocument(t)
	op := doc.Paths.Value("/v1/render/board.svg").Get
	boardParams := pictures.BoardParams()
	documented := map[string]bool{}
	for _, p := range op.Parameters {
		documented[p.Value.Name] = true
		if p.Value.In != "query" || !boardParams[p.Value.Name] || p.Value.Deprecated {
			t.Errorf("parameter %s (in %s, deprecated %v) is not a known board.svg parameter", p.Value.Name, p.Value.In, p.Value.Deprecated)
		}
	}
	for name := range boardParams {
		if !documented[name] {
			t.Errorf("board.svg parameter %s is not documented", name)
		}
	}
}
