// Package server is gpucompare's preview server, the stage beside site for
// people editing a catalog. It takes a site root and a function that
// builds the site in memory, and hands on a web server that shows the
// latest build and reloads open pages when it changes.
//
// It runs in a loop:
//
//   - build: the BuildFunc makes the whole site (site.Files) in memory;
//   - swap: the new files replace the old ones in one step, so a request
//     sees either the old site or the new one, never half of each; a build
//     that fails keeps the diagnostics instead, and every HTML page shows
//     them until the next build succeeds;
//   - notify: every open page hears "reload" over server-sent events
//     (events.go) through the reload script the server adds to each HTML
//     response (http.go);
//   - watch: a change under data/, content/, templates/ or static/ of the
//     root, once the burst of file events it makes has settled (a short
//     quiet time after a single write, longer while writes keep coming),
//     starts the next build (watch.go).
//
// The server never writes a file; how a site is built is the BuildFunc's
// business, so a faster builder can take the place of Rebuild.
package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site"
)

// BuildFunc builds the site in memory. changed lists the paths (slash
// separated, relative to the site root) whose edits made this build
// necessary: files, or a folder that was created, renamed or removed with
// what is in it. It is nil for the first build, and holds "." when file
// events were lost; both mean the whole root may have changed.
//
// A build that fails returns the diagnostics that say why in the report,
// or a non-nil error when there is nothing with a position to show.
// Warnings in the report do not make it fail.
type BuildFunc func(changed []string) (site.Files, catalog.Report, error)

// Rebuild returns a BuildFunc that builds the site of the site root fsys
// with a site.Rebuilder: each build loads the catalog as it is now, parsing again
// only the files whose bytes changed, keeps the parsed templates while
// templates/ is unchanged, renders again only the pages whose models
// changed, and after an edit of static files alone only copies them
// (site.Rebuilder.RebuildChanged); what it makes equals a fresh full build.
// Builds must not run at once; the server runs one at a time.
func Rebuild(fsys fs.FS, opts site.Options) BuildFunc {
	r := site.NewRebuilder(fsys, opts)
	return func(changed []string) (site.Files, catalog.Report, error) {
		return r.RebuildChanged(changed)
	}
}

// Options configure a Server.
type Options struct {
	// Root is the site root whose data/, content/, templates/ and static/
	// are watched.
	Root string
	// Build makes the site; see BuildFunc.
	Build BuildFunc
	// Log receives one line per build and watch problems (stderr).
	Log io.Writer
	// QuietMin and Quiet are how long the file events of an edit must
	// have stopped before a build starts: an editor's save is often a
	// burst of events, and one build should follow it, not several. After
	// a single write the server waits QuietMin (default 10ms); while
	// writes keep coming — a burst that has lasted longer, or one that
	// starts within Quiet of the last build — as long as the burst has
	// lasted, up to Quiet (default 100ms).
	QuietMin, Quiet time.Duration
	// KeepAlive is how often an idle event stream gets a comment line,
	// so proxies and browsers keep it open (default 15s).
	KeepAlive time.Duration
	// BaseURL is the URL the site is read at when it is not the listener's
	// address (a proxy, another machine's name for this one); requests
	// naming its host are answered besides those naming the listener.
	BaseURL string
}

// Server serves the latest build of a site root; see the package comment.
type Server struct {
	opts  Options
	epoch string // tells this process's builds from another's: see buildID

	state   atomic.Pointer[state]
	hosts   atomic.Pointer[hostSet] // the Host headers answered; see hosts.go
	buildMu sync.Mutex              // one build at a time
	builds  uint64                  // guarded by buildMu

	clients *hub
	done    chan struct{} // closed when the server shuts down: event streams end
	once    sync.Once
}

// state is one build's outcome, swapped in whole.
type state struct {
	id string
	// files is the site, or nil when the build failed.
	files site.Files
	// lastGood is the last site that built, kept so a failed build's error
	// page can still be shown next to the site's own files; nil if none.
	lastGood site.Files
	report   catalog.Report
	err      error
}

func (st *state) failed() bool { return st.files == nil }

// New returns a server for opts. It has no site until Rebuild or Serve
// has run a build.
func New(opts Options) *Server {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.QuietMin <= 0 {
		opts.QuietMin = 10 * time.Millisecond
	}
	if opts.Quiet <= 0 {
		opts.Quiet = 100 * time.Millisecond
	}
	opts.Quiet = max(opts.Quiet, opts.QuietMin)
	if opts.KeepAlive <= 0 {
		opts.KeepAlive = 15 * time.Second
	}
	s := &Server{
		opts:    opts,
		epoch:   strconv.FormatInt(time.Now().UnixNano(), 36),
		clients: newHub(),
		done:    make(chan struct{}),
	}
	s.state.Store(&state{id: s.epoch + "-0", err: errors.New("the site has not been built yet")})
	s.listenOn(nil)
	return s
}

// listenOn makes the server answer requests naming addr, the listener's
// address, or the host of Options.BaseURL, and refuse the others. Until
// Serve calls it with its listener, loopback names on any port are
// answered.
func (s *Server) listenOn(addr net.Addr) {
	s.hosts.Store(newHostSet(addr, s.opts.BaseURL))
}

