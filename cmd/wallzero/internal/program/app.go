package program

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// App is the wired service: evaluators, store, service, job worker and
// HTTP handler. `serve`, `worker` and `bench api` build one.
type App struct {
	// Cfg is the configuration the app was built from.
	Cfg *ServeConfig
	// Log is the process's logger.
	Log *slog.Logger
	// Ev holds the networks; Close releases them.
	Ev *Evaluators
	// Store is the database (and job queue) connection.
	Store *store.Store
	// Svc is the service the handler and the worker call.
	Svc *service.Service
	// Handler is the HTTP API.
	Handler http.Handler
	worker  *store.Worker
}

// NewApp wires the service. It migrates when asked and starts a job
// worker when cfg.JobWorkers > 0.
func NewApp(ctx context.Context, cfg *ServeConfig, log *slog.Logger) (*App, error) {
	a := &App{Cfg: cfg, Log: log, Ev: NewServiceEvaluators(cfg.Model)}
	if err := cfg.Auth.check(cfg.Addr); err != nil {
		return nil, err
	}
	if cfg.LeafCalls < 1 || cfg.LeafCalls > 16 {
		return nil, fmt.Errorf("-interactive-leaf-calls: %d is not between 1 and 16", cfg.LeafCalls)
	}
	if cfg.DatabaseURL == "" {
		return nil, errors.New("no database: set -database-url or DATABASE_URL (`make run` starts a local PostgreSQL)")
	}
	metrics := &analysis.Metrics{}
	net, models, batcher, err := ChooseModel(a.Ev, cfg.Model, log)
	if err != nil {
		return nil, err
	}
	evals := analysis.Evaluators{
		Network: analysis.Metered(net, metrics), NetworkModel: models[0].ID,
		Heuristic: analysis.Metered(inference.Heuristic{}, metrics), HeuristicModel: inference.HeuristicModelID,
	}
	multi, err := ChooseMultiModels(a.Ev, cfg.Model, log)
	if err != nil {
		return nil, err
	}
	for _, m := range multi {
		m.Eval = analysis.Metered(m.Eval, metrics)
		evals.Multi = append(evals.Multi, m)
		models = service.WithMultiModel(models, m.Info, m.Players)
	}
	analyzer := analysis.NewAnalyzer(evals, cfg.Limits)
	analyzer.InteractiveLeafCalls = cfg.LeafCalls
	if analyzer.Calibrations, err = ModelCalibrations(cfg.Model, models, log); err != nil {
		return nil, err
	}
	if cfg.Migrate {
		res, err := store.Migrate(ctx, cfg.DatabaseURL)
		if err != nil {
			a.Close(ctx)
			return nil, err
		}
		log.Info("database migrated", "version", res.Version, "applied", res.Applied, "river_applied", res.RiverVersions)
	}
	a.Store, err = store.Open(ctx, cfg.DatabaseURL, store.Options{MinConns: 4, Logger: log.With("component", "river")})
	if err != nil {
		a.Close(ctx)
		return nil, err
	}
	if err := a.Store.Ping(ctx); err != nil {
		a.Close(ctx)
		return nil, fmt.Errorf("database: %w", err)
	}
	deps := service.Deps{Analyzer: analyzer, Store: a.Store, Models: models, Metrics: metrics, Logger: log,
		Auth: cfg.Auth.newAuth(a.Store, log)}
	if cfg.Auth.mode != "" {
		log.Info("API keys", "auth", cfg.Auth.mode)
	}
	if batcher != nil {
		deps.Batcher = batcher
	}
	if err := a.addLevels(&deps); err != nil {
		a.Close(ctx)
		return nil, err
	}
	a.addReviewLevels(&deps)
	if err := a.addRatings(&deps); err != nil {
		a.Close(ctx)
		return nil, err
	}
	a.Svc = service.New(cfg.Svc, deps)
	if cfg.JobWorkers > 0 {
		a.worker, err = a.Store.StartWorker(ctx, store.WorkerConfig{Workers: a.Svc.Jobs().Workers(), MaxWorkers: cfg.JobWorkers,
			JobTimeout: cfg.JobTimeout, PeriodicJobs: jobs.RetentionJobs(cfg.Svc.Retention), Logger: log.With("component", "river")})
		if err != nil {
			a.Close(ctx)
			return nil, err
		}
		log.Info("job worker started", "max_jobs", cfg.JobWorkers, "searches_per_job", a.Svc.Config().JobParallel)
	}
	apiCfg := cfg.API
	apiCfg.Logger = log
	a.Handler = api.New(api.DepsOf(a.Svc), apiCfg)
	return a, nil
}

// ChooseModel picks the two-player evaluator: the -model file, else the
// shipped model ev prefers (ServiceModel, else DefaultModel), else (no
// file) the heuristic, said in the log and in GET /v1/models.
func ChooseModel(ev *Evaluators, mf ModelFlags, log *slog.Logger) (search.Evaluator, []service.Model, *inference.Batcher, error) {
	heur := service.HeuristicModel([]int{3, 4}, "")
	if mf.Model == HeuristicModel {
		log.Info("two-player games use the heuristic evaluator (-model heuristic)")
		return inference.Heuristic{}, []service.Model{service.HeuristicModel([]int{2, 3, 4}, "chosen with -model heuristic")}, nil, nil
	}
	if mf.Model == "" {
		if _, err := ev.ResolveModel(""); err != nil {
			note := ev.ShippedNames() + " not found: two-player games use the heuristic evaluator until a trained model ships"
			log.Warn(note)
			//nolint:nilerr // no model file is no error: the heuristic stands in
			return inference.Heuristic{}, []service.Model{service.HeuristicModel([]int{2, 3, 4}, note)}, nil, nil
		}
	}
	net, info, err := ev.Get("")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading the model: %w", err)
	}
	log.Info("two-player games use the ONNX model", "model", info.ID, "path", info.Path, "blocks", info.Blocks, "channels", info.Channels,
		"symmetries", info.Symmetries, "provider", mf.Provider)
	b, _ := net.(*inference.Batcher)
	return Served(net, info), []service.Model{service.ONNXModel(info, []int{2}), heur}, b, nil
}

// StopWorker stops the job worker: running jobs get the shutdown timeout
// to finish, then are re-queued.
func (a *App) StopWorker(ctx context.Context) {
	if a.worker == nil {
		return
	}
	start := time.Now()
	if err := a.worker.Stop(ctx, a.Cfg.ShutdownTimeout); err != nil {
		a.Log.Warn("stopping the job worker", "error", err)
	}
	a.worker = nil
	a.Log.Info("job worker stopped", "seconds", time.Since(start).Seconds())
}

// Close releases everything.
func (a *App) Close(ctx context.Context) {
	a.StopWorker(ctx)
	if a.Store != nil {
		a.Store.Close()
	}
	if err := a.Ev.Close(); err != nil {
		a.Log.Warn("closing the evaluators", "error", err)
	}
}
