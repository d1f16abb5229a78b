package searchindex

import (
	"encoding/json"
	"strings"
	"testing"

	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/write"
)

// TestIndexOfEntriesAlone writes the index of two entries, made without a
// site: one assignment of a JSON object, the kinds and words in the
// messages' text, each entry's link made by the linker, with its
// fragment, and catalog text that cannot end the script.
func TestIndexOfEntriesAlone(t *testing.T) {
	entries := []*Entry{
		{Kind: 1, Title: "H100 </script>", Sub: "NVIDIA", Path: "gpus/h100/index.html", Names: []string{"h100 </script>", "h100"}, Text: "hopper"},
		{Kind: 0, Title: "Beijing", Path: "providers/ali/index.html", Frag: "region-cn-beijing", Names: []string{"beijing"}},
	}
	t9n := func(key string, _ ...any) string { return "<" + key + ">" }
	out := write.NewMemory()
	if err := Write(out, entries, []string{"provider", "gpu"}, pagemodel.Linker{Pretty: true}, t9n); err != nil {
		t.Fatal(err)
	}
	src := string(out.Files()[Path])
	body, ok := strings.CutPrefix(src[strings.Index(src, "window."):], "window.gpucompareSearch = ")
	if !ok || !strings.HasSuffix(body, ";\n") || strings.Contains(src, "</script>") {
		t.Fatalf("not one assignment, or catalog text not escaped:\n%s", src)
	}
	var index struct {
		Kinds []string          `json:"kinds"`
		M     map[string]string `json:"m"`
		E     [][]any           `json:"e"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSuffix(body, ";\n")), &index); err != nil {
		t.Fatal(err)
	}
	if strings.Join(index.Kinds, ",") != "<search.kind.provider>,<search.kind.gpu>" || index.M["none"] != "<search.none>" {
		t.Errorf("kinds %q, words %q", index.Kinds, index.M)
	}
	if len(index.E) != 2 || index.E[0][3] != "gpus/h100/" || index.E[1][3] != "providers/ali/#region-cn-beijing" || index.E[0][4] != "h100 </script>\nh100" {
		t.Errorf("entries %q", index.E)
	}
}
