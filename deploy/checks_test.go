package deploy

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// workload is a pod template with its owner's name and selector.
type workload struct {
	kind, name string
	selector   *metav1.LabelSelector
	pod        corev1.PodTemplateSpec
}

func (r *rendered) workloads() []workload {
	var out []workload
	for _, o := range r.objects {
		switch v := o.(type) {
		case *appsv1.Deployment:
			out = append(out, workload{"Deployment", v.Name, v.Spec.Selector, v.Spec.Template})
		case *batchv1.Job:
			out = append(out, workload{"Job", v.Name, nil, v.Spec.Template})
		}
	}
	return out
}

func (r *rendered) deployment(name string) *appsv1.Deployment {
	for _, o := range r.objects {
		if d, ok := o.(*appsv1.Deployment); ok && d.Name == name {
			return d
		}
	}
	return nil
}

func selects(t *testing.T, sel *metav1.LabelSelector, lbls map[string]string) bool {
	t.Helper()
	s, err := metav1.LabelSelectorAsSelector(sel)
	if err != nil {
		t.Fatal(err)
	}
	return !s.Empty() && s.Matches(labels.Set(lbls))
}

// TestSelectorsAndReferences: every selector picks the pods it is meant
// for and only those; every name referred to exists.
func TestSelectorsAndReferences(t *testing.T) {
	t.Parallel()
	r := render(t)
	secrets := map[string]*corev1.Secret{}
	for _, o := range r.objects {
		if s, ok := o.(*corev1.Secret); ok {
			secrets[s.Name] = s
		}
	}
	var images []string
	for _, w := range r.workloads() {
		if w.pod.Labels["app.kubernetes.io/name"] != "wallzero" {
			t.Errorf("%s %s: pods lack app.kubernetes.io/name=wallzero", w.kind, w.name)
		}
		if w.selector != nil && !selects(t, w.selector, w.pod.Labels) {
			t.Errorf("%s %s: selector %v does not match its pods %v", w.kind, w.name, w.selector, w.pod.Labels)
		}
		for _, c := range w.pod.Spec.Containers {
			images = append(images, c.Image)
			for _, e := range c.EnvFrom {
				s := secrets[e.SecretRef.Name]
				if s == nil {
					t.Errorf("%s %s: Secret %q is not in the base", w.kind, w.name, e.SecretRef.Name)
				} else if s.StringData["DATABASE_URL"] == "" && len(s.Data["DATABASE_URL"]) == 0 {
					t.Errorf("Secret %s has no DATABASE_URL", s.Name)
				}
			}
		}
	}
	for _, im := range images {
		if im != images[0] {
			t.Errorf("containers run different images: %v", images)
			break
		}
	}
	api, worker := r.deployment("wallzero-api"), r.deployment("wallzero-worker")
	if api == nil || worker == nil {
		t.Fatal("want Deployments wallzero-api and wallzero-worker")
	}
	if selects(t, api.Spec.Selector, worker.Spec.Template.Labels) || selects(t, worker.Spec.Selector, api.Spec.Template.Labels) {
		t.Error("the API's and the workers' selectors overlap")
	}
	for _, o := range r.objects {
		switch v := o.(type) {
		case *corev1.Service:
			if !selects(t, &metav1.LabelSelector{MatchLabels: v.Spec.Selector}, api.Spec.Template.Labels) ||
				selects(t, &metav1.LabelSelector{MatchLabels: v.Spec.Selector}, worker.Spec.Template.Labels) {
				t.Errorf("Service %s must select the API pods only", v.Name)
			}
			for _, p := range v.Spec.Ports {
				if _, ok := containerPort(api.Spec.Template.Spec.Containers[0], p.TargetPort); !ok {
					t.Errorf("Service %s: targetPort %s is no port of the API container", v.Name, p.TargetPort.String())
				}
			}
		case *policyv1.PodDisruptionBudget:
			if !selects(t, v.Spec.Selector, api.Spec.Template.Labels) || selects(t, v.Spec.Selector, worker.Spec.Template.Labels) {
				t.Errorf("PodDisruptionBudget %s must select the API pods only", v.Name)
			}
			if v.Spec.MinAvailable == nil || v.Spec.MinAvailable.IntValue() >= int(*api.Spec.Replicas) {
				t.Errorf("PodDisruptionBudget %s: minAvailable %v would block every drain of %d replicas", v.Name, v.Spec.MinAvailable, *api.Spec.Replicas)
			}
		case *autoscalingv2.HorizontalPodAutoscaler:
			ref := v.Spec.ScaleTargetRef
			if ref.Kind != "Deployment" || ref.Name != api.Name || ref.APIVersion != "apps/v1" {
				t.Errorf("HorizontalPodAutoscaler %s targets %+v, want the API Deployment", v.Name, ref)
			}
			if api.Spec.Template.Spec.Containers[0].Resources.Requests.Cpu().IsZero() {
				t.Error("the HPA scales on CPU utilisation but the API container requests no CPU")
			}
		case *networkingv1.NetworkPolicy:
			for _, w := range r.workloads() {
				if !selects(t, &v.Spec.PodSelector, w.pod.Labels) {
					t.Errorf("NetworkPolicy %s does not cover %s %s", v.Name, w.kind, w.name)
				}
			}
			var in []int
			for _, rule := range v.Spec.Ingress {
				for _, p := range rule.Ports {
					in = append(in, p.Port.IntValue())
				}
			}
			if port, _ := containerPort(api.Spec.Template.Spec.Containers[0], intstr.FromString("http")); len(in) != 1 || in[0] != port {
				t.Errorf("NetworkPolicy %s admits ports %v, want only the API's %d", v.Name, in, port)
			}
		}
	}
	so := r.keda[0]
	if so.Spec.ScaleTargetRef.Name != worker.Name || (so.Spec.ScaleTargetRef.Kind != "" && so.Spec.ScaleTargetRef.Kind != "Deployment") {
		t.Errorf("ScaledObject targets %+v, want the worker Deployment", so.Spec.ScaleTargetRef)
	}
	if len(so.Spec.Triggers) != 1 || so.Spec.Triggers[0].Type != "postgresql" {
		t.Fatalf("ScaledObject triggers %+v, want one postgresql trigger", so.Spec.Triggers)
	}
	md := so.Spec.Triggers[0].Metadata
	for k := range md {
		if !kedaPostgresKeys[k] {
			t.Errorf("ScaledObject trigger: unknown postgresql scaler key %q", k)
		}
	}
	if env := md["connectionFromEnv"]; !podHasEnv(worker.Spec.Template.Spec, env, secrets) {
		t.Errorf("ScaledObject connectionFromEnv %q is not set in the worker container", env)
	}
	if _, err := strconv.ParseFloat(md["targetQueryValue"], 64); err != nil {
		t.Errorf("targetQueryValue: %v", err)
	}
	if q := md["query"]; !strings.Contains(q, "river_job") || !strings.Contains(q, "'available'") || !strings.Contains(q, "'running'") {
		t.Errorf("the scaler's query %q does not count River's available and running jobs", q)
	}
}

