package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

const (
	signatureHeader = "X-Gatepost-Signature" // "sha256=" and the hex HMAC of the body
	deliveryHeader  = "X-Gatepost-Delivery"  // the sender's id for this delivery
	maxHookBody     = 1 << 20
)

var sourceName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)

// sign returns the signature header value a sender computes for body.
func sign(secret, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// handleHook accepts POST /hooks/<source>: a JSON delivery signed with the
// shared secret, stored as hooks/<source>/<time>-<id>.json under the root.
func (s *Server) handleHook(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	source := strings.TrimPrefix(r.URL.Path, "/hooks/")
	if !sourceName.MatchString(source) {
		http.NotFound(w, r)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxHookBody))
	if err != nil {
		http.Error(w, "cannot read body", http.StatusBadRequest)
		return
	}
	if r.Header.Get(signatureHeader) != sign(s.Secret, body) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	id := r.Header.Get(deliveryHeader)
	if !sourceName.MatchString(id) {
		id = "noid"
	}
	now := time.Now().UTC()
	rel := filepath.Join("hooks", source, fmt.Sprintf("%s-%s.json", now.Format("20060102T150405.000000000"), id))
	dir := filepath.Join(s.Root, filepath.Dir(rel))
	if err := os.MkdirAll(dir, 0o750); err != nil {
		http.Error(w, "cannot store delivery", http.StatusInternalServerError)
		return
	}
	if err := os.WriteFile(filepath.Join(s.Root, rel), body, 0o640); err != nil {
		http.Error(w, "cannot store delivery", http.StatusInternalServerError)
		return
	}
	s.record(Delivery{Source: source, ID: id, Size: len(body), Stored: filepath.ToSlash(rel), At: now})
	writeJSON(w, http.StatusAccepted, map[string]string{"stored": filepath.ToSlash(rel)})
}
