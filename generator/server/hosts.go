package server

import (
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// hostSet is the set of Host header values the server answers: the
// addresses it listens on and the host of its base URL. A browser sends
// the host of the URL it loaded, so a page whose own name an attacker has
// pointed at this machine (DNS rebinding) names that host, and is refused
// before it can read the preview.
type hostSet struct {
	// names holds "host:port" (IPs in canonical form, names in lower
	// case), and "host" alone where the port is the default one, which a
	// browser leaves out.
	names map[string]bool
	// anyPort accepts loopback names on any port: the set of a Server
	// used as a handler without Serve, which knows no listener.
	anyPort bool
}

// loopbackNames are the names of this machine on a loopback listener.
var loopbackNames = []string{"localhost", "127.0.0.1", "::1"}

// newHostSet returns the hosts of a server listening on addr (nil: not
// known, loopback names on any port) with base URL baseURL (may be empty).
func newHostSet(addr net.Addr, baseURL string) *hostSet {
	hs := &hostSet{names: map[string]bool{}}
	if tcp, ok := addr.(*net.TCPAddr); ok {
		port := strconv.Itoa(tcp.Port)
		for _, h := range listenerHosts(tcp.IP) {
			hs.add(h, port, "80")
		}
	} else {
		hs.anyPort = true
	}
	if u, err := url.Parse(baseURL); err == nil && u.Hostname() != "" {
		def := map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
		port := u.Port()
		if port == "" {
			port = def
		}
		hs.add(u.Hostname(), port, def)
	}
	return hs
}

// listenerHosts are the hosts a request to a listener on ip may name:
// loopback names for a loopback address, those and every interface
// address of the machine for an unspecified one (0.0.0.0, ::), else the
// address itself.
func listenerHosts(ip net.IP) []string {
	switch {
	case ip.IsLoopback():
		return loopbackNames
	case ip.IsUnspecified():
		hosts := append([]string(nil), loopbackNames...)
		addrs, _ := net.InterfaceAddrs()
		for _, a := range addrs {
			if ipnet, ok := a.(*net.IPNet); ok {
				hosts = append(hosts, ipnet.IP.String())
			}
		}
		return hosts
	}
	return []string{ip.String()}
}

// add admits host on port, and host alone when port is def, the port a
// URL without one means.
func (hs *hostSet) add(host, port, def string) {
	host = canonicalHost(host)
	hs.names[net.JoinHostPort(host, port)] = true
	if port == def {
		hs.names[host] = true
	}
}

// allows reports whether a request's Host header names this server.
func (hs *hostSet) allows(hostHeader string) bool {
	host, port, err := net.SplitHostPort(hostHeader)
	if err != nil {
		host, port = strings.TrimSuffix(strings.TrimPrefix(hostHeader, "["), "]"), ""
	}
	host = canonicalHost(host)
	if host == "" {
		return false
	}
	if hs.anyPort {
		for _, l := range loopbackNames {
			if host == l {
				return true
			}
		}
	}
	if port == "" {
		return hs.names[host]
	}
	return hs.names[net.JoinHostPort(host, port)]
}

// canonicalHost writes an IP address in its canonical form ("::1" for
// "0:0::1", an IPv4 address mapped in IPv6 as IPv4, no zone) and a name
// in lower case.
func canonicalHost(h string) string {
	if ip, err := netip.ParseAddr(h); err == nil {
		return ip.Unmap().WithZone("").String()
	}
	return strings.ToLower(h)
}
