package openapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/api"
)

// fixV2 makes swag's Swagger 2.0 output valid: a non-body parameter may
// not carry `example` in 2.0, so the annotation's example(...) moves to
// the x-example extension (which toV3 turns back into an example). It also
// marks operations without @Security as public (security: []).
func fixV2(raw []byte) ([]byte, error) {
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	paths, _ := doc["paths"].(map[string]any)
	for _, item := range paths {
		for _, op := range item.(map[string]any) {
			if _, ok := op.(map[string]any)["security"]; !ok {
				op.(map[string]any)["security"] = []any{}
			}
			params, _ := op.(map[string]any)["parameters"].([]any)
			for _, p := range params {
				p := p.(map[string]any)
				if ex, ok := p["example"]; ok && p["in"] != "body" {
					p["x-example"] = ex
					delete(p, "example")
				}
			}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "    ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(doc)
	return buf.Bytes(), err
}

// toV3 converts the Swagger 2.0 document to OpenAPI 3.0 and completes what
// 2.0 (or swag) cannot say:
//   - parameter examples (from x-example);
//   - parameters described as "Deprecated ..." are marked deprecated;
//   - operations without @Security are explicitly public (security: []);
//   - every error answer is application/json and gets one example per
//     error code that the API maps to its status (api.ErrorStatus), each
//     a valid ErrorResponse.
func toV3(v2 []byte) ([]byte, error) {
	var d2 openapi2.T
	if err := json.Unmarshal(v2, &d2); err != nil {
		return nil, err
	}
	d3, err := openapi2conv.ToV3(&d2)
	if err != nil {
		return nil, err
	}
	// One relative server: the host that serves the document.
	d3.Servers = openapi3.Servers{{URL: "/", Description: "the server that serves this document"}}
	codes := errorCodes(d3)
	for _, path := range d3.Paths.InMatchingOrder() {
		for _, op := range d3.Paths.Value(path).Operations() {
			for _, p := range op.Parameters {
				if ex, ok := p.Value.Extensions["x-example"]; ok {
					p.Value.Example = ex
					delete(p.Value.Extensions, "x-example")
				}
				if strings.HasPrefix(p.Value.Description, "Deprecated") {
					p.Value.Deprecated = true
				}
			}
			if op.Security == nil {
				op.Security = &openapi3.SecurityRequirements{}
			}
			for status, r := range op.Responses.Map() {
				addErrorExamples(status, r.Value, codes)
			}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	err = enc.Encode(d3)
	return buf.Bytes(), err
}

// errorCodes returns the code enum of the ErrorBody schema.
func errorCodes(d *openapi3.T) []string {
	body := d.Components.Schemas["api.ErrorBody"]
	if body == nil {
		return nil
	}
	var codes []string
	for _, c := range body.Value.Properties["code"].Value.Enum {
		codes = append(codes, c.(string))
	}
	return codes
}

// addErrorExamples gives an ErrorResponse answer of the given status one
// named example per code with that status.
//
// Error bodies are always application/json, also for the SVG endpoints
// (swag gives them the operation's @Produce type); 429 and 503 answers
// carry Retry-After.
func addErrorExamples(status string, r *openapi3.Response, codes []string) {
	var mt *openapi3.MediaType
	for _, m := range r.Content {
		if m.Schema != nil && m.Schema.Ref == "#/components/schemas/api.ErrorResponse" {
			mt = m
		}
	}
	if mt == nil {
		return
	}
	r.Content = openapi3.Content{"application/json": mt}
	if status == "429" || status == "503" {
		r.Headers = openapi3.Headers{"Retry-After": &openapi3.HeaderRef{Value: &openapi3.Header{Parameter: openapi3.Parameter{
			Description: "seconds to wait before trying again (overloaded, rate_limited)",
			Schema:      openapi3.NewIntegerSchema().NewRef(),
		}}}}
	}
	mt.Examples = openapi3.Examples{}
	for _, code := range codes {
		if fmt.Sprint(api.ErrorStatus(wallzero.Code(code))) != status {
			continue
		}
		body := map[string]any{"code": code, "message": exampleMessages[code], "requestId": "6c3b1f0e9a8d4c2b"}
		if code == "invalid" {
			body["field"] = "moves[4]"
		}
		if code == "rate_limited" || code == "overloaded" {
			body["retryAfterSeconds"] = 2
		}
		mt.Examples[code] = &openapi3.ExampleRef{Value: openapi3.NewExample(map[string]any{"error": body})}
	}
	if len(mt.Examples) == 0 {
		mt.Examples = nil
	}
}

// exampleMessages are typical messages of each code, for the examples.
var exampleMessages = map[string]string{
	"invalid":                `"E5-E1:N": E1 is not reachable from E5 in two steps (walls, stones or distance)`,
	"too_large":              "the body exceeds 1048576 bytes",
	"not_found":              "no job 5b1f3c0e-0000-4000-8000-000000000000",
	"conflict":               "the job already ended (succeeded)",
	"unavailable":            "a service this request needs (the database or the model) is unavailable; try again later",
	"timeout":                "the analysis did not finish before the deadline; ask for fewer visits or positions, or try again",
	"internal":               "internal error",
	"unauthorized":           "no API key: send Authorization: Bearer wz_...",
	"forbidden":              "origin https://example.com may not call this API",
	"rate_limited":           "over the key's quota of visits per second",
	"overloaded":             "every search slot is busy and the wait queue is full",
	"unsupported_media_type": "send the body as application/json",
	"method_not_allowed":     "PUT is not allowed on /v1/analyze",
	"request_timeout":        "the request body did not arrive within 15s",
}

// writeAll writes the generated documents into dir: swagger.json (2.0,
// fixed), openapi.json (3.0, what /openapi.json serves).
func writeAll(t *testing.T, swagDir, dir string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(swagDir, "swagger.json"))
	if err != nil {
		t.Fatal(err)
	}
	v2, err := fixV2(raw)
	if err != nil {
		t.Fatal(err)
	}
	v3, err := toV3(v2)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"swagger.json": v2, "openapi.json": v3} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