// podHasEnv reports whether the pod's first container gets variable name,
// directly or from a Secret in the base.
func podHasEnv(spec corev1.PodSpec, name string, secrets map[string]*corev1.Secret) bool {
	c := spec.Containers[0]
	for _, e := range c.Env {
		if e.Name == name {
			return true
		}
	}
	for _, e := range c.EnvFrom {
		if s := secrets[e.SecretRef.Name]; s != nil {
			if _, ok := s.StringData[name]; ok {
				return true
			}
		}
	}
	return false
}

// containerPort resolves a named or numbered port of a container.
func containerPort(c corev1.Container, p intstr.IntOrString) (int, bool) {
	for _, cp := range c.Ports {
		if (p.Type == intstr.String && cp.Name == p.StrVal) || (p.Type == intstr.Int && cp.ContainerPort == p.IntVal) {
			return int(cp.ContainerPort), true
		}
	}
	return 0, false
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// wallzero builds the real binary from the repository (the parent module).
func wallzero(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "wallzero-deploy-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "wallzero")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/wallzero")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// help runs `wallzero ARGS... -h` with the container's literal env and
// returns its output. The flag set parses ARGS first, so an unknown flag
// or a bad value fails before -h prints the usage and exits 0.
func help(t *testing.T, c corev1.Container) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, wallzero(t), append(append([]string{}, c.Args...), "-h")...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "DATABASE_URL=postgres://nowhere.invalid/x"}
	for _, e := range c.Env {
		cmd.Env = append(cmd.Env, e.Name+"="+e.Value)
	}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Usage of wallzero "+c.Args[0]) {
		t.Errorf("container %s: `wallzero %s -h`: %v\n%s", c.Name, strings.Join(c.Args, " "), err, out)
	}
	return string(out)
}

