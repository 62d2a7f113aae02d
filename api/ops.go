package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero/service"
)

// ModelsResponse lists the evaluators in use.
type ModelsResponse struct {
	Models []service.Model `json:"models"`
}

// models godoc
//
//	@Summary		The loaded models
//	@Description	The evaluator of two-player games (a trained ONNX network, or the heuristic when no model file exists) and of three- and four-player games (the heuristic), with the network's metadata.
//	@Tags			operations
//	@Produce		json
//	@Success		200	{object}	ModelsResponse
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@ID				listModels
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/models [get]
func (s *server) models(c *gin.Context) {
	c.JSON(http.StatusOK, ModelsResponse{Models: s.svc.Models()})
}

// HealthResponse is the answer of /healthz.
type HealthResponse struct {
	Status string `json:"status" example:"ok"`
}

// healthz godoc
//
//	@Summary	Liveness: the process answers
//	@Tags		operations
//	@Produce	json
//	@Success	200	{object}	HealthResponse
//	@ID				health
//	@Router		/healthz [get]
func (s *server) healthz(c *gin.Context) {
	c.JSON(http.StatusOK, HealthResponse{Status: "ok"})
}

// readyz godoc
//
//	@Summary	Readiness: the database answers and a model is loaded
//	@Tags		operations
//	@Produce	json
//	@Success	200	{object}	service.Readiness
//	@Failure	503	{object}	service.Readiness
//	@ID				readiness
//	@Router		/readyz [get]
func (s *server) readyz(c *gin.Context) {
	r := s.svc.Ready(c.Request.Context())
	status := http.StatusOK
	if !r.Ready {
		status = http.StatusServiceUnavailable
	}
	c.JSON(status, r)
}
