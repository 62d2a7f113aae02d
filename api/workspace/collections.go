package workspace

import (
	"net/http"

	"github.com/gin-gonic/gin"

	wssvc "github.com/wallzero/wallzero/service/workspace"
)

// createCollection godoc
//
//	@Summary		Create a collection
//	@Description	Makes an empty collection of games, owned by the API key that makes it (under -auth off, by the one local owner). Another key's request for it answers 404.
//	@Tags			workspace
//	@Accept			json
//	@Produce		json
//	@Param			collection	body		workspace.NameRequest	true	"its name"
//	@Success		201			{object}	workspace.CollectionSummary
//	@Failure		400			{object}	api.ErrorResponse
//	@Failure		503			{object}	api.ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		415	{object}	api.ErrorResponse	"the body is not sent as application/json"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				createCollection
//	@Router			/v1/collections [post]
func (h *handlers) createCollection(c *gin.Context) {
	var r NameRequest
	if err := h.io.Decode(c, &r); err != nil {
		h.io.Error(c, err)
		return
	}
	out, err := h.ws.CreateCollection(c.Request.Context(), r.Name)
	if err == nil {
		c.Header("Location", "/v1/collections/"+out.ID)
	}
	respond(h, c, http.StatusCreated, out, err, func(s *wssvc.CollectionSummary) CollectionSummary { return CollectionSummary(*s) })
}

// listCollections godoc
//
//	@Summary	The caller's collections
//	@Tags		workspace
//	@Produce	json
//	@Success	200	{object}	workspace.CollectionList
//	@Failure	503	{object}	api.ErrorResponse	"no database"
//	@Security	BearerAuth
//	@Failure	401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure	500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID			listCollections
//	@Router		/v1/collections [get]
func (h *handlers) listCollections(c *gin.Context) {
	out, err := h.ws.Collections(c.Request.Context())
	respond(h, c, http.StatusOK, out, err, collectionListOf)
}

// getCollection godoc
//
//	@Summary		A collection: players, games, review progress
//	@Description	The collection's players, its games (each with its players by colour, date, event, winner and its review job), and the progress of the background reviews: games done of total, positions analysed, an estimate of the seconds left at the pace so far.
//	@Tags			workspace
//	@Produce		json
//	@Param			id	path		string	true	"collection id"
//	@Success		200	{object}	workspace.Collection
//	@Failure		404	{object}	api.ErrorResponse	"no such collection of the caller's"
//	@Failure		503	{object}	api.ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				getCollection
//	@Router			/v1/collections/{id} [get]
func (h *handlers) getCollection(c *gin.Context) {
	out, err := h.ws.Collection(c.Request.Context(), c.Param("id"))
	respond(h, c, http.StatusOK, out, err, collectionOf)
}

// renameCollection godoc
//
//	@Summary	Rename a collection
//	@Tags		workspace
//	@Accept		json
//	@Produce	json
//	@Param		id			path		string					true	"collection id"
//	@Param		collection	body		workspace.NameRequest	true	"the new name"
//	@Success	200			{object}	workspace.CollectionSummary
//	@Failure	400			{object}	api.ErrorResponse
//	@Failure	404			{object}	api.ErrorResponse	"no such collection of the caller's"
//	@Failure	503			{object}	api.ErrorResponse	"no database"
//	@Security	BearerAuth
//	@Failure	401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure	415	{object}	api.ErrorResponse	"the body is not sent as application/json"
//	@Failure	500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID			renameCollection
//	@Router		/v1/collections/{id} [patch]
func (h *handlers) renameCollection(c *gin.Context) {
	var r NameRequest
	if err := h.io.Decode(c, &r); err != nil {
		h.io.Error(c, err)
		return
	}
	out, err := h.ws.RenameCollection(c.Request.Context(), c.Param("id"), r.Name)
	respond(h, c, http.StatusOK, out, err, func(s *wssvc.CollectionSummary) CollectionSummary { return CollectionSummary(*s) })
}

