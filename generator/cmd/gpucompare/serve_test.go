package main

import (
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestServeRefusesAnAddressItCannotUse(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	root := filepath.Join("..", "..", "..")
	tests := []struct {
		addr, stderr string
	}{
		{"nonsense", `-addr "nonsense": want host:port`},
		{taken.Addr().String(), "address already in use"},
		{"256.0.0.1:80", "256.0.0.1"},
	}
	for _, tt := range tests {
		var out, errOut stringsBuilder
		code := run([]string{"serve", "-root", root, "-addr", tt.addr}, &out, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), tt.stderr) {
			t.Errorf("serve -addr %s: exit %d, want 1 with %q; stderr:\n%s", tt.addr, code, tt.stderr, errOut)
		}
	}
}

// syncBuffer is an io.Writer read while the command still writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServeStopsCleanlyOnInterrupt(t *testing.T) {
	root := filepath.Join("..", "..", "..") // the shipped catalog
	var out, errOut syncBuffer
	exit := make(chan int, 1)
	go func() { exit <- run([]string{"serve", "-root", root, "-addr", ":0"}, &out, &errOut) }()

	// The URL is printed once the signal handler is in place.
	url := regexp.MustCompile(`at (http://127\.0\.0\.1:\d+/)`)
	var m []string
	for deadline := time.Now().Add(30 * time.Second); m == nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no URL printed within 30s; stdout %q, stderr %q", out.String(), errOut.String())
		}
		m = url.FindStringSubmatch(out.String())
	}
	resp, err := http.Get(m[1])
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "livereload.js") {
		t.Fatalf("GET %s: status %d, reload script present: %v", m[1], resp.StatusCode, strings.Contains(string(body), "livereload.js"))
	}

	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exit:
		if code != 0 {
			t.Errorf("exit %d after SIGINT, want 0; stderr:\n%s", code, errOut.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve still runs 15s after SIGINT")
	}
	if _, err := net.DialTimeout("tcp", strings.TrimSuffix(strings.TrimPrefix(m[1], "http://"), "/"), time.Second); err == nil {
		t.Error("the port still accepts connections after serve returned")
	}
}
