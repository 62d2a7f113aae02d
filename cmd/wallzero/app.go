package main

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
	"github.com/wallzero/wallzero/store"
)

// app is the wired service: evaluators, store, service, job worker and
// HTTP handler. `serve`, `worker` and `bench api` build one.
type app struct {
	cfg     *serveConfig
	log     *slog.Logger
	ev      *evaluators
	store   *store.Store
	svc     *service.Service
	worker  *store.Worker
	handler http.Handler
}

// newApp wires the service. It migrates when asked and starts a job
// worker when cfg.jobWorkers > 0.
func newApp(ctx context.Context, cfg *serveConfig, log *slog.Logger) (*app, error) {
	a := &app{cfg: cfg, log: log, ev: newServiceEvaluators(cfg.model)}
	if err := cfg.auth.check(); err != nil {
		return nil, err
	}
	if cfg.leafCalls < 1 || cfg.leafCalls > 16 {
		return nil, fmt.Errorf("-interactive-leaf-calls: %d is not between 1 and 16", cfg.leafCalls)
	}
	if cfg.databaseURL == "" {
		return nil, errors.New("no database: set -database-url or DATABASE_URL (`make run` starts a local PostgreSQL)")
	}
	metrics := &service.Metrics{}
	net, models, batcher, err := chooseModel(a.ev, cfg.model, log)
	if err != nil {
		return nil, err
	}
	analyzer := service.NewAnalyzer(service.Evaluators{
		Network: service.Metered(net, metrics), NetworkModel: models[0].ID,
		Heuristic: service.Metered(inference.Heuristic{}, metrics), HeuristicModel: inference.HeuristicModelID,
	}, cfg.limits)
	analyzer.InteractiveLeafCalls = cfg.leafCalls
	if cfg.migrate {
		res, err := store.Migrate(ctx, cfg.databaseURL)
		if err != nil {
			a.close(ctx)
			return nil, err
		}
		log.Info("database migrated", "version", res.Version, "applied", res.Applied, "river_applied", res.RiverVersions)
	}
	a.store, err = store.Open(ctx, cfg.databaseURL, store.Options{MinConns: 4, Logger: log.With("component", "river")})
	if err != nil {
		a.close(ctx)
		return nil, err
	}
	if err := a.store.Ping(ctx); err != nil {
		a.close(ctx)
		return nil, fmt.Errorf("database: %w", err)
	}
	deps := service.Deps{Analyzer: analyzer, Store: a.store, Models: models, Metrics: metrics, Logger: log,
		Auth: cfg.auth.newAuth(a.store, log)}
	if cfg.auth.mode != "" {
		log.Info("API keys", "auth", cfg.auth.mode)
	}
	if batcher != nil {
		deps.Batcher = batcher
	}
	if err := a.addLevels(&deps); err != nil {
		a.close(ctx)
		return nil, err
	}
	a.svc = service.New(cfg.svc, deps)
	if cfg.jobWorkers > 0 {
		a.worker, err = a.store.StartWorker(ctx, store.WorkerConfig{Workers: a.svc.Workers(), MaxWorkers: cfg.jobWorkers,
			JobTimeout: cfg.jobTimeout, PeriodicJobs: service.RetentionJobs(cfg.svc.Retention), Logger: log.With("component", "river")})
		if err != nil {
			a.close(ctx)
			return nil, err
		}
		log.Info("job worker started", "max_jobs", cfg.jobWorkers, "searches_per_job", a.svc.Config().JobParallel)
	}
	apiCfg := cfg.api
	apiCfg.Logger = log
	a.handler = api.New(a.svc, apiCfg)
	return a, nil
}

// chooseModel picks the two-player evaluator: the -model file, else the
// shipped model ev prefers (serviceModel, else defaultModel), else (no
// file) the heuristic, said in the log and in GET /v1/models.
func chooseModel(ev *evaluators, mf modelFlags, log *slog.Logger) (search.Evaluator, []service.Model, *inference.Batcher, error) {
	heur := service.HeuristicModel([]int{3, 4}, "")
	if mf.model == heuristicModel {
		log.Info("two-player games use the heuristic evaluator (-model heuristic)")
		return inference.Heuristic{}, []service.Model{service.HeuristicModel([]int{2, 3, 4}, "chosen with -model heuristic")}, nil, nil
	}
	if mf.model == "" {
		if _, err := ev.resolveModel(""); err != nil {
			note := ev.shippedNames() + " not found: two-player games use the heuristic evaluator until a trained model ships"
			log.Warn(note)
			//nolint:nilerr // no model file is no error: the heuristic stands in
			return inference.Heuristic{}, []service.Model{service.HeuristicModel([]int{2, 3, 4}, note)}, nil, nil
		}
	}
	net, info, err := ev.get("")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading the model: %w", err)
	}
	log.Info("two-player games use the ONNX model", "model", info.ID, "path", info.Path, "blocks", info.Blocks, "channels", info.Channels, "provider", mf.provider)
	b, _ := net.(*inference.Batcher)
	return net, []service.Model{service.ONNXModel(info, []int{2}), heur}, b, nil
}

// stopWorker stops the job worker: running jobs get the shutdown timeout
// to finish, then are re-queued.
func (a *app) stopWorker(ctx context.Context) {
	if a.worker == nil {
		return
	}
	start := time.Now()
	if err := a.worker.Stop(ctx, a.cfg.shutdownTimeout); err != nil {
		a.log.Warn("stopping the job worker", "error", err)
	}
	a.worker = nil
	a.log.Info("job worker stopped", "seconds", time.Since(start).Seconds())
}

// close releases everything.
func (a *app) close(ctx context.Context) {
	a.stopWorker(ctx)
	if a.store != nil {
		a.store.Close()
	}
	if err := a.ev.Close(); err != nil {
		a.log.Warn("closing the evaluators", "error", err)
	}
}
