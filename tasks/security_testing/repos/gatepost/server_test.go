package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

func newTestServer(t *testing.T) *Server {
	t.Helper()
	return &Server{Root: t.TempDir(), Secret: []byte("test-secret"), AdminToken: "admin-test-token"}
}

func do(t *testing.T, s *Server, method, target string, body []byte, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, bytes.NewReader(body))
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.Routes().ServeHTTP(rec, req)
	return rec
}

func TestHealthz(t *testing.T) {
	rec := do(t, newTestServer(t), http.MethodGet, "/healthz", nil, nil)
	if rec.Code != http.StatusOK || rec.Body.String() != "ok\n" {
		t.Fatalf("got %d %q", rec.Code, rec.Body.String())
	}
}

func TestDeliveriesListsAcceptedHooks(t *testing.T) {
	s := newTestServer(t)
	body := []byte(`{"job":"4411"}`)
	do(t, s, http.MethodPost, "/hooks/pressroom", body, map[string]string{signatureHeader: sign(s.Secret, body), deliveryHeader: "d-1"})
	rec := do(t, s, http.MethodGet, "/admin/deliveries", nil, map[string]string{"Authorization": "Bearer admin-test-token"})
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d", rec.Code)
	}
	var list []Delivery
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Source != "pressroom" || list[0].ID != "d-1" || list[0].Size != len(body) {
		t.Fatalf("deliveries: %+v", list)
	}
}

func TestDeliveriesNeedTheAdminToken(t *testing.T) {
	rec := do(t, newTestServer(t), http.MethodGet, "/admin/deliveries", nil, map[string]string{"Authorization": "Bearer wrong"})
	if rec.Code != http.StatusUnauthorized {
		t.Fatalf("status %d, want 401", rec.Code)
	}
}
