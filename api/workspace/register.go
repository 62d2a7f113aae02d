package workspace

import (
	"github.com/gin-gonic/gin"

	wssvc "github.com/wallzero/wallzero/service/workspace"
)

// IO is what the api package lends the handlers: its error answer (the
// ErrorResponse with the code's status), its strict JSON body decoder and
// its raw body reader (at most limit bytes, within the body timeout).
type IO struct {
	Error  func(c *gin.Context, err error)
	Decode func(c *gin.Context, v any) error
	Read   func(c *gin.Context, limit int64) ([]byte, error)
}

// MaxImportBytes caps an import's body.
const MaxImportBytes = 8 << 20

type handlers struct {
	ws *wssvc.Service
	io IO
}

// Register adds the workspace's routes to the /v1 group.
func Register(v1 *gin.RouterGroup, ws *wssvc.Service, io IO) {
	h := &handlers{ws: ws, io: io}
	v1.POST("/collections", h.createCollection)
	v1.GET("/collections", h.listCollections)
	v1.GET("/collections/:id", h.getCollection)
	v1.PATCH("/collections/:id", h.renameCollection)
	v1.DELETE("/collections/:id", h.deleteCollection)
	v1.POST("/collections/:id/games", h.importGames)
	v1.GET("/collections/:id/events", h.collectionEvents)
	v1.POST("/collections/:id/cancel", h.cancelCollection)
	v1.POST("/collections/:id/players", h.createPlayer)
	v1.GET("/players/:id", h.getPlayer)
	v1.PATCH("/players/:id", h.renamePlayer)
	v1.DELETE("/players/:id", h.deletePlayer)
	v1.GET("/players/:id/games", h.exportGames)
	v1.GET("/players/:id/drills", h.listDrills)
	v1.POST("/players/:id/drills/:card/answer", h.answerDrill)
}

// respond writes conv(out), the JSON shape of the service's answer, with
// status, or the error.
func respond[S, T any](h *handlers, c *gin.Context, status int, out *S, err error, conv func(*S) T) {
	if err != nil {
		h.io.Error(c, err)
		return
	}
	c.JSON(status, conv(out))
}
