package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/wallzero/wallzero/service/records"
)

// importRecord godoc
//
//	@Summary		Read a game record given as text
//	@Description	Reads a game record pasted or loaded by a board: the project's JSON record (decoded strictly), a plain move list in the project's notation (one move per line or comma-separated, blank lines and '#' comments allowed; rules from the request, default the defaults) or a WGF record of the WallGo site ZachChiu/quoridor (its stay and tie-break rules from the request, default the site's: step-out, largest-region). format auto (the default) tells them apart by the first line. The record is replayed: the answer holds it as a JSON record (normalized rules, moves in canonical notation with colour prefixes) with its number of moves. docs/records.md describes the formats and the WGF mapping.
//	@Description	Errors name where: field text:line 7 with a message such as line 7 "E5-E9:N": square "E9": row must be 1-7 for a move list or a WGF record, text:moves[4] or text:rules.players for a JSON record, rules.stay for the rules given, format for an unknown format.
//	@Tags			records
//	@Accept			json
//	@Produce		json
//	@Param			request	body		records.ImportRequest	true	"the text and its format"
//	@Success		200		{object}	records.Imported
//	@Failure		400		{object}	ErrorResponse	"malformed JSON, unknown field, an unknown format, bad rules, or a text that cannot be read or replayed (field text:line 7, text:moves[4])"
//	@Failure		413		{object}	ErrorResponse	"body too large, or more moves than the service's limit (field text)"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@Failure		408	{object}	ErrorResponse	"the request body did not arrive within -body-timeout"
//	@Failure		415	{object}	ErrorResponse	"the body is not sent as application/json"
//	@ID				importRecord
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/records/import [post]
func (s *server) importRecord(c *gin.Context) {
	var req records.ImportRequest
	if err := s.decodeBody(c, &req); err != nil {
		writeError(c, err)
		return
	}
	out, err := records.ImportText(req, s.limits)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, out)
}

// exportRecord godoc
//
//	@Summary		Write a game record as text
//	@Description	Replays a game record and writes it as text: json (the record, indented, moves in canonical notation with colour prefixes), moves (a comment naming the rules, then one move per line) or wgf (the WGF record of the WallGo site ZachChiu/quoridor, for its games only: two players from the four-stone opening or three players, from the start position). Imported again (with the record's rules for moves and wgf, which do not carry them), the text gives the same game. docs/records.md describes the formats.
//	@Description	Errors name the record's field: record.moves[4] for a move that cannot be played, record.rules.players or record.board for what the format cannot hold (WGF: four players, an explicit board), format for an unknown format.
//	@Tags			records
//	@Accept			json
//	@Produce		json
//	@Param			request	body		records.ExportRequest	true	"the record and the format to write"
//	@Success		200		{object}	records.Exported
//	@Failure		400		{object}	ErrorResponse	"malformed JSON, unknown field, an unknown format, an illegal or unparsable move (record.moves[4]), or a record the format cannot hold (record.board, record.rules.players)"
//	@Failure		413		{object}	ErrorResponse	"body too large, or more moves than the service's limit (field record.moves)"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@Failure		408	{object}	ErrorResponse	"the request body did not arrive within -body-timeout"
//	@Failure		415	{object}	ErrorResponse	"the body is not sent as application/json"
//	@ID				exportRecord
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/records/export [post]
func (s *server) exportRecord(c *gin.Context) {
	var req records.ExportRequest
	if err := s.decodeBody(c, &req); err != nil {
		writeError(c, err)
		return
	}
	out, err := records.ExportText(req, s.limits)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, out)
}

// registerRecords adds POST /v1/records/import and /v1/records/export.
// They run no search, so they do not go through admission control.
func (s *server) registerRecords(v1 *gin.RouterGroup) {
	v1.POST("/records/import", s.importRecord)
	v1.POST("/records/export", s.exportRecord)
}
