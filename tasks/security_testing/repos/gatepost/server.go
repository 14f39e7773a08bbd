package main

import (
	"encoding/json"
	"log"
	"net/http"
	"sync"
	"time"
)

// Server holds gatepost's configuration and the log of recent deliveries.
type Server struct {
	Root       string // deliveries and uploads are stored under this directory
	Secret     []byte // HMAC key shared with the partners that send webhooks
	AdminToken string // bearer token for /admin/; empty disables the admin endpoints
	MaxUpload  int64  // largest accepted upload in bytes; 0 means 8 MiB
	Converter  string // program run by /convert; "soffice" when empty

	mu         sync.Mutex
	deliveries []Delivery
}

// Delivery is one accepted webhook, as listed by /admin/deliveries.
type Delivery struct {
	Source string    `json:"source"`
	ID     string    `json:"id"`
	Size   int       `json:"size"`
	Stored string    `json:"stored"`
	At     time.Time `json:"at"`
}

// Routes returns the HTTP handler with every gatepost endpoint.
func (s *Server) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("/hooks/", s.handleHook)
	mux.HandleFunc("/drop", s.handleDrop)
	mux.HandleFunc("/convert", s.handleConvert)
	mux.HandleFunc("/admin/deliveries", s.handleDeliveries)
	return mux
}

func (s *Server) record(d Delivery) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deliveries = append(s.deliveries, d)
	if len(s.deliveries) > 500 {
		s.deliveries = s.deliveries[len(s.deliveries)-500:]
	}
}

func (s *Server) handleDeliveries(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "Bearer "+s.AdminToken {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	s.mu.Lock()
	list := append([]Delivery(nil), s.deliveries...)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, list)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("gatepost: writing response: %v", err)
	}
}