// deleteCollection godoc
//
//	@Summary		Delete a collection
//	@Description	Deletes the collection with its players, games, their reviews (running ones are cancelled) and drill cards. The analysis cache, shared by every caller and keyed by position, keeps its rows.
//	@Tags			workspace
//	@Param			id	path	string	true	"collection id"
//	@Success		204
//	@Failure		404	{object}	api.ErrorResponse	"no such collection of the caller's"
//	@Failure		503	{object}	api.ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				deleteCollection
//	@Router			/v1/collections/{id} [delete]
func (h *handlers) deleteCollection(c *gin.Context) {
	if err := h.ws.DeleteCollection(c.Request.Context(), c.Param("id")); err != nil {
		h.io.Error(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// cancelCollection godoc
//
//	@Summary	Cancel a collection's reviews
//	@Tags		workspace
//	@Produce	json
//	@Param		id	path		string	true	"collection id"
//	@Success	200	{object}	workspace.CancelResult
//	@Failure	404	{object}	api.ErrorResponse	"no such collection of the caller's"
//	@Failure	503	{object}	api.ErrorResponse	"no database"
//	@Security	BearerAuth
//	@Failure	401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure	500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID			cancelCollection
//	@Router		/v1/collections/{id}/cancel [post]
func (h *handlers) cancelCollection(c *gin.Context) {
	out, err := h.ws.CancelCollection(c.Request.Context(), c.Param("id"))
	respond(h, c, http.StatusOK, out, err, func(r *wssvc.CancelResult) CancelResult { return CancelResult(*r) })
}

// createPlayer godoc
//
//	@Summary	Add a player to a collection
//	@Tags		workspace
//	@Accept		json
//	@Produce	json
//	@Param		id		path		string					true	"collection id"
//	@Param		player	body		workspace.NameRequest	true	"the player's name"
//	@Success	201		{object}	workspace.Player
//	@Failure	400		{object}	api.ErrorResponse
//	@Failure	404		{object}	api.ErrorResponse	"no such collection of the caller's"
//	@Failure	409		{object}	api.ErrorResponse	"the collection has a player of that name"
//	@Failure	503		{object}	api.ErrorResponse	"no database"
//	@Security	BearerAuth
//	@Failure	401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure	415	{object}	api.ErrorResponse	"the body is not sent as application/json"
//	@Failure	500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID			createPlayer
//	@Router		/v1/collections/{id}/players [post]
func (h *handlers) createPlayer(c *gin.Context) {
	var r NameRequest
	if err := h.io.Decode(c, &r); err != nil {
		h.io.Error(c, err)
		return
	}
	out, err := h.ws.CreatePlayer(c.Request.Context(), c.Param("id"), r.Name)
	respond(h, c, http.StatusCreated, out, err, playerOf)
}

// renamePlayer godoc
//
//	@Summary	Rename a player
//	@Tags		workspace
//	@Accept		json
//	@Produce	json
//	@Param		id		path		string					true	"player id"
//	@Param		player	body		workspace.NameRequest	true	"the new name"
//	@Success	200		{object}	workspace.Player
//	@Failure	400		{object}	api.ErrorResponse
//	@Failure	404		{object}	api.ErrorResponse	"no such player of the caller's"
//	@Failure	409		{object}	api.ErrorResponse	"the collection has a player of that name"
//	@Failure	503		{object}	api.ErrorResponse	"no database"
//	@Security	BearerAuth
//	@Failure	401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure	415	{object}	api.ErrorResponse	"the body is not sent as application/json"
//	@Failure	500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID			renamePlayer
//	@Router		/v1/players/{id} [patch]
func (h *handlers) renamePlayer(c *gin.Context) {
	var r NameRequest
	if err := h.io.Decode(c, &r); err != nil {
		h.io.Error(c, err)
		return
	}
	out, err := h.ws.RenamePlayer(c.Request.Context(), c.Param("id"), r.Name)
	respond(h, c, http.StatusOK, out, err, playerOf)
}

// deletePlayer godoc
//
//	@Summary		Delete a player
//	@Description	Deletes the player with every game they played, those games' reviews (running ones are cancelled) and the drill cards of those games.
//	@Tags			workspace
//	@Param			id	path	string	true	"player id"
//	@Success		204
//	@Failure		404	{object}	api.ErrorResponse	"no such player of the caller's"
//	@Failure		503	{object}	api.ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				deletePlayer
//	@Router			/v1/players/{id} [delete]
func (h *handlers) deletePlayer(c *gin.Context) {
	if err := h.ws.DeletePlayer(c.Request.Context(), c.Param("id")); err != nil {
		h.io.Error(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
