package workspace

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"

	wssvc "github.com/wallzero/wallzero/service/workspace"
)

// getPlayer godoc
//
//	@Summary		A player's profile
//	@Description	The player's games with dates, results and, once reviewed, their accuracy, points and win rate lost per move and rating estimate (in date order: the figures over time); the means over the reviewed games; a rating combining them (as POST /v1/ratings/estimate, in a review's ratingEstimate shape); the inaccuracies, mistakes and blunders by phase (setup, opening, middlegame, endgame), by kind (from the explanations' facts) and by class; the setups played with results; and every player of the collection side by side.
//	@Tags			workspace
//	@Produce		json
//	@Param			id	path		string	true	"player id"
//	@Success		200	{object}	workspace.Profile
//	@Failure		404	{object}	api.ErrorResponse	"no such player of the caller's"
//	@Failure		503	{object}	api.ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				getPlayer
//	@Router			/v1/players/{id} [get]
func (h *handlers) getPlayer(c *gin.Context) {
	out, err := h.ws.Profile(c.Request.Context(), c.Param("id"))
	respond(h, c, http.StatusOK, out, err, profileOf)
}

// exportGames godoc
//
//	@Summary		Export a player's annotated games
//	@Description	The player's games as JSON lines, one workspace.ExportLine each: the record, the players by name, date, event, result and the review (every move's loss, class, best move and explanation). The file imports again (POST /v1/collections/{id}/games).
//	@Tags			workspace
//	@Produce		application/x-ndjson
//	@Param			id	path		string	true	"player id"
//	@Success		200	{object}	workspace.ExportLine	"one a line"
//	@Failure		404	{object}	api.ErrorResponse		"no such player of the caller's"
//	@Failure		503	{object}	api.ErrorResponse		"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				exportGames
//	@Router			/v1/players/{id}/games [get]
func (h *handlers) exportGames(c *gin.Context) {
	lines, err := h.ws.Export(c.Request.Context(), c.Param("id"))
	if err != nil {
		h.io.Error(c, err)
		return
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, l := range lines {
		if err := enc.Encode(exportLineOf(l)); err != nil {
			h.io.Error(c, err)
			return
		}
	}
	c.Header("Content-Disposition", `attachment; filename="games.jsonl"`)
	c.Data(http.StatusOK, "application/x-ndjson", buf.Bytes())
}

// listDrills godoc
//
//	@Summary		A player's drills
//	@Description	The puzzles of the player's reviewed games (those of GET /v1/reviews/{id}/puzzles where the player was to move) as cards scheduled by spaced repetition (FSRS), the earliest due first; due counts those due now. The first call after a review takes its puzzles (searches through the analysis cache, charged to the key like the puzzles endpoint), at most 10 games a call.
//	@Tags			workspace
//	@Produce		json
//	@Param			id	path		string	true	"player id"
//	@Success		200	{object}	workspace.DrillList
//	@Failure		404	{object}	api.ErrorResponse	"no such player of the caller's"
//	@Failure		503	{object}	api.ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		429	{object}	api.ErrorResponse	"the API key is over a quota"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				listDrills
//	@Router			/v1/players/{id}/drills [get]
func (h *handlers) listDrills(c *gin.Context) {
	out, err := h.ws.Drills(c.Request.Context(), c.Param("id"))
	respond(h, c, http.StatusOK, out, err, drillListOf)
}

// answerDrill godoc
//
//	@Summary		Answer a drill
//	@Description	Records the player's answer to a card (again, hard, good, easy) and schedules it by FSRS: the card's new memory state and when it is due next.
//	@Tags			workspace
//	@Accept			json
//	@Produce		json
//	@Param			id		path		string					true	"player id"
//	@Param			card	path		string					true	"card id"
//	@Param			answer	body		workspace.AnswerRequest	true	"the answer"
//	@Success		200		{object}	workspace.Drill
//	@Failure		400		{object}	api.ErrorResponse
//	@Failure		404		{object}	api.ErrorResponse	"no such player of the caller's, or no such card"
//	@Failure		503		{object}	api.ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		415	{object}	api.ErrorResponse	"the body is not sent as application/json"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				answerDrill
//	@Router			/v1/players/{id}/drills/{card}/answer [post]
func (h *handlers) answerDrill(c *gin.Context) {
	var r AnswerRequest
	if err := h.io.Decode(c, &r); err != nil {
		h.io.Error(c, err)
		return
	}
	out, err := h.ws.Answer(c.Request.Context(), c.Param("id"), c.Param("card"), r.Rating)
	respond(h, c, http.StatusOK, out, err, func(d *wssvc.Drill) Drill { return drillOf(*d) })
}
