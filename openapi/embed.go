// Package openapi holds the description of the HTTP API, generated from
// the swag annotations of the api package's handlers: openapi.json
// (OpenAPI 3.0, served at /openapi.json, what client generators read) and
// swagger.json (Swagger 2.0, swag's own output made valid, served at
// /swagger.json for older tools). Regenerate both with `make openapi`; a
// test fails when they are stale.
package openapi

import _ "embed"

// JSON is the OpenAPI 3.0 document (openapi.json).
//
//go:embed openapi.json
var JSON []byte

// Swagger is the Swagger 2.0 document (swagger.json).
//
//go:embed swagger.json
var Swagger []byte