// Rebuild builds the site now, swaps the result in and tells every open
// page to reload. changed is passed on to the BuildFunc.
func (s *Server) Rebuild(changed []string) {
	s.buildMu.Lock()
	defer s.buildMu.Unlock()
	start := time.Now()
	files, report, err := s.safeBuild(changed)
	took := time.Since(start)

	s.builds++
	prev := s.state.Load()
	next := &state{id: s.buildID(s.builds), report: report, lastGood: prev.lastGood}
	switch {
	case err == nil && len(report.Errors()) == 0 && files != nil:
		next.files, next.lastGood = files, files
	case err == nil && len(report.Errors()) == 0:
		next.err = errors.New("the build made no site")
	default:
		next.err = err // shown only when the report has no error to show
	}
	s.state.Store(next)
	fmt.Fprintln(s.opts.Log, logLine(changed, took, next))
	s.clients.broadcast()
}

// safeBuild runs the BuildFunc, turning a panic into an error: a bug the
// catalog triggers must show on the page, not stop the server.
func (s *Server) safeBuild(changed []string) (files site.Files, report catalog.Report, err error) {
	defer func() {
		if r := recover(); r != nil {
			files, err = nil, fmt.Errorf("internal error: %v (please report it with the input that caused it)", r)
		}
	}()
	return s.opts.Build(changed)
}

// buildID names build n of this process. A page carries the id of the
// build it came from, so the reload script can tell a page that is out of
// date, even across a restart of the server.
func (s *Server) buildID(n uint64) string {
	return s.epoch + "-" + strconv.FormatUint(n, 10)
}

// logLine says in one line what a build did: what set it off, how long it
// took, and its files or its errors.
func logLine(changed []string, took time.Duration, st *state) string {
	var b strings.Builder
	b.WriteString("gpucompare serve: ")
	switch len(changed) {
	case 0:
		b.WriteString("build")
	case 1:
		fmt.Fprintf(&b, "%s changed: rebuild", changed[0])
	default:
		fmt.Fprintf(&b, "%s and %d more changed: rebuild", changed[0], len(changed)-1)
	}
	fmt.Fprintf(&b, " %s: ", took.Round(time.Millisecond))
	warnings := len(st.report.Warnings())
	if !st.failed() {
		fmt.Fprintf(&b, "%d files, %d warning(s)", len(st.files), warnings)
		return b.String()
	}
	errs := st.report.Errors()
	if len(errs) == 0 {
		fmt.Fprintf(&b, "failed: %s", oneLine(st.err.Error()))
		return b.String()
	}
	fmt.Fprintf(&b, "failed with %d error(s), %d warning(s): ", len(errs), warnings)
	const shown = 3
	for i, d := range errs[:min(len(errs), shown)] {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(oneLine(d.String()))
	}
	if len(errs) > shown {
		fmt.Fprintf(&b, "; and %d more on the page", len(errs)-shown)
	}
	return b.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Serve builds the site, then serves it on ln and rebuilds on every change
// under the root until ctx is done. It then shuts down: the listener is
// closed, event streams end, requests in flight get shutdownGrace to
// finish, and the watcher stops. A build still running is left to itself:
// it writes nothing, and one that never ends (a bug the catalog
// triggers) must not keep the server from stopping. It returns nil after
// a shutdown ctx asked for.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	// Watch before the first build, so an edit made during it is not lost.
	w, err := newWatcher(s.opts.Root, s.opts.Log)
	if err != nil {
		ln.Close()
		return err
	}
	s.listenOn(ln.Addr())
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if !s.rebuildUntil(ctx, nil) {
		ln.Close()
		w.fs.Close()
		s.close()
		return nil
	}

	watching := make(chan struct{})
	go func() {
		defer close(watching)
		w.run(ctx, quietPeriod{s.opts.QuietMin, s.opts.Quiet}, func(changed []string) { s.rebuildUntil(ctx, changed) })
	}()

	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	hs.RegisterOnShutdown(s.close)
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()

	select {
	case <-ctx.Done():
		err = nil
	case err = <-served:
	}
	shutdownCtx, stop := context.WithTimeout(context.Background(), shutdownGrace)
	defer stop()
	if serr := hs.Shutdown(shutdownCtx); serr != nil {
		hs.Close() // a request too slow to finish is cut off
		if err == nil && !errors.Is(serr, context.DeadlineExceeded) {
			err = serr
		}
	}
	s.close()
	cancel()
	<-watching
	return err
}

// shutdownGrace is how long Serve waits for requests in flight when it
// stops, so that Ctrl-C ends the server within a second.
const shutdownGrace = 500 * time.Millisecond

// rebuildUntil runs Rebuild(changed) and waits for it to end or for ctx
// to be done, whichever comes first; it reports whether the build ended.
// A build it stops waiting for goes on alone, and its outcome is still
// swapped in should it end; the next build waits for it.
func (s *Server) rebuildUntil(ctx context.Context, changed []string) bool {
	if ctx.Err() != nil {
		return false
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Rebuild(changed)
	}()
	select {
	case <-done:
		return true
	case <-ctx.Done():
		return false
	}
}

// close ends every event stream, now and to come.
func (s *Server) close() { s.once.Do(func() { close(s.done) }) }
