package api

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero/api/pictures"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/store"
)

// pictureServer is a test server of the whole API with the heuristic
// evaluator; with a database it also runs a job worker.
type pictureServer struct {
	*httptest.Server
	svc *service.Service
	// key is the API key of a server started with authentication.
	key string
	// log is the server's log, for the artifacts of a failed wait.
	log *lockedBuffer
}

// startPictureServer starts the API over a service with the heuristic
// evaluator; withDB gives it its own PostgreSQL database (storetest) and
// a worker, so reviews run.
func startPictureServer(t *testing.T, withDB bool) *pictureServer {
	return startPictureServerWorker(t, withDB, withDB)
}

// startPictureServerWorker is startPictureServer with the worker optional
// (jobs then stay queued).
func startPictureServerWorker(t *testing.T, withDB, withWorker bool) *pictureServer {
	t.Helper()
	return startPictureServerAuth(t, withDB, withWorker, false)
}

// startPictureServerAuth is startPictureServerWorker, with -auth required
// and one API key (pictureServer.key) when auth is set (it needs withDB).
func startPictureServerAuth(t *testing.T, withDB, withWorker, auth bool) *pictureServer {
	t.Helper()
	return startPictureServerWith(t, withDB, withWorker, auth, nil)
}

// startPictureServerWith is startPictureServerAuth with a hook that
// completes the service's dependencies (levels, for one).
func startPictureServerWith(t *testing.T, withDB, withWorker, auth bool, extra func(*service.Deps)) *pictureServer {
	t.Helper()
	serverLog := &lockedBuffer{}
	quiet := slog.New(slog.NewTextHandler(serverLog, nil))
	an := analysis.NewAnalyzer(analysis.Evaluators{Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID}, analysis.DefaultLimits())
	deps := service.Deps{Analyzer: an, Logger: quiet}
	var st *store.Store
	if withDB {
		var err error
		st, err = store.Open(context.Background(), storetest.URL(t), store.Options{Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(st.Close)
		deps.Store = st
	}
	key := ""
	if auth {
		deps.Auth = access.NewAuth(st, access.AuthConfig{Logger: quiet})
		var err error
		if key, _, err = access.CreateKey(context.Background(), st, "browser", store.KeyQuotas{}); err != nil {
			t.Fatal(err)
		}
	}
	if extra != nil {
		extra(&deps)
	}
	svc := service.New(service.DefaultConfig(), deps)
	if withWorker {
		w, err := st.StartWorker(context.Background(), store.WorkerConfig{Workers: svc.Jobs().Workers(), MaxWorkers: 2, PollInterval: 100 * time.Millisecond, Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Stop(context.Background(), 5*time.Second) })
	}
	cfg := DefaultConfig()
	cfg.Logger = quiet
	srv := httptest.NewServer(withPictures(t, New(DepsOf(svc), cfg), svc, cfg))
	t.Cleanup(srv.Close)
	return &pictureServer{Server: srv, svc: svc, key: key, log: serverLog}
}

// withPictures registers the picture routes and the page on h unless New
// already did.
func withPictures(t *testing.T, h http.Handler, svc *service.Service, cfg Config) http.Handler {
	t.Helper()
	eng, ok := h.(*gin.Engine)
	if !ok {
		t.Fatalf("api.New returned %T, not a *gin.Engine", h)
	}
	for _, r := range eng.Routes() {
		if r.Path == "/v1/render/board.svg" {
			return h
		}
	}
	pictures.Register(eng, pictures.Deps{RequestTimeout: cfg.RequestTimeout, Error: writeError, Decode: decodeJSON})
	registerPage(eng)
	return h
}

// pictureGet fetches url and returns the status, content type and body.
func pictureGet(t *testing.T, url string) (int, string, []byte) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header.Get("Content-Type"), body
}
