package render

import (
	"os"
	"testing"

	"gpucompare/generator/catalog"
)

// TestNetworkWorded: an instance's network of a form the providers write
// again and again is worded in Chinese, its figures kept; another form
// stays the catalog's words, marked as English; English shows the
// catalog's words as they are.
func TestNetworkWorded(t *testing.T) {
	warn := func(catalog.Pos, string, ...any) {}
	zh, err := LoadMessages(os.DirFS("../../../templates"), "zh-CN", warn)
	if err != nil {
		t.Fatal(err)
	}
	en, err := LoadMessages(os.DirFS("../../../templates"), "en", warn)
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string][2]string{
		"15/3 Gbit/s max/assured":      {"最高 15 Gbit/s，保证 3 Gbit/s", "15/3 Gbit/s max/assured"},
		"up to 25 Gbit/s":              {"最高 25 Gbit/s", "up to 25 Gbit/s"},
		"400 Gbit/s (4 x 100, EFA)":    {`<span lang="en">400 Gbit/s (4 x 100, EFA)</span>`, "400 Gbit/s (4 x 100, EFA)"},
		"8/3.2 Gbit/s max/assured <b>": {`<span lang="en">8/3.2 Gbit/s max/assured &lt;b&gt;</span>`, "8/3.2 Gbit/s max/assured &lt;b&gt;"},
	} {
		if got := string(networkText(zh, in)); got != want[0] {
			t.Errorf("zh %q = %q, want %q", in, got, want[0])
		}
		if got := string(networkText(en, in)); got != want[1] {
			t.Errorf("en %q = %q, want %q", in, got, want[1])
		}
	}
}
