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
//   - draft first: after an edit, when pages are open and Options.Draft
//     is set, the pages open are rendered before the rest (a draft) and
//     swapped in as the new build, and the open pages reload at once;
//     the whole site is built after, and swapped in under the same build
//     id. Meanwhile a request for a file the draft lacks waits for the
//     whole build, so a page is always of the latest build, never of the
//     one before it, and no page mixes two builds;
//   - watch: a change under data/, content/, templates/ or static/ of the
//     root, once the burst of file events it makes has settled (a short
//     quiet time after a single write, longer while writes keep coming),
//     starts the next build (watch.go).
//
// The server never writes a file; how a site is built is the BuildFunc's
// business, so a faster builder can take the place of Rebuild.
package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"runtime/debug"
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
// only the files whose bytes changed (and of a price file edited again,
// only the prices whose text changed: catalog.Loader), keeps the parsed templates while
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

// DraftFunc renders the pages at the output paths pages
// ("compare/index.html"), the pages open in a browser, after an edit of
// the paths changed, and what they need beside them: the first files of
// the build that the next call of the BuildFunc makes, each equal to that
// build's. It gives false when it drafted nothing, for the BuildFunc to
// build everything as without a draft.
type DraftFunc func(changed, pages []string) (site.Files, bool)

// Drafting returns a BuildFunc as Rebuild does and the DraftFunc that goes
// with it, of one site.Rebuilder: the draft renders the pages open from
// the catalog as it is now (site.Rebuilder.Draft), and the build that
// follows builds the whole site of the same catalog.
func Drafting(fsys fs.FS, opts site.Options) (BuildFunc, DraftFunc) {
	r := site.NewRebuilder(fsys, opts)
	return func(changed []string) (site.Files, catalog.Report, error) {
			return r.RebuildChanged(changed)
		}, func(changed, pages []string) (site.Files, bool) {
			return r.Draft(changed, pages)
		}
}

// Options configure a Server.
type Options struct {
	// Root is the site root whose data/, content/, templates/ and static/
	// are watched.
	Root string
	// Build makes the site; see BuildFunc.
	Build BuildFunc
	// Draft, when set, renders the pages open before Build builds the
	// site after an edit; see DraftFunc and the package comment.
	Draft DraftFunc
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
	// building is open while the state is a draft, the files of the
	// pages open alone, and closed once the whole build is swapped in.
	building chan struct{}
}

func (st *state) failed() bool { return st.files == nil }

// latest is the state a request is answered from when it asks for path
// (a URL path) in st: st, unless st is a draft without the file, then
// the state that follows the draft, once built; nil when ctx ends or the
// server shuts down first.
func (s *Server) latest(ctx context.Context, st *state, urlPath string) *state {
	for st.building != nil {
		if _, _, status := lookup(st.files, urlPath); status != http.StatusNotFound {
			return st
		}
		select {
		case <-st.building:
			st = s.state.Load()
		case <-ctx.Done():
			return nil
		case <-s.done: // shutting down: the build may never end
			return nil
		}
	}
	return st
}

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
// page to reload. changed is passed on to the BuildFunc. After an edit
// (changed not nil), the pages open are drafted first (Options.Draft):
// they reload as soon as they are rendered, and the whole build that
// follows keeps the draft's build id when its files are the draft's.
func (s *Server) Rebuild(changed []string) {
	s.buildMu.Lock()
	defer s.buildMu.Unlock()
	prev := s.state.Load()
	draft := s.draft(changed, prev)
	start := time.Now()
	files, report, err := s.safeBuild(changed)
	took := time.Since(start)

	if draft == nil || !sameFiles(draft.files, files) {
		// A draft that differs from its build (the build failed) is
		// followed by a build of its own.
		s.builds++
	}
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
	if draft != nil {
		close(draft.building)
		if next.id == draft.id {
			return // the pages open are of this build already
		}
	}
	s.clients.broadcast()
}

// draft renders the pages open after an edit of changed (Options.Draft),
// swaps them in as the next build, and tells the open pages to reload. It
// returns that state, or nil when it drafted nothing: for the first
// build, a site that did not build last time, no page open, or a draft
// that gave false.
func (s *Server) draft(changed []string, prev *state) *state {
	if s.opts.Draft == nil || changed == nil || prev.failed() {
		return nil
	}
	pages := s.clients.pages()
	if len(pages) == 0 {
		return nil
	}
	start := time.Now()
	files, ok := s.safeDraft(changed, pages)
	if !ok {
		return nil
	}
	s.builds++
	st := &state{id: s.buildID(s.builds), files: files, lastGood: prev.lastGood, building: make(chan struct{})}
	s.state.Store(st)
	fmt.Fprintf(s.opts.Log, "gpucompare serve: %s: %d open page(s) drafted %s\n", changedWords(changed), len(pages), time.Since(start).Round(time.Millisecond))
	s.clients.broadcast()
	return st
}

// safeDraft runs the DraftFunc, turning a panic into no draft: the build
// that follows says what is wrong. The garbage collector waits meanwhile:
// what the draft lets go of (tens of MB for a page or two) is collected
// during the whole build after it, not before the pages open reload.
func (s *Server) safeDraft(changed, pages []string) (files site.Files, ok bool) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer func() {
		if r := recover(); r != nil {
			files, ok = nil, false
		}
	}()
	return s.opts.Draft(changed, pages)
}

// sameFiles reports whether each file of draft is in files with the same
// bytes.
func sameFiles(draft, files site.Files) bool {
	if files == nil {
		return false
	}
	for p, data := range draft {
		if got, ok := files[p]; !ok || !bytes.Equal(got, data) {
			return false
		}
	}
	return true
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
	if len(changed) == 0 {
		b.WriteString("build")
	} else {
		b.WriteString(changedWords(changed) + ": rebuild")
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

// changedWords says what changed: "data/x.yaml changed", "data/x.yaml
// and 2 more changed".
func changedWords(changed []string) string {
	if len(changed) == 1 {
		return changed[0] + " changed"
	}
	return fmt.Sprintf("%s and %d more changed", changed[0], len(changed)-1)
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
