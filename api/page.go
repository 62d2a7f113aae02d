package api

import (
	"embed"
	"net/http"
	"path"

	"github.com/gin-gonic/gin"
)

// webFiles are the pages' files: the analysis board (analysis.html,
// board.css), the printable report (report.html, report.css),
// favicon.svg, and the scripts under dist/, which make web bundles from
// the TypeScript sources in web/src (committed, so that building the
// server needs no Node.js). They load nothing from other hosts.
//
//go:embed web/analysis.html web/board.css web/favicon.svg
//go:embed web/report.html web/report.css
//go:embed web/dist/*.js
var webFiles embed.FS

// pageCSP allows the page its own files and the API's pictures only.
const pageCSP = "default-src 'self'; img-src 'self' blob:; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// registerPage serves the analysis board at / and /analysis, and in its
// review mode at /review; a review's printable report at /report
// (#review=ID); and their files under /web/.
func registerPage(r *gin.Engine) {
	board := func(c *gin.Context) { serveWeb(c, "analysis.html") }
	r.GET("/", board)
	r.GET("/analysis", board)
	r.GET("/review", board)
	r.GET("/report", func(c *gin.Context) { serveWeb(c, "report.html") })
	r.GET("/web/*file", func(c *gin.Context) { serveWeb(c, c.Param("file")) })
}

// contentTypes maps the page's file extensions to media types.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".svg":  "image/svg+xml",
}

// serveWeb answers with one embedded file, or the JSON 404 of unknown
// paths.
func serveWeb(c *gin.Context, name string) {
	data, err := webFiles.ReadFile("web/" + path.Clean("/" + name)[1:])
	ct, known := contentTypes[path.Ext(name)]
	if err != nil || !known {
		c.AbortWithStatusJSON(http.StatusNotFound, ErrorResponse{Error: ErrorBody{Code: "not_found", Message: "no such file: " + c.Request.URL.Path}})
		return
	}
	c.Header("Content-Security-Policy", pageCSP)
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, ct, data)
}
