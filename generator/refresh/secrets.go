package refresh

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Secret is the key a source's API wants, read from an environment
// variable (in the nightly workflow, a repository secret) and sent with
// each request to the source's own hosts: as a query parameter or a
// header. sources.yaml names only the variable; the value never reaches a
// file, a log or an error message.
//
// A source whose API wants each request signed with an access key pair
// names the scheme in Sign (SignAliyunRPC, SignTC3) and the variable
// holding the key's id in IDEnv; Env then holds the key's secret. The
// request is signed on its way out, and neither the id nor the secret is
// written anywhere.
type Secret struct {
	Env    string // the environment variable holding the key (or a key pair's secret)
	Query  string // the query parameter the key is sent in, or ""
	Header string // the header the key is sent in, or ""
	Prefix string // written before the key in the header, such as "Bearer "
	Sign   string // the signature scheme of a key pair, or ""
	IDEnv  string // the environment variable holding the key pair's id
	// ProjectEnv, for SignHuaweiSDK only, is the environment variable
	// holding the account's project id, which a Huawei Cloud price
	// inquiry's body must name (project_id): it is added to the body on
	// its way out, as the key is, and written nowhere.
	ProjectEnv string
}

// The signature schemes of Secret.Sign.
const (
	// SignAliyunRPC is Alibaba Cloud's RPC signature (HMAC-SHA1, signature
	// version 1.0) of a GET whose query holds Action, Version and the
	// operation's parameters.
	SignAliyunRPC = "aliyun-rpc"
	// SignTC3 is Tencent Cloud's TC3-HMAC-SHA256 of a POST of a JSON body
	// (a file's body) to a URL whose query gives Action, Version and
	// Region: they are sent as the X-TC- headers instead.
	SignTC3 = "tc3"
	// SignHuaweiSDK is Huawei Cloud's SDK-HMAC-SHA256 (the API Gateway's
	// AK/SK signature) of a POST of a JSON body, with its X-Sdk-Date.
	SignHuaweiSDK = "huawei-sdk"
)

// pairSep joins a key pair's id and secret in the one value a secret
// passes on; the redactor hides each.
const pairSep = "\x00"

