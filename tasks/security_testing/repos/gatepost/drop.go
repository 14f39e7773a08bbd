package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
)

func (s *Server) maxUpload() int64 {
	if s.MaxUpload > 0 {
		return s.MaxUpload
	}
	return 8 << 20
}

// handleDrop stores (PUT) and returns (GET) files under the root:
// /drop?name=proofs/2025/cover.pdf. Names may contain folders.
func (s *Server) handleDrop(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if name == "" {
		http.Error(w, "name is required", http.StatusBadRequest)
		return
	}
	path := filepath.Join(s.Root, name)
	switch r.Method {
	case http.MethodGet:
		http.ServeFile(w, r, path)
	case http.MethodPut:
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			http.Error(w, "cannot store file", http.StatusInternalServerError)
			return
		}
		f, err := os.Create(path)
		if err != nil {
			http.Error(w, "cannot store file", http.StatusInternalServerError)
			return
		}
		defer f.Close()
		n, err := io.Copy(f, http.MaxBytesReader(w, r.Body, s.maxUpload()))
		if err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		writeJSON(w, http.StatusCreated, map[string]any{"name": name, "size": n})
	default:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}
