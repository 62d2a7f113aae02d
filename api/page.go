package api

import (
	"embed"
	"net/http"
	"path"

	"github.com/gin-gonic/gin"
)

// webFiles are the pages' files: the analysis board (analysis.html,
// board.css), the printable report (report.*), the coach's workspace
// (workspace.*, player.html, drills.html), favicon.svg, and the scripts
// under dist/, which make web bundles from the TypeScript sources in
// web/src (committed, so that building the server needs no Node.js).
//
//go:embed web/*.html web/*.css web/favicon.svg web/dist/*.js
var webFiles embed.FS

// pageCSP allows the page its own files and the API's pictures only.
const pageCSP = "default-src 'self'; img-src 'self' blob:; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// pages are the page addresses and their files: the board (in its review
// mode at /review), a review's printable report (#review=ID), and the
// workspace's dashboard, player page (?id=) and drills (?player=).
var pages = map[string]string{"/": "analysis.html", "/analysis": "analysis.html", "/review": "analysis.html", "/report": "report.html",
	"/workspace": "workspace.html", "/workspace/player": "player.html", "/workspace/drills": "drills.html"}

// registerPage serves the pages, and their files under /web/.
func registerPage(r *gin.Engine) {
	for p, f := range pages {
		r.GET(p, func(c *gin.Context) { serveWeb(c, f) })
	}
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
