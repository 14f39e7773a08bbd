package main

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

func TestDropStoresAndReturnsAFile(t *testing.T) {
	s := newTestServer(t)
	rec := do(t, s, http.MethodPut, "/drop?name=proofs/2025/cover.pdf", []byte("%PDF-1.4 cover"), nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("put: status %d: %s", rec.Code, rec.Body.String())
	}
	if got, err := os.ReadFile(filepath.Join(s.Root, "proofs", "2025", "cover.pdf")); err != nil || string(got) != "%PDF-1.4 cover" {
		t.Fatalf("stored %q, %v", got, err)
	}
	rec = do(t, s, http.MethodGet, "/drop?name=proofs/2025/cover.pdf", nil, nil)
	if rec.Code != http.StatusOK || rec.Body.String() != "%PDF-1.4 cover" {
		t.Fatalf("get: %d %q", rec.Code, rec.Body.String())
	}
}

func TestDropNeedsAName(t *testing.T) {
	rec := do(t, newTestServer(t), http.MethodPut, "/drop", []byte("x"), nil)
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status %d", rec.Code)
	}
}

func TestDropRejectsOtherMethods(t *testing.T) {
	rec := do(t, newTestServer(t), http.MethodDelete, "/drop?name=a.txt", nil, nil)
	if rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("status %d", rec.Code)
	}
}
