package workspace

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// eventInterval is how often the progress stream sends the progress.
const eventInterval = time.Second

// writeWait is how long one event's write may wait for a client that does
// not read; past it the stream ends.
const writeWait = 30 * time.Second

// collectionEvents godoc
//
//	@Summary		A collection's review progress as server-sent events
//	@Description	A text/event-stream of `progress` events, each a workspace.Progress as JSON, sent every second while the reviews run, and a last `end` event with the final progress once none is queued or running (the stream then closes). A client that reconnects gets the current progress at once.
//	@Tags			workspace
//	@Produce		text/event-stream
//	@Param			id	path		string	true	"collection id"
//	@Success		200	{object}	workspace.Progress	"events whose data is a Progress"
//	@Failure		404	{object}	api.ErrorResponse	"no such collection of the caller's"
//	@Failure		503	{object}	api.ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@ID				collectionEvents
//	@Router			/v1/collections/{id}/events [get]
func (h *handlers) collectionEvents(c *gin.Context) {
	ctx := c.Request.Context()
	id := c.Param("id")
	p, err := h.ws.Progress(ctx, id)
	if err != nil {
		h.io.Error(c, err)
		return
	}
	c.Header("Content-Type", "text/event-stream")
	c.Header("Cache-Control", "no-cache")
	c.Header("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	rc := http.NewResponseController(c.Writer)
	tick := time.NewTicker(eventInterval)
	defer tick.Stop()
	for {
		event := "progress"
		if p.Finished {
			event = "end"
		}
		data, _ := json.Marshal(Progress(*p))
		// Each write gets its own deadline: the server's WriteTimeout is
		// sized for one analysis, and the stream lasts as long as the
		// reviews (not every writer has deadlines: tests).
		_ = rc.SetWriteDeadline(time.Now().Add(writeWait))
		if _, err := fmt.Fprintf(c.Writer, "event: %s\ndata: %s\n\n", event, data); err != nil {
			return
		}
		c.Writer.Flush()
		if p.Finished {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if p, err = h.ws.Progress(ctx, id); err != nil {
			// The stream's status is sent; the error ends it, and a client
			// reconnects for the current progress (or its 404).
			fmt.Fprint(c.Writer, "event: error\ndata: \"the progress could not be read; reconnect\"\n\n")
			return
		}
	}
}
