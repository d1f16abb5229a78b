package refresh

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gpucompare/generator/rootfs"
)

// Fetcher downloads price lists into a cache folder. Each GET has a time
// limit; a network error, a truncated body, a 429 or a 5xx is tried again
// up to Retries times with a growing wait; a saved copy is asked for with
// its ETag and Last-Modified, and a 304 keeps it.
type Fetcher struct {
	Client *http.Client
	// Timeout limits each attempt, body included.
	Timeout time.Duration
	// Retries is how many times a failed attempt is tried again.
	Retries int
	// Backoff is the wait before retry n (1, 2, …).
	Backoff func(n int) time.Duration
	// MaxSize is the largest body read; a larger one is an error.
	MaxSize int64
	// Progress gets one line per attempt, and while a body arrives a line
	// of the bytes read so far every ProgressEvery (none when 0).
	Progress      io.Writer
	ProgressEvery time.Duration
	// State holds the validators of the saved copies.
	State *State
	// UserAgent names the program to the server.
	UserAgent string
	// Guard, when set, refuses every URL it does not allow (Guard.Check),
	// the first, a next page's and, in a client of Guard.Client, each
	// redirect; a refusal is never tried again.
	Guard *Guard
}

// DefaultBackoff waits 1s, 2s, 4s … up to a minute.
func DefaultBackoff(n int) time.Duration {
	d := time.Second << min(n-1, 6)
	return min(d, time.Minute)
}

// State is the cache's state file: the validators of each saved copy, by
// URL.
type State struct {
	Files map[string]Validators `json:"files"`
}

// Validators are what a server said of a saved copy, for a conditional
// request next time.
type Validators struct {
	File         string `json:"file"` // the copy, relative to the cache folder
	ETag         string `json:"etag,omitempty"`
	LastModified string `json:"last_modified,omitempty"`
}

// StateFile is the state file's name in the cache folder.
const StateFile = "state.json"

// LoadState reads the state file of a cache folder; a missing one is an
// empty state.
func LoadState(cache string) (*State, error) {
	s := &State{Files: map[string]Validators{}}
	data, err := os.ReadFile(filepath.Join(cache, StateFile))
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("%s: %v: delete it to download everything again", filepath.Join(cache, StateFile), err)
	}
	if s.Files == nil {
		s.Files = map[string]Validators{}
	}
	return s, nil
}

// Save writes the state file into the cache folder.
func (s *State) Save(cache string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(filepath.Join(cache, StateFile), append(data, '\n'))
}

// Result is what a fetch did.
type Result struct {
	NotModified bool  // the server answered 304: the saved copy stands
	Size        int64 // the bytes of the copy downloaded (0 when not modified)
}

// errRetry marks a failure worth another attempt; after is the wait the
// server asked for, if any.
type errRetry struct {
	err   error
	after time.Duration
}

// maxRetryAfter bounds the wait a server's Retry-After can ask for.
const maxRetryAfter = 2 * time.Minute

// retryAfter reads a Retry-After of seconds, up to maxRetryAfter.
func retryAfter(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || secs < 0 {
		return 0
	}
	return min(time.Duration(secs)*time.Second, maxRetryAfter)
}

func (e errRetry) Error() string { return e.err.Error() }

// Fetch downloads rawURL into cache/rel, asking with the saved copy's
// validators when the copy is still there.
func (f *Fetcher) Fetch(ctx context.Context, rawURL, cache, rel string) (Result, error) {
	return f.FetchBody(ctx, rawURL, "", cache, rel)
}

// FetchBody is Fetch with a POST of the JSON body when body is not ""
// (an API that answers a query, such as GraphQL): the same guard, limits
// and retries, but no conditional request, and no validators kept.
func (f *Fetcher) FetchBody(ctx context.Context, rawURL, body, cache, rel string) (Result, error) {
	dest := filepath.Join(cache, filepath.FromSlash(rel))
	method := http.MethodGet
	if body != "" {
		method = http.MethodPost
	}
	var err error
	for attempt := 0; ; attempt++ {
		var res Result
		res, err = f.try(ctx, rawURL, body, dest, rel)
		var retry errRetry
		if err == nil || !errors.As(err, &retry) || attempt >= f.Retries {
			if err != nil && attempt > 0 {
				err = fmt.Errorf("%w (after %d attempts)", err, attempt+1)
			}
			return res, err
		}
		wait := time.Second
		if f.Backoff != nil {
			wait = f.Backoff(attempt + 1)
		}
		wait = max(wait, retry.after)
		f.progress("%s %s: %v; retry %d of %d in %s", method, rawURL, err, attempt+1, f.Retries, wait)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return Result{}, fmt.Errorf("%w: %v", err, ctx.Err())
		case <-t.C:
		}
	}
}

func (f *Fetcher) progress(format string, args ...any) {
	if f.Progress != nil {
		fmt.Fprintf(f.Progress, format+"\n", args...)
	}
}

