package main

import (
	"fmt"
	"log"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
)

var convertTargets = map[string]bool{"pdf": true, "png": true}

func (s *Server) converter() string {
	if s.Converter != "" {
		return s.Converter
	}
	return "soffice"
}

// handleConvert serves POST /convert?name=<stored file>&to=pdf|png: the
// converter writes the result next to the stored file.
func (s *Server) handleConvert(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, to := r.URL.Query().Get("name"), r.URL.Query().Get("to")
	if name == "" || !convertTargets[to] {
		http.Error(w, "name and to=pdf|png are required", http.StatusBadRequest)
		return
	}
	src := filepath.Join(s.Root, name)
	line := fmt.Sprintf("%s --headless --convert-to %s --outdir %s %s", s.converter(), to, filepath.Dir(src), src)
	out, err := exec.Command("sh", "-c", line).CombinedOutput()
	if err != nil {
		log.Printf("gatepost: convert %s: %v: %s", name, err, out)
		http.Error(w, "conversion failed", http.StatusBadGateway)
		return
	}
	result := strings.TrimSuffix(name, filepath.Ext(name)) + "." + to
	writeJSON(w, http.StatusOK, map[string]string{"converted": result})
}
