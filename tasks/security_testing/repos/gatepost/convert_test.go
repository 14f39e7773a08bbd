package main

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// fakeConverter writes a shell script that behaves like
// `soffice --headless --convert-to EXT --outdir DIR FILE` for the tests.
func fakeConverter(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fake-soffice")
	script := "#!/bin/sh\n" +
		"ext=$3; dir=$5; src=$6\n" +
		"base=$(basename \"$src\"); base=${base%.*}\n" +
		"printf 'converted %s\\n' \"$src\" > \"$dir/$base.$ext\"\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestConvertWritesTheResultBesideTheFile(t *testing.T) {
	s := newTestServer(t)
	s.Converter = fakeConverter(t)
	do(t, s, http.MethodPut, "/drop?name=jobs/flyer.odt", []byte("odt"), nil)
	rec := do(t, s, http.MethodPost, "/convert?name=jobs/flyer.odt&to=pdf", nil, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	if _, err := os.Stat(filepath.Join(s.Root, "jobs", "flyer.pdf")); err != nil {
		t.Fatal(err)
	}
}

func TestConvertOnlyKnowsPdfAndPng(t *testing.T) {
	s := newTestServer(t)
	s.Converter = fakeConverter(t)
	rec := do(t, s, http.MethodPost, "/convert?name=jobs/flyer.odt&to=exe", nil, nil)
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status %d", rec.Code)
	}
}
