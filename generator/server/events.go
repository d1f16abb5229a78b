package server

import (
	"fmt"
	"net/http"
	"sync"
	"time"
)

// hub holds the open event streams, one channel each. A broadcast marks
// every channel; a stream that has not yet sent the last mark gets only
// one reload for several builds.
type hub struct {
	mu      sync.Mutex
	clients map[chan struct{}]struct{}
}

func newHub() *hub { return &hub{clients: map[chan struct{}]struct{}{}} }

func (h *hub) add() chan struct{} {
	c := make(chan struct{}, 1)
	h.mu.Lock()
	h.clients[c] = struct{}{}
	h.mu.Unlock()
	return c
}

func (h *hub) remove(c chan struct{}) {
	h.mu.Lock()
	delete(h.clients, c)
	h.mu.Unlock()
}

func (h *hub) broadcast() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		select {
		case c <- struct{}{}:
		default: // a reload is already pending on this stream
		}
	}
}

// openStreams returns how many event streams are open.
func (s *Server) openStreams() int {
	s.clients.mu.Lock()
	defer s.clients.mu.Unlock()
	return len(s.clients.clients)
}

// events streams server-sent events to one page until the page goes away
// or the server shuts down:
//
//	event: hello    on connecting, with the id of the current build
//	event: reload   after each build, with the id of the new build
//	: keep-alive    a comment when the stream has been idle a while
//
// The reload script compares each id with the id of the build its page
// came from, and reloads the page when they differ.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")

	// Registered before the hello is sent, so a build that ends in between
	// still reaches this page: as a reload, or in the hello's id.
	c := s.clients.add()
	defer s.clients.remove(c)
	send := func(format string, args ...any) bool {
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// retry: how long the browser waits before it reconnects (ms).
	if !send("retry: 1000\nevent: hello\ndata: %s\n\n", s.state.Load().id) {
		return
	}
	tick := time.NewTicker(s.opts.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		case <-c:
			if !send("event: reload\ndata: %s\n\n", s.state.Load().id) {
				return
			}
		case <-tick.C:
			if !send(": keep-alive\n\n") {
				return
			}
		}
	}
}