var envName = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`)

// check says what is wrong with a secret's fields, "" when nothing.
func (s *Secret) check() string {
	if s.Sign != "" {
		switch {
		case s.Sign != SignAliyunRPC && s.Sign != SignTC3 && s.Sign != SignHuaweiSDK:
			return fmt.Sprintf("secret sign %q: want %s, %s or %s", s.Sign, SignAliyunRPC, SignTC3, SignHuaweiSDK)
		case s.ProjectEnv != "" && (s.Sign != SignHuaweiSDK || !envName.MatchString(s.ProjectEnv)):
			return fmt.Sprintf("secret project_env %q: only a %s key pair names a project, in an environment variable such as GPUCOMPARE_HUAWEI_PROJECT_ID", s.ProjectEnv, SignHuaweiSDK)
		case !envName.MatchString(s.Env) || !envName.MatchString(s.IDEnv):
			return fmt.Sprintf("secret env %q, id_env %q: want the names of the environment variables holding the key pair's secret and id", s.Env, s.IDEnv)
		case s.Query != "" || s.Header != "" || s.Prefix != "":
			return "secret: a signed request sends no key as it is: want sign, env and id_env without query, header or prefix"
		}
		return ""
	}
	switch {
	case s.IDEnv != "" || s.ProjectEnv != "":
		return "secret id_env, project_env: only a key pair that signs requests (sign) has an id and a project"
	case !envName.MatchString(s.Env):
		return fmt.Sprintf("secret env %q: want the name of an environment variable such as GPUCOMPARE_GCP_API_KEY", s.Env)
	case (s.Query == "") == (s.Header == ""):
		return "secret: want one of query (the parameter the key goes in) or header (the header it goes in)"
	case s.Prefix != "" && s.Header == "":
		return "secret prefix: only a header key has a prefix"
	case s.Header != "" && !validHeader(s.Header):
		return fmt.Sprintf("secret header %q: want a header name such as Authorization", s.Header)
	case strings.ContainsAny(s.Prefix, "\r\n"):
		return "secret prefix: want one line of text such as \"Bearer \""
	}
	return ""
}

func validHeader(name string) bool {
	for _, c := range name {
		if !(c == '-' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return name != ""
}

// Lookup reads the secret's value from the environment: "" and false when
// the variable is unset or empty.
func (s *Secret) Lookup() (string, bool) {
	v := strings.TrimSpace(os.Getenv(s.Env))
	if s.Sign != "" {
		id := strings.TrimSpace(os.Getenv(s.IDEnv))
		if id == "" || v == "" {
			return "", false
		}
		if s.ProjectEnv != "" {
			project := strings.TrimSpace(os.Getenv(s.ProjectEnv))
			if project == "" {
				return "", false
			}
			return id + pairSep + v + pairSep + project, true
		}
		return id + pairSep + v, true
	}
	return v, v != ""
}

// Missing names the variables a secret reads, for a warning when one is
// unset.
func (s *Secret) Missing() string {
	if s.ProjectEnv != "" {
		return s.IDEnv + ", " + s.Env + " and " + s.ProjectEnv
	}
	if s.Sign != "" {
		return s.IDEnv + " and " + s.Env
	}
	return s.Env
}

// WithSecret gives a copy of client that adds the source's secret to each
// request to one of the hosts of src's files, and to no other host (a
// redirect elsewhere goes without it). The URLs the fetcher sees, keeps in
// its state file and prints never carry the key: it is added to a copy of
// each request on its way out, and every error that comes back has the
// value redacted.
func WithSecret(client *http.Client, src *Source, value string) *http.Client {
	if client == nil {
		client = http.DefaultClient
	}
	hosts := map[string]bool{}
	for _, f := range src.Files {
		if u, err := url.Parse(f.URL); err == nil {
			hosts[strings.ToLower(u.Host)] = true
		}
	}
	base := client.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	red := NewRedactor(value)
	c := *client
	c.Transport = &secretTransport{base: base, secret: src.Secret, value: value, hosts: hosts, red: red}
	return &c
}

// URL takes every secret value out of u: a query parameter holding one is
// dropped, and anywhere else the value is replaced.
func (r *Redactor) URL(u *url.URL) {
	if r == nil || len(r.forms) == 0 {
		return
	}
	q := u.Query()
	changed := false
	for k, vs := range q {
		for _, v := range vs {
			if r.String(v) != v || r.String(k) != k {
				q.Del(k)
				changed = true
				break
			}
		}
	}
	if changed {
		u.RawQuery = q.Encode()
	}
	if red := r.String(u.RawQuery); red != u.RawQuery {
		u.RawQuery = red
	}
	if red := r.String(u.Path); red != u.Path {
		u.Path, u.RawPath = red, ""
	}
	u.Fragment, u.RawFragment = r.String(u.Fragment), ""
	if u.User != nil {
		u.User = nil
	}
}

type secretTransport struct {
	base   http.RoundTripper
	secret *Secret
	value  string
	hosts  map[string]bool
	red    *Redactor
}

func (t *secretTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !t.hosts[strings.ToLower(req.URL.Host)] || req.URL.Scheme != "https" && req.URL.Scheme != "http" {
		resp, err := t.base.RoundTrip(req)
		return resp, t.red.Error(err)
	}
	out := req.Clone(req.Context())
	switch {
	case t.secret.Sign != "":
		if err := t.sign(out); err != nil {
			return nil, t.red.Error(err)
		}
	case t.secret.Query != "":
		q := out.URL.Query()
		q.Set(t.secret.Query, t.value)
		out.URL.RawQuery = q.Encode()
	default:
		out.Header.Set(t.secret.Header, t.secret.Prefix+t.value)
	}
	resp, err := t.base.RoundTrip(out)
	if resp != nil {
		resp.Request = req // the request without the key, for whoever prints its URL
		// The client reports a failed redirect with its Location as
		// given: one that echoes the key loses it here (the transport adds
		// it again to a request to the source's hosts).
		if loc := resp.Header.Get("Location"); t.red.String(loc) != loc {
			if u, perr := url.Parse(loc); perr == nil {
				t.red.URL(u)
				resp.Header.Set("Location", u.String())
			} else {
				resp.Header.Set("Location", t.red.String(loc))
			}
		}
	}
	return resp, t.red.Error(err)
}

// sign signs out with the key pair, at the time of the request.
func (t *secretTransport) sign(out *http.Request) error {
	id, secret, _ := strings.Cut(t.value, pairSep)
	secret, project, _ := strings.Cut(secret, pairSep)
	now := time.Now()
	switch t.secret.Sign {
	case SignAliyunRPC:
		if out.Method != http.MethodGet {
			return fmt.Errorf("%s %s: an %s signature signs a GET: want a file without a body", out.Method, out.URL.Redacted(), SignAliyunRPC)
		}
		nonce := make([]byte, 16)
		if _, err := rand.Read(nonce); err != nil {
			return err
		}
		signAliyunRPC(out.URL, id, secret, now, hex.EncodeToString(nonce))
	case SignTC3:
		payload, err := postBody(out, SignTC3)
		if err != nil {
			return err
		}
		out.Body = io.NopCloser(bytes.NewReader(payload))
		q := out.URL.Query()
		for _, k := range []string{"Action", "Version", "Region"} {
			if v := q.Get(k); v != "" {
				out.Header.Set("X-TC-"+k, v)
			}
		}
		out.URL.RawQuery = ""
		r := tc3Request{Method: out.Method, Host: out.URL.Host, ContentType: out.Header.Get("Content-Type"), Payload: payload, Timestamp: now.Unix()}
		out.Header.Set("X-TC-Timestamp", strconv.FormatInt(r.Timestamp, 10))
		out.Header.Set("Authorization", r.authorization(id, secret))
	case SignHuaweiSDK:
		payload, err := postBody(out, SignHuaweiSDK)
		if err != nil {
			return err
		}
		if project != "" {
			if payload, err = withProjectID(payload, project); err != nil {
				return fmt.Errorf("%s %s: %v", out.Method, out.URL.Redacted(), err)
			}
		}
		out.Body = io.NopCloser(bytes.NewReader(payload))
		out.ContentLength = int64(len(payload))
		date := now.UTC().Format(huaweiDateFormat)
		out.Header.Set("X-Sdk-Date", date)
		out.Header.Set("Authorization", huaweiAuthorization(out.Method, out.URL, date, payload, id, secret))
	}
	return nil
}

// postBody is the body of out, a POST whose JSON body a signature of
// scheme signs; an error names what it wants of any other request.
func postBody(out *http.Request, scheme string) ([]byte, error) {
	if out.Method != http.MethodPost || out.GetBody == nil {
		return nil, fmt.Errorf("%s %s: a %s signature signs a POST of a JSON body: want a file with a body", out.Method, out.URL.Redacted(), scheme)
	}
	body, err := out.GetBody()
	if err != nil {
		return nil, err
	}
	return io.ReadAll(body)
}

// Redactor replaces secret values in text with [redacted]: the value as
// it is, and as it reads once escaped in a URL's query or path.
type Redactor struct {
	forms []string
}

// Redacted is what a secret's value is replaced with.
const Redacted = "[redacted]"

// NewRedactor redacts the given values; empty ones are ignored.
func NewRedactor(values ...string) *Redactor {
	r := &Redactor{}
	r.Add(values...)
	return r
}

// Add redacts more values.
func (r *Redactor) Add(values ...string) {
	for _, v := range values {
		if id, secret, pair := strings.Cut(v, pairSep); pair {
			r.Add(id, secret) // a key pair's id and secret, each
			continue
		}
		if v == "" {
			continue
		}
		for _, f := range []string{v, url.QueryEscape(v), url.PathEscape(v)} {
			if !contains(r.forms, f) {
				r.forms = append(r.forms, f)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// String is s with every secret value replaced.
func (r *Redactor) String(s string) string {
	if r == nil {
		return s
	}
	for _, f := range r.forms {
		s = strings.ReplaceAll(s, f, Redacted)
	}
	return s
}

// Bytes is b with every secret value replaced, and whether one was.
func (r *Redactor) Bytes(b []byte) ([]byte, bool) {
	if r == nil {
		return b, false
	}
	found := false
	for _, f := range r.forms {
		if bytes.Contains(b, []byte(f)) {
			found = true
			b = bytes.ReplaceAll(b, []byte(f), []byte(Redacted))
		}
	}
	return b, found
}

// Error is err with every secret value replaced in its text; nil stays
// nil. Whatever the error wrapped (a url.Error echoing a URL with the key
// in its query) is not reachable through it.
func (r *Redactor) Error(err error) error {
	if err == nil || r == nil || len(r.forms) == 0 {
		return err
	}
	msg := err.Error()
	red := r.String(msg)
	if red == msg {
		return err
	}
	return redactedError{msg: red, timeout: isTimeout(err)}
}

type redactedError struct {
	msg     string
	timeout bool
}

func (e redactedError) Error() string { return e.msg }
func (e redactedError) Timeout() bool { return e.timeout }

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// Writer is w with every secret value replaced in what is written to it.
// Each Write is redacted on its own: the commands write whole lines.
func (r *Redactor) Writer(w io.Writer) io.Writer { return &redactWriter{w: w, r: r} }

type redactWriter struct {
	w io.Writer
	r *Redactor
}

func (w *redactWriter) Write(p []byte) (int, error) {
	out, _ := w.r.Bytes(p)
	if _, err := w.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// RedactFiles rewrites each of files that holds a secret value (a server
// that echoes the request's URL in its answer) with the value replaced,
// so no saved copy keeps a key.
func (r *Redactor) RedactFiles(files []string) error {
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		out, found := r.Bytes(data)
		if !found {
			continue
		}
		if err := writeFile(f, out); err != nil {
			return fmt.Errorf("%s: %v", filepath.Base(f), err)
		}
	}
	return nil
}

// parseSecret reads a source's secret: a mapping of env and query, or of
// env, header and an optional prefix.
func parseSecret(n *yaml.Node, at func(*yaml.Node, string, ...any) error) (*Secret, error) {
	if n.Kind != yaml.MappingNode {
		return nil, at(n, "secret: want a mapping with env and query, or env and header")
	}
	s := &Secret{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if v.Kind != yaml.ScalarNode {
			return nil, at(v, "secret %s: want text", k.Value)
		}
		switch k.Value {
		case "env":
			s.Env = v.Value
		case "query":
			s.Query = v.Value
		case "header":
			s.Header = v.Value
		case "prefix":
			s.Prefix = v.Value
		case "sign":
			s.Sign = v.Value
		case "id_env":
			s.IDEnv = v.Value
		case "project_env":
			s.ProjectEnv = v.Value
		default:
			return nil, at(k, "secret: unknown field %q: want env, query, header, prefix, sign, id_env or project_env", k.Value)
		}
	}
	if msg := s.check(); msg != "" {
		return nil, at(n, "%s", msg)
	}
	return s, nil
}
