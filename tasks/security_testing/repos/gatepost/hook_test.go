package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSignedHookIsStored(t *testing.T) {
	s := newTestServer(t)
	body := []byte(`{"job":"4412","status":"printed"}`)
	rec := do(t, s, http.MethodPost, "/hooks/pressroom", body, map[string]string{signatureHeader: sign(s.Secret, body), deliveryHeader: "abc-7"})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	files, _ := filepath.Glob(filepath.Join(s.Root, "hooks", "pressroom", "*-abc-7.json"))
	if len(files) != 1 {
		t.Fatalf("stored files: %v", files)
	}
	got, _ := os.ReadFile(files[0])
	if string(got) != string(body) {
		t.Fatalf("stored %q", got)
	}
}

func TestHookWithBadSignatureIsRefused(t *testing.T) {
	s := newTestServer(t)
	body := []byte(`{"job":"4413"}`)
	for _, sig := range []string{"", "sha256=00", sign([]byte("other"), body), strings.ToUpper(sign(s.Secret, body))} {
		rec := do(t, s, http.MethodPost, "/hooks/pressroom", body, map[string]string{signatureHeader: sig})
		if rec.Code != http.StatusUnauthorized {
			t.Errorf("signature %q: status %d, want 401", sig, rec.Code)
		}
	}
}

func TestHookSourceMustBeASimpleName(t *testing.T) {
	s := newTestServer(t)
	for _, source := range []string{"", "Press_Room", "a/b"} {
		rec := do(t, s, http.MethodPost, "/hooks/"+source, []byte("{}"), nil)
		if rec.Code != http.StatusNotFound {
			t.Errorf("source %q: status %d, want 404", source, rec.Code)
		}
	}
}

func TestHookOnlyTakesPost(t *testing.T) {
	rec := do(t, newTestServer(t), http.MethodGet, "/hooks/pressroom", nil, nil)
	if rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("status %d", rec.Code)
	}
}