func (f *Fetcher) try(ctx context.Context, rawURL, body, dest, rel string) (Result, error) {
	parent := ctx
	if f.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.Timeout)
		defer cancel()
	}
	method := http.MethodGet
	var reqBody io.Reader
	if body != "" {
		method, reqBody = http.MethodPost, strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, rawURL, reqBody)
	if err != nil {
		return Result{}, fmt.Errorf("%s %s: %v", method, rawURL, err)
	}
	if f.Guard != nil {
		if err := f.Guard.Check(req.URL); err != nil {
			return Result{}, fmt.Errorf("%s %s: %v", method, rawURL, err)
		}
	}
	if f.UserAgent != "" {
		req.Header.Set("User-Agent", f.UserAgent)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	v, known := f.State.Files[rawURL]
	if known && v.File == rel && body == "" {
		if st, err := os.Stat(dest); err == nil && st.Mode().IsRegular() {
			if v.ETag != "" {
				req.Header.Set("If-None-Match", v.ETag)
			}
			if v.LastModified != "" {
				req.Header.Set("If-Modified-Since", v.LastModified)
			}
		}
	}
	client := f.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		if parent.Err() != nil {
			return Result{}, fmt.Errorf("%s %s: stopped: %v", method, rawURL, parent.Err())
		}
		if r, ok := refused(err); ok {
			return Result{}, fmt.Errorf("%s %s: %v", method, rawURL, r)
		}
		if ctx.Err() != nil {
			err = fmt.Errorf("no answer within %s", f.Timeout)
		}
		return Result{}, errRetry{err: fmt.Errorf("%s %s: %v", method, rawURL, err)}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotModified && req.Header.Get("If-None-Match")+req.Header.Get("If-Modified-Since") != "":
		f.progress("%s %s: 304 not modified: keeping %s", method, rawURL, rel)
		return Result{NotModified: true}, nil
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return Result{}, errRetry{err: fmt.Errorf("%s %s: the server answered %s", method, rawURL, resp.Status), after: retryAfter(resp)}
	case resp.StatusCode != http.StatusOK:
		return Result{}, fmt.Errorf("%s %s: the server answered %s: want 200 OK; check the url in %s", method, rawURL, resp.Status, SourcesFile)
	}
	if f.MaxSize > 0 && resp.ContentLength > f.MaxSize {
		return Result{}, fmt.Errorf("%s %s: %s is larger than the size cap %s: raise max_size in %s", method, rawURL, rootfs.FormatSize(resp.ContentLength), rootfs.FormatSize(f.MaxSize), SourcesFile)
	}
	n, err := f.save(resp, dest)
	if err != nil {
		if parent.Err() != nil {
			return Result{}, fmt.Errorf("%s %s: stopped: %v", method, rawURL, parent.Err())
		}
		if ctx.Err() != nil {
			err = fmt.Errorf("the body did not arrive within %s", f.Timeout)
		}
		var capErr errCap
		if errors.As(err, &capErr) {
			return Result{}, fmt.Errorf("%s %s: %v", method, rawURL, err)
		}
		return Result{}, errRetry{err: fmt.Errorf("%s %s: %v", method, rawURL, err)}
	}
	if body == "" {
		f.State.Files[rawURL] = Validators{File: rel, ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified")}
	}
	f.progress("%s %s: 200 OK, %s saved as %s", method, rawURL, rootfs.FormatSize(n), rel)
	return Result{Size: n}, nil
}

type errCap struct{ size int64 }

func (e errCap) Error() string {
	return fmt.Sprintf("the body is larger than the size cap %s: raise max_size in %s", rootfs.FormatSize(e.size), SourcesFile)
}

// save writes the body to dest through a temporary file, so a failed
// download leaves the old copy whole.
func (f *Fetcher) save(resp *http.Response, dest string) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".*.tmp")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	body := io.Reader(resp.Body)
	if f.MaxSize > 0 {
		body = io.LimitReader(resp.Body, f.MaxSize+1)
	}
	if f.Progress != nil && f.ProgressEvery > 0 {
		body = &progressReader{r: body, f: f, url: resp.Request.URL.String(), total: resp.ContentLength, last: time.Now()}
	}
	n, err := io.Copy(tmp, body)
	if err == nil && f.MaxSize > 0 && n > f.MaxSize {
		err = errCap{f.MaxSize}
	}
	if err == nil && resp.ContentLength >= 0 && n != resp.ContentLength {
		err = fmt.Errorf("the body was cut short: %d of %d bytes", n, resp.ContentLength)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		err = fmt.Errorf("the body was cut short: %d of %d bytes", n, resp.ContentLength)
	}
	if err != nil {
		tmp.Close()
		return n, err
	}
	if err := tmp.Close(); err != nil {
		return n, err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return n, err
	}
	return n, os.Rename(tmp.Name(), dest)
}

// progressReader says how much of a body has arrived, at most once every
// ProgressEvery.
type progressReader struct {
	r     io.Reader
	f     *Fetcher
	url   string
	n     int64
	total int64
	last  time.Time
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.n += int64(n)
	if now := time.Now(); now.Sub(p.last) >= p.f.ProgressEvery {
		p.last = now
		if p.total > 0 {
			p.f.progress("GET %s: %s of %s (%d%%)", p.url, rootfs.FormatSize(p.n), rootfs.FormatSize(p.total), p.n*100/p.total)
		} else {
			p.f.progress("GET %s: %s", p.url, rootfs.FormatSize(p.n))
		}
	}
	return n, err
}

// writeFile writes data to path through a temporary file renamed into
// place.
func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// NextPage gives the NextPageLink of a saved Azure Retail Prices page, ""
// on the last page.
func NextPage(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	var page struct {
		NextPageLink *string `json:"NextPageLink"`
	}
	if err := json.Unmarshal(data, &page); err != nil {
		return "", fmt.Errorf("%s: not an Azure Retail Prices page: %v", file, err)
	}
	if page.NextPageLink == nil {
		return "", nil
	}
	return *page.NextPageLink, nil
}
