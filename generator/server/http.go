package server

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site"
)

// prefix is the URL path of the server's own files, kept apart from the
// site's.
const prefix = "/__gpucompare/"

// assets are the server's own files: the reload script and the error page.
//
//go:embed assets
var assets embed.FS

var errorPage = template.Must(template.ParseFS(assets, "assets/error.html"))

// ServeHTTP serves the current build: the site's files from memory, a
// folder as its index.html, an unknown path as the site's 404.html with
// status 404, and, while the site does not build, an error page for every
// HTML page. Each HTML response gets the reload script. Nothing may be
// cached: a file can change with the next build.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if !s.hosts.Load().allows(r.Host) {
		http.Error(w, fmt.Sprintf("host %q is not an address of this server: open the URL gpucompare serve printed, or name this host with -base-url", r.Host), http.StatusForbidden)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	switch r.URL.Path {
	case prefix + "events":
		s.events(w, r)
		return
	case prefix + "livereload.js", prefix + "error.css":
		data, _ := assets.ReadFile("assets/" + path.Base(r.URL.Path))
		serveBytes(w, r, http.StatusOK, path.Base(r.URL.Path), data)
		return
	}

	// One build for the whole request: the latest, or the one a draft
	// of it is followed by when the draft lacks the file.
	st := s.latest(r.Context(), s.state.Load(), r.URL.Path)
	if st == nil {
		return // the request went away while the site was being built
	}
	name, data, status := lookup(st.files, r.URL.Path)
	if st.failed() {
		if isPage(r.URL.Path) {
			serveBytes(w, r, http.StatusInternalServerError, "error.html", injectScript(renderError(st), st.id))
			return
		}
		// A stylesheet or script the page still asks for.
		name, data, status = lookup(st.lastGood, r.URL.Path)
	}
	switch status {
	case http.StatusMovedPermanently:
		// name is the folder's clean path: the redirect is a path on this
		// server, "/" and a segment, never "//host" or "/\host".
		to := url.URL{Path: "/" + name + "/", RawQuery: r.URL.RawQuery}
		http.Redirect(w, r, to.String(), http.StatusFound)
		return
	case http.StatusNotFound:
		nf, ok := st.files["404.html"] // none while the site does not build
		if !ok {
			http.Error(w, "404 page not found", http.StatusNotFound)
			return
		}
		name, data = "404.html", nf
	}
	if path.Ext(name) == ".html" {
		setFraming(w.Header(), data)
		data = injectScript(data, st.id)
	}
	serveBytes(w, r, status, name, data)
}

// embedBody is how an embed page (/embed/<chart>/ of an edition) begins
// its body: the only pages another site may frame.
var embedBody = []byte(`<body class="kind-embed">`)

// setFraming says in h who may frame the page: any site an embed page
// (frame-ancestors *), no site any other (frame-ancestors 'none', and
// X-Frame-Options for browsers without it). A meta
// Content-Security-Policy cannot say it: browsers take frame-ancestors
// from a header only. The page's own policy stays in its meta element;
// this header policy adds to it.
func setFraming(h http.Header, page []byte) {
	if bytes.Contains(page, embedBody) {
		h.Set("Content-Security-Policy", "frame-ancestors *")
		return
	}
	h.Set("Content-Security-Policy", "frame-ancestors 'none'")
	h.Set("X-Frame-Options", "DENY")
}

// lookup finds the file a URL path names in files: the file itself, or
// the index.html of a folder. A folder named without its trailing slash
// gives status 301 and its clean path (no leading slash) as name, so the
// caller can redirect to it and relative links in its page resolve.
func lookup(files site.Files, urlPath string) (name string, data []byte, status int) {
	p := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if p == "" || strings.HasSuffix(urlPath, "/") {
		name = path.Join(p, "index.html")
		if data, ok := files[name]; ok {
			return name, data, http.StatusOK
		}
		return "", nil, http.StatusNotFound
	}
	if data, ok := files[p]; ok {
		return p, data, http.StatusOK
	}
	if _, ok := files[p+"/index.html"]; ok {
		return p, nil, http.StatusMovedPermanently
	}
	return "", nil, http.StatusNotFound
}

// isPage tells a URL path that asks for an HTML page: a folder, an .html
// file, or a path without an extension.
func isPage(urlPath string) bool {
	ext := path.Ext(urlPath)
	return strings.HasSuffix(urlPath, "/") || ext == "" || ext == ".html"
}

// serveBytes writes one file with its content type. A 200 goes through
// http.ServeContent, which answers HEAD and range requests.
func serveBytes(w http.ResponseWriter, r *http.Request, status int, name string, data []byte) {
	w.Header().Set("Content-Type", contentType(name))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if status == http.StatusOK {
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
		return
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

// types are the content types of what a build writes, fixed here rather
// than taken from the machine's MIME tables, which differ.
var types = map[string]string{
	".html":  "text/html; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".json":  "application/json",
	".xml":   "application/xml",
	".csv":   "text/csv; charset=utf-8",
	".txt":   "text/plain; charset=utf-8",
	".md":    "text/plain; charset=utf-8",
	".svg":   "image/svg+xml",
	".png":   "image/png",
	".jpg":   "image/jpeg",
	".ico":   "image/x-icon",
	".woff2": "font/woff2",
	".woff":  "font/woff",
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := types[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// injectScript adds the reload script to an HTML page, tagged with the id
// of the build the page comes from: before </head>, else before </body>,
// else at the end. Catalog text cannot hold either tag, since the site
// escapes it, so the first </head> is the page's own.
func injectScript(page []byte, buildID string) []byte {
	tag := `<script src="` + prefix + `livereload.js" data-build="` + template.HTMLEscapeString(buildID) + `" defer></script>` + "\n"
	at := indexFold(page, "</head>")
	if at < 0 {
		at = lastIndexFold(page, "</body>")
	}
	if at < 0 {
		at = len(page)
	}
	out := make([]byte, 0, len(page)+len(tag))
	out = append(out, page[:at]...)
	out = append(out, tag...)
	return append(out, page[at:]...)
}

// indexFold and lastIndexFold find a lower-case ASCII tag in any case;
// the common lower-case one is found without copying the page.
func indexFold(b []byte, tag string) int {
	if i := bytes.Index(b, []byte(tag)); i >= 0 {
		return i
	}
	return bytes.Index(asciiLower(b), []byte(tag))
}

func lastIndexFold(b []byte, tag string) int {
	return bytes.LastIndex(asciiLower(b), []byte(tag))
}

// asciiLower lowers A-Z only, so byte offsets stay those of b.
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// errorView is what the error page shows.
type errorView struct {
	Errors, Warnings catalog.Report
	Err              string // a failure without a position, when there are no errors
}

// renderError renders the error page of a failed build.
func renderError(st *state) []byte {
	v := errorView{Errors: st.report.Errors(), Warnings: st.report.Warnings()}
	if len(v.Errors) == 0 && st.err != nil {
		v.Err = st.err.Error()
	}
	var b bytes.Buffer
	if err := errorPage.Execute(&b, v); err != nil {
		// The template is the server's own and tested; should it still
		// fail, say so as text.
		return []byte(template.HTMLEscapeString("the error page failed: " + err.Error()))
	}
	return b.Bytes()
}
