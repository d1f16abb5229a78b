package server

import (
	"fmt"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"
	"sync"
	"time"
)

// hub holds the open event streams, one channel each, with the output
// path of the page that opened it ("compare/index.html"; "" when it did
// not say). A broadcast marks every channel; a stream that has not yet
// sent the last mark gets only one reload for several builds.
type hub struct {
	mu      sync.Mutex
	clients map[chan struct{}]string
}

func newHub() *hub { return &hub{clients: map[chan struct{}]string{}} }

func (h *hub) add(page string) chan struct{} {
	c := make(chan struct{}, 1)
	h.mu.Lock()
	h.clients[c] = page
	h.mu.Unlock()
	return c
}

// pages are the output paths of the pages open, sorted, without repeats.
func (h *hub) pages() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for _, p := range h.clients {
		if p != "" {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// pageFile is the output path of the page at the URL path urlPath, as
// lookup finds it: the index.html of a folder, an .html file itself;
// "" for a path that names no page.
func pageFile(urlPath string) string {
	if u, err := url.PathUnescape(urlPath); err == nil {
		urlPath = u // location.pathname is escaped; the site's paths are not
	}
	if !strings.HasPrefix(urlPath, "/") || !isPage(urlPath) {
		return ""
	}
	p := strings.TrimPrefix(path.Clean(urlPath), "/")
	if path.Ext(p) == ".html" {
		return p
	}
	return path.Join(p, "index.html")
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
// The page says where it is in the query (?page=/compare/), so that after
// an edit the server can render the pages open before the rest of the
// site (Options.Draft).
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
	c := s.clients.add(pageFile(r.URL.Query().Get("page")))
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
