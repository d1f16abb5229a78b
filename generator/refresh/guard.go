package refresh

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// Guard is where a refresh may connect: https URLs of the hosts that
// data/sources.yaml names, redirects and Azure's next-page links
// included, at public addresses only. The address is checked as it is
// dialled, after the name is resolved, so a name that resolves to a
// private address (DNS rebinding included) is refused too.
type Guard struct {
	hosts map[string]bool // host:port, lowercased
	// AllowAddr, a test hook, lets through an address the guard would
	// refuse (a test's own loopback server); nil in the command.
	AllowAddr func(netip.Addr) bool
	// TLS, a test hook, is the TLS configuration of the client (a test
	// server's certificate); nil uses the system's roots.
	TLS *tls.Config
	// DialAddr, a test hook, is the address dialled for the one asked
	// (host:port): a test's server in place of a provider's host; nil in
	// the command. The dialled address is checked all the same.
	DialAddr func(address string) string
}

// NewGuard allows the hosts of the URLs of s.
func NewGuard(s *Sources) *Guard {
	g := &Guard{hosts: map[string]bool{}}
	for _, src := range s.Sources {
		for _, f := range src.Files {
			if u, err := url.Parse(f.URL); err == nil {
				g.hosts[hostPort(u)] = true
			}
		}
	}
	return g
}

// RefusedError is a connection the guard does not make.
type RefusedError struct {
	What string // the URL or the address
	Why  string
}

func (e *RefusedError) Error() string { return "refused " + e.What + ": " + e.Why }

// hostPort is a URL's host and port (443 when the URL has none), lowercased.
func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "443"
	}
	return net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// Check refuses a URL that is not https or whose host sources.yaml does
// not name.
func (g *Guard) Check(u *url.URL) error {
	switch {
	case u.Scheme != "https":
		return &RefusedError{u.Redacted(), "not https: refresh downloads over https only"}
	case !g.hosts[hostPort(u)]:
		return &RefusedError{u.Redacted(), fmt.Sprintf("host %s is not named in %s: refresh connects only to the hosts of its urls", u.Host, SourcesFile)}
	}
	return nil
}

// maxRedirects bounds the redirects one download follows.
const maxRedirects = 10

// Client is an HTTP client that keeps to the guard: every request and
// redirect checked (Check), every address checked as it is dialled
// (refusedAddr), and no proxy.
func (g *Guard) Client() *http.Client {
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: g.control}
	dial := d.DialContext
	if g.DialAddr != nil {
		dial = func(ctx context.Context, network, address string) (net.Conn, error) {
			return d.DialContext(ctx, network, g.DialAddr(address))
		}
	}
	t := &http.Transport{
		DialContext:           dial,
		TLSClientConfig:       g.TLS,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          10,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   30 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	return &http.Client{
		Transport: t,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return fmt.Errorf("more than %d redirects", maxRedirects)
			}
			return g.Check(req.URL)
		},
	}
}

// control refuses to connect to a loopback, link-local, private,
// multicast or unspecified address.
func (g *Guard) control(network, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return &RefusedError{address, "not an address"}
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return &RefusedError{address, "not an IP address"}
	}
	ip = ip.Unmap()
	if why := refusedAddr(ip); why != "" && (g.AllowAddr == nil || !g.AllowAddr(ip)) {
		return &RefusedError{"address " + ip.String(), why + ": refresh connects to public addresses only"}
	}
	return nil
}

// sharedSpace is the carrier-grade NAT range (RFC 6598), private in
// effect.
var sharedSpace = netip.MustParsePrefix("100.64.0.0/10")

// refusedAddr says why ip is not a public address, or "".
func refusedAddr(ip netip.Addr) string {
	switch {
	case ip.IsLoopback():
		return "a loopback address"
	case ip.IsLinkLocalUnicast(), ip.IsLinkLocalMulticast():
		return "a link-local address"
	case ip.IsPrivate(), sharedSpace.Contains(ip):
		return "a private address"
	case ip.IsUnspecified():
		return "the unspecified address"
	case ip.IsMulticast(), ip.IsInterfaceLocalMulticast():
		return "a multicast address"
	}
	return ""
}

// refused reports whether err is a connection the guard did not make.
func refused(err error) (*RefusedError, bool) {
	var r *RefusedError
	return r, errors.As(err, &r)
}
