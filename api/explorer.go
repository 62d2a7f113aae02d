package api

import (
	"embed"
	"fmt"
	"net/http"
	"path"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/wallzero/wallzero/api/query"
	"github.com/wallzero/wallzero/service/explorer"
)

// explorerParams are the query parameters of the opening explorer.
var explorerParams = map[string]bool{"opening": true, "moves": true}

// openingsExplorer godoc
//
//	@Summary		The opening explorer: policy and win rate of every placement
//	@Description	For the placement phase of either opening, one step per position of the path given by `moves` (the start first): the network's policy and the searched win rate (Red's view) of every legal placement, in the caller's orientation and in board order (the heat map of the paper's Figure 2), whether each child is in the table, and the most frequent positions at the end of the placement phase in the service's self-play games with their frequency and Red's result (Figure 3). Read from a symmetry-reduced table in PostgreSQL (`wallzero explorer fill`); positions of the path missing from it are searched now (admission control and the key's quota apply) and stored.
//	@Tags			openings
//	@ID				getOpeningsExplorer
//	@Produce		json
//	@Param			opening	query		string	false	"empty or four-stone (default four-stone)"	Enums(empty, four-stone)
//	@Param			moves	query		string	false	"the placements made, comma-separated, e.g. C3,E5"
//	@Success		200		{object}	explorer.Result
//	@Failure		400		{object}	ErrorResponse	"a bad opening or placement (the field names it: opening, moves[i]), or a placement out of the placement phase"
//	@Failure		503		{object}	ErrorResponse	"no database, or overloaded (a table miss could not be searched now)"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		429	{object}	ErrorResponse	"the API key is over a quota (Retry-After says when to try again)"
//	@Failure		500	{object}	ErrorResponse	"an internal error (the body says no more)"
//	@Router			/v1/openings/explorer [get]
func (s *server) openingsExplorer(c *gin.Context) {
	q, err := query.Parse(c.Request.URL.RawQuery)
	if err != nil {
		writeError(c, err)
		return
	}
	var eq explorer.Query
	for _, k := range query.Keys(q) {
		v := q[k]
		if !explorerParams[k] {
			writeError(c, query.Invalid(k, "unknown query parameter (known: opening, moves)"))
			return
		}
		if len(v) > 1 {
			writeError(c, query.Invalid(k, "given %d times, at most once", len(v)))
			return
		}
	}
	eq.Opening = q.Get("opening")
	if v := strings.TrimSpace(q.Get("moves")); v != "" {
		for i, m := range strings.Split(v, ",") {
			m = strings.TrimSpace(m)
			if m == "" {
				writeError(c, query.Invalid(fmt.Sprintf("moves[%d]", i), "empty move"))
				return
			}
			eq.Moves = append(eq.Moves, m)
		}
	}
	res, err := s.explorer.Explore(c.Request.Context(), &eq)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

// explorerFiles are the explorer page's files, served at /openings and
// /openings/{file} (its script is page.go's web/dist/openings.js).
//
//go:embed web/openings.html web/openings.css
var explorerFiles embed.FS

// registerExplorer adds the explorer's API route and its page.
func (s *server) registerExplorer(r *gin.Engine, v1 *gin.RouterGroup) {
	v1.GET("/openings/explorer", s.openingsExplorer)
	r.GET("/openings", func(c *gin.Context) { serveExplorerFile(c, "openings.html") })
	r.GET("/openings/:file", func(c *gin.Context) { serveExplorerFile(c, c.Param("file")) })
}

// serveExplorerFile answers with one of the explorer page's files (only
// those named openings.*), or the JSON 404 of unknown paths.
func serveExplorerFile(c *gin.Context, name string) {
	data, err := explorerFiles.ReadFile("web/" + name)
	ct, known := contentTypes[path.Ext(name)]
	if err != nil || !known || !strings.HasPrefix(name, "openings.") {
		c.AbortWithStatusJSON(http.StatusNotFound, ErrorResponse{Error: ErrorBody{Code: "not_found", Message: "no such file: " + c.Request.URL.Path}})
		return
	}
	c.Header("Content-Security-Policy", pageCSP)
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, ct, data)
}
