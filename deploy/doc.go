// Package deploy holds the deployment files' tests: the Kubernetes
// manifests under kubernetes/ decoded strictly into the Kubernetes API
// types, with checks that they fit the wallzero binary (probe paths, ports,
// flags), and the Dockerfiles' pinned values against the Makefile.
//
// It is its own Go module so that the Kubernetes client libraries it
// needs do not change the service's dependency versions; `make test`
// runs it (the deploy-test target).
package deploy
