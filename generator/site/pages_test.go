package site

import (
	"net/url"
	"strings"
	"testing"
)

// TestEscapePathEscapesEachSegment holds escapePath, with its shortcut
// for paths that need no escaping, to url.PathEscape of each segment.
func TestEscapePathEscapesEachSegment(t *testing.T) {
	paths := []string{"", "/", "index.html", "instances/aws/p5.48xlarge/index.html", "a b/c?d", "x;y,z/é", "%41", "a//b/", "\x00\xff"}
	for c := range 256 {
		paths = append(paths, "gpus/a"+string(rune(c))+"b/index.html", "p/"+string([]byte{byte(c)}))
	}
	for _, p := range paths {
		segs := strings.Split(p, "/")
		for i, s := range segs {
			segs[i] = url.PathEscape(s)
		}
		if got, want := escapePath(p), strings.Join(segs, "/"); got != want {
			t.Errorf("escapePath(%q) = %q, want %q", p, got, want)
		}
	}
}
