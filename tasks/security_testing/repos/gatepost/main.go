// Command gatepost receives signed webhook deliveries and file drops from the
// print shop's partners and keeps them under one directory on disk.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8088", "address to listen on")
	root := flag.String("root", "./drop", "directory that deliveries and uploads are stored under")
	maxUpload := flag.Int64("max-upload", 8<<20, "largest accepted upload, in bytes")
	converter := flag.String("converter", "soffice", "program that /convert runs to turn uploads into PDF or PNG")
	flag.Parse()

	secret := os.Getenv("GATEPOST_SECRET")
	if secret == "" {
		log.Fatal("gatepost: GATEPOST_SECRET is not set")
	}
	if err := os.MkdirAll(*root, 0o750); err != nil {
		log.Fatalf("gatepost: %v", err)
	}
	srv := &Server{
		Root:       *root,
		Secret:     []byte(secret),
		AdminToken: os.Getenv("GATEPOST_ADMIN_TOKEN"),
		MaxUpload:  *maxUpload,
		Converter:  *converter,
	}
	log.Printf("gatepost: listening on %s, storing under %s", *addr, *root)
	log.Fatal(http.ListenAndServe(*addr, srv.Routes()))
}
