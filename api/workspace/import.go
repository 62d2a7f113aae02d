package workspace

import (
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero"
	wssvc "github.com/wallzero/wallzero/service/workspace"
)

// importTypes are the media types an import is sent as, with the format
// each implies ("": detected from the text). None is a type a cross-site
// form may send without a CORS preflight (text/plain is refused for that).
var importTypes = map[string]string{
	"application/x-ndjson":     wssvc.FormatJSONL,
	"application/jsonl":        wssvc.FormatJSONL,
	"application/x-wgf":        wssvc.FormatWGF,
	"application/octet-stream": "",
}

// importGames godoc
//
//	@Summary		Import games into a collection
//	@Description	Reads many games at once, one a line: JSON lines (a record {rules, board, moves} with optional players by colour {"red":"Ana","blue":"Ben"}, date YYYY-MM-DD, event and result, a colour or "draw" or {"winner": ...}; the output of `wallzero match -save-games` is such a file) or WGF records (players named by the query's red, blue, green, yellow). The format follows the Content-Type (application/x-ndjson or application/jsonl; application/x-wgf), or the query's format, or is detected (application/octet-stream). Names are matched to the collection's players, created on first sight. Every bad line is named with its number, field and reason. onError=reject (the default) stores nothing when a line is bad: a 400 whose message lists the bad lines (the first 20); onError=skip stores the good lines and lists the bad ones in errors. Each game stored is reviewed in the background at the service's defaults, as a review job (GET /v1/reviews/{id}) queued behind the reviews asked one by one; GET /v1/collections/{id} shows the progress.
//	@Tags			workspace
//	@Accept			application/x-ndjson,application/jsonl,application/x-wgf,application/octet-stream
//	@Produce		json
//	@Param			id		path		string	true	"collection id"
//	@Param			games	body		string	true	"the games, one a line"
//	@Param			format	query		string	false	"jsonl or wgf (default: from the Content-Type, else detected)"	Enums(jsonl, wgf)
//	@Param			onError	query		string	false	"reject (default): all or nothing; skip: keep the good lines"	Enums(reject, skip)
//	@Param			red		query		string	false	"Red's player in games that name none"
//	@Param			blue	query		string	false	"Blue's player in games that name none"
//	@Param			green	query		string	false	"Green's player in games that name none"
//	@Param			yellow	query		string	false	"Yellow's player in games that name none"
//	@Success		201		{object}	workspace.ImportResult
//	@Failure		400		{object}	api.ErrorResponse		"a bad line under onError=reject (nothing stored), or a bad parameter"
//	@Failure		404		{object}	api.ErrorResponse		"no such collection of the caller's"
//	@Failure		413		{object}	api.ErrorResponse		"the body or the number of games is over the limit"
//	@Failure		415		{object}	api.ErrorResponse		"the body's Content-Type is not one of the import's"
//	@Failure		503		{object}	api.ErrorResponse		"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		408	{object}	api.ErrorResponse	"the request body did not arrive within -body-timeout"
//	@Failure		429	{object}	api.ErrorResponse	"the API key is over a quota"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				importGames
//	@Router			/v1/collections/{id}/games [post]
func (h *handlers) importGames(c *gin.Context) {
	format, err := importFormat(c.GetHeader("Content-Type"))
	if err != nil {
		h.io.Error(c, err)
		return
	}
	if q := c.Query("format"); q != "" {
		format = q
	}
	body, err := h.io.Read(c, MaxImportBytes)
	if err != nil {
		h.io.Error(c, err)
		return
	}
	names := map[string]string{}
	for _, colour := range []string{"red", "blue", "green", "yellow"} {
		if n := c.Query(colour); n != "" {
			names[colour] = n
		}
	}
	out, err := h.ws.Import(c.Request.Context(), c.Param("id"), string(body),
		wssvc.ImportOptions{Format: format, OnError: c.Query("onError"), Names: names})
	if err != nil {
		h.io.Error(c, err)
		return
	}
	c.JSON(http.StatusCreated, importResultOf(out))
}

// importFormat reads the format an import's Content-Type implies.
func importFormat(ct string) (string, error) {
	mt, _, err := mime.ParseMediaType(ct)
	format, ok := importTypes[strings.ToLower(mt)]
	if err != nil || !ok {
		return "", &wallzero.Error{Code: wallzero.CodeUnsupportedMediaType, Field: "Content-Type", Message: fmt.Sprintf(
			"%q: send the games as application/x-ndjson or application/jsonl (JSON lines), application/x-wgf (WGF) or application/octet-stream (detected)",
			wallzero.Clip(ct, 100))}
	}
	return format, nil
}
