package api

import (
	_ "embed"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero/openapi"
)

// docsHTML is a self-contained viewer of /openapi.json: it loads nothing
// but the document, lists the endpoints with their parameters, schemas
// and examples, and can send requests.
//
//go:embed docs.html
var docsHTML []byte

// openAPIJSON serves the OpenAPI 3.0 document (what client generators
// read).
func openAPIJSON(c *gin.Context) {
	c.Data(http.StatusOK, "application/json", openapi.JSON)
}

// swaggerJSON serves the same API as a Swagger 2.0 document, for tools
// that read only 2.0.
func swaggerJSON(c *gin.Context) {
	c.Data(http.StatusOK, "application/json", openapi.Swagger)
}

func docsPage(c *gin.Context) {
	c.Header("Content-Security-Policy", "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'")
	c.Data(http.StatusOK, "text/html; charset=utf-8", docsHTML)
}
