package deploy

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"
)

// kustomization is the part of kustomize's Kustomization the base may
// use: a list of resources only, so that concatenating them is exactly
// what `kustomize build` renders.
type kustomization struct {
	APIVersion string   `json:"apiVersion"`
	Kind       string   `json:"kind"`
	Resources  []string `json:"resources"`
}

// scaledObject is KEDA's ScaledObject (keda.sh/v1alpha1) with the fields
// the manifests use; KEDA's types are not in k8s.io/api, and decoding
// strictly into this struct catches misspelt fields.
type scaledObject struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name   string            `json:"name"`
		Labels map[string]string `json:"labels"`
	} `json:"metadata"`
	Spec struct {
		ScaleTargetRef struct {
			APIVersion string `json:"apiVersion,omitempty"`
			Kind       string `json:"kind,omitempty"`
			Name       string `json:"name"`
		} `json:"scaleTargetRef"`
		MinReplicaCount *int32 `json:"minReplicaCount"`
		MaxReplicaCount *int32 `json:"maxReplicaCount"`
		PollingInterval *int32 `json:"pollingInterval"`
		CooldownPeriod  *int32 `json:"cooldownPeriod"`
		Triggers        []struct {
			Type     string            `json:"type"`
			Metadata map[string]string `json:"metadata"`
		} `json:"triggers"`
	} `json:"spec"`
}

// rendered is the base, decoded.
type rendered struct {
	objects []runtime.Object
	keda    []scaledObject
	files   map[runtime.Object]string
}

// kedaPostgresKeys are the postgresql trigger's metadata keys (KEDA docs,
// scalers/postgresql) the manifests may use.
var kedaPostgresKeys = map[string]bool{
	"connectionFromEnv": true, "query": true, "targetQueryValue": true, "activationTargetQueryValue": true,
	"host": true, "port": true, "userName": true, "passwordFromEnv": true, "dbName": true, "sslmode": true,
}

// render reads kubernetes/kustomization.yaml and decodes every resource
// strictly: unknown or duplicate fields fail, as does an unknown kind.
func render(t *testing.T) *rendered {
	t.Helper()
	data, err := os.ReadFile("kubernetes/kustomization.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var k kustomization
	if err := yaml.UnmarshalStrict(data, &k); err != nil {
		t.Fatalf("kustomization.yaml: %v", err)
	}
	if k.APIVersion != "kustomize.config.k8s.io/v1beta1" || k.Kind != "Kustomization" || len(k.Resources) == 0 {
		t.Fatalf("kustomization.yaml: %+v", k)
	}
	listed := map[string]bool{}
	for _, r := range k.Resources {
		listed[r] = true
	}
	files, _ := filepath.Glob("kubernetes/*.yaml")
	for _, f := range files {
		if b := filepath.Base(f); b != "kustomization.yaml" && !listed[b] {
			t.Errorf("%s is not listed in kustomization.yaml", b)
		}
	}
	decoder := serializer.NewCodecFactory(scheme.Scheme, serializer.EnableStrict).UniversalDeserializer()
	out := &rendered{files: map[runtime.Object]string{}}
	for _, name := range k.Resources {
		data, err := os.ReadFile(filepath.Join("kubernetes", name))
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range bytes.Split(data, []byte("\n---")) {
			if len(bytes.TrimSpace(stripComments(doc))) == 0 {
				continue
			}
			if bytes.Contains(doc, []byte("apiVersion: keda.sh/")) {
				var so scaledObject
				if err := yaml.UnmarshalStrict(doc, &so); err != nil {
					t.Errorf("%s #%d: %v", name, i, err)
					continue
				}
				out.keda = append(out.keda, so)
				continue
			}
			obj, gvk, err := decoder.Decode(doc, nil, nil)
			if err != nil {
				t.Errorf("%s #%d: %v", name, i, err)
				continue
			}
			if gvk.Version == "" || strings.Contains(gvk.Version, "beta") || strings.Contains(gvk.Version, "alpha") {
				t.Errorf("%s: %s is not a stable API version", name, gvk)
			}
			out.objects = append(out.objects, obj)
			out.files[obj] = name
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	return out
}

func stripComments(doc []byte) []byte {
	var b bytes.Buffer
	for _, l := range bytes.Split(doc, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(l), []byte("#")) {
			b.Write(l)
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// TestManifestsDecodeStrictly: every manifest is a known kind whose
// fields all exist in the Kubernetes API types, and each kind the
// deployment needs is there.
func TestManifestsDecodeStrictly(t *testing.T) {
	t.Parallel()
	r := render(t)
	want := map[string]int{"Deployment": 2, "Service": 1, "PodDisruptionBudget": 1, "HorizontalPodAutoscaler": 1,
		"Job": 1, "Secret": 1, "NetworkPolicy": 1}
	got := map[string]int{}
	for _, o := range r.objects {
		switch o.(type) {
		case *appsv1.Deployment:
			got["Deployment"]++
		case *corev1.Service:
			got["Service"]++
		case *policyv1.PodDisruptionBudget:
			got["PodDisruptionBudget"]++
		case *autoscalingv2.HorizontalPodAutoscaler:
			got["HorizontalPodAutoscaler"]++
		case *batchv1.Job:
			got["Job"]++
		case *corev1.Secret:
			got["Secret"]++
		case *networkingv1.NetworkPolicy:
			got["NetworkPolicy"]++
		default:
			t.Errorf("%s: unexpected %T", r.files[o], o)
		}
	}
	for kind, n := range want {
		if got[kind] != n {
			t.Errorf("%d %s, want %d", got[kind], kind, n)
		}
	}
	if len(r.keda) != 1 || r.keda[0].Kind != "ScaledObject" || r.keda[0].APIVersion != "keda.sh/v1alpha1" {
		t.Errorf("KEDA objects: %+v, want one keda.sh/v1alpha1 ScaledObject", r.keda)
	}
}

// TestStrictDecodingCatchesMistakes: the decoder used above rejects a
// misspelt field, so the test above can fail.
func TestStrictDecodingCatchesMistakes(t *testing.T) {
	t.Parallel()
	decoder := serializer.NewCodecFactory(scheme.Scheme, serializer.EnableStrict).UniversalDeserializer()
	for _, c := range []struct{ name, doc string }{
		{"unknown field", "apiVersion: v1\nkind: Service\nmetadata:\n  name: x\nspec:\n  selectr: {a: b}\n"},
		{"duplicate field", "apiVersion: v1\nkind: Service\nmetadata:\n  name: x\n  name: y\n"},
		{"unknown kind", "apiVersion: v1\nkind: Servic\nmetadata:\n  name: x\n"},
	} {
		if _, _, err := decoder.Decode([]byte(c.doc), nil, nil); err == nil {
			t.Errorf("%s: decoded without error", c.name)
		}
	}
	var so scaledObject
	if err := yaml.UnmarshalStrict([]byte("apiVersion: keda.sh/v1alpha1\nkind: ScaledObject\nspec:\n  minReplicas: 1\n"), &so); err == nil {
		t.Error("ScaledObject with a misspelt field decoded without error")
	}
}