// TestContainersFitTheBinary: each container's arguments are a real
// subcommand with real flags and values (the real flag sets parse them),
// its probes GET paths the API serves, and its ports are the -addr port.
func TestContainersFitTheBinary(t *testing.T) {
	t.Parallel()
	r := render(t)
	server, err := os.ReadFile("../api/server.go")
	if err != nil {
		t.Fatal(err)
	}
	routes := map[string]bool{}
	for _, m := range regexp.MustCompile(`\.GET\("(/[a-z]*)"`).FindAllSubmatch(server, -1) {
		routes[string(m[1])] = true
	}
	if !routes["/healthz"] || !routes["/readyz"] {
		t.Fatalf("api/server.go routes %v lack /healthz or /readyz", routes)
	}
	for _, w := range r.workloads() {
		for _, c := range w.pod.Spec.Containers {
			if len(c.Args) == 0 || c.Command != nil {
				t.Errorf("%s: the image's entrypoint runs; args must name a subcommand", c.Name)
				continue
			}
			out := help(t, c)
			if c.Args[0] != "serve" {
				if len(c.Ports) > 0 || c.ReadinessProbe != nil || c.LivenessProbe != nil {
					t.Errorf("%s (%s) serves no HTTP but has ports or probes", c.Name, c.Args[0])
				}
				continue
			}
			addr := flagValue(c.Args, "addr")
			if addr == "" { // the binary's default, from its usage text
				m := regexp.MustCompile(`-addr string\s+[^\n]*\n?[^\n]*\(default "([^"]*)"\)`).FindStringSubmatch(out)
				if m == nil {
					t.Fatalf("no -addr default in the usage:\n%s", out)
				}
				addr = m[1]
			}
			_, portText, _ := strings.Cut(addr, ":")
			want, _ := strconv.Atoi(portText)
			if len(c.Ports) != 1 || int(c.Ports[0].ContainerPort) != want {
				t.Errorf("%s: container ports %v, want the -addr port %d", c.Name, c.Ports, want)
			}
			for name, p := range map[string]*corev1.Probe{"readiness": c.ReadinessProbe, "liveness": c.LivenessProbe, "startup": c.StartupProbe} {
				if p == nil || p.HTTPGet == nil {
					if name != "startup" {
						t.Errorf("%s: no HTTP %s probe", c.Name, name)
					}
					continue
				}
				if !routes[p.HTTPGet.Path] {
					t.Errorf("%s: %s probe GETs %s, which api/server.go does not route", c.Name, name, p.HTTPGet.Path)
				}
				if got, ok := containerPort(c, p.HTTPGet.Port); !ok || got != want {
					t.Errorf("%s: %s probe port %s is not the -addr port %d", c.Name, name, p.HTTPGet.Port.String(), want)
				}
			}
			if c.ReadinessProbe != nil && c.ReadinessProbe.HTTPGet != nil && c.ReadinessProbe.HTTPGet.Path != "/readyz" {
				t.Errorf("%s: readiness should be /readyz (it checks the database)", c.Name)
			}
		}
		sc := w.pod.Spec.SecurityContext
		if sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser == 0 {
			t.Errorf("%s %s: pods must run as a non-root user", w.kind, w.name)
		}
	}
}

// flagValue finds -name V, -name=V or --name... in args.
func flagValue(args []string, name string) string {
	for i, a := range args {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v
		}
	}
	return ""
}
